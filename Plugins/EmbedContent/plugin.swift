import Foundation
import PackagePlugin

/// Embeds the package's Content/ folder into the target that uses this plugin (the `capdoc`
/// command), as the generated `EmbeddedContent.swift`. Every Content file is an input of the
/// command, so editing Content rebuilds the embedded copy.
@main
struct EmbedContent: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let content = context.package.directoryURL.appendingPathComponent("Content")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedContent.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil) {
            for case let url as URL in walker { inputs.append(url) }
        }
        return [
            .buildCommand(
                displayName: "Embedding the shipped Content into \(target.name)",
                executable: try context.tool(named: "capdoc-embed").url,
                arguments: [content.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
