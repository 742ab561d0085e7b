import Foundation
import PackagePlugin

/// Embeds the package's Content/ and Templates/ folders into the target that uses this plugin (the
/// `capdoc` command), as the generated `EmbeddedContent.swift` and `EmbeddedTemplates.swift`. Every
/// file of each folder is an input of its command, so editing one rebuilds the embedded copy.
@main
struct EmbedContent: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        try [("Content", "EmbeddedContent"), ("Templates", "EmbeddedTemplates")].map { folder, enumName in
            let source = context.package.directoryURL.appendingPathComponent(folder)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(enumName + ".swift")
            var inputs: [URL] = []
            if let walker = FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil) {
                for case let url as URL in walker { inputs.append(url) }
            }
            return .buildCommand(
                displayName: "Embedding the shipped \(folder) into \(target.name)",
                executable: try context.tool(named: "capdoc-embed").url,
                arguments: [source.path, output.path, enumName],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        }
    }
}
