import ArgumentParser
import CapdocKit
import Foundation

extension OutputFormat: ExpressibleByArgument {}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Checks Content/ and builds the outputs into _site/.",
        discussion: "Writes nothing when the check finds errors. The output folder is replaced atomically; a folder capdoc did not make is never replaced."
    )

    @OptionGroup var contentFolder: ContentFolderOptions

    @Option(help: "The output folder.")
    var output: String = "_site"

    @Option(
        help:
            "A folder of templates for the site (page.mustache, style.css; search.js and platforms.js optional); the templates built into capdoc when not given."
    )
    var templates: String?

    @Option(parsing: .upToNextOption, help: "The formats to build (\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))); all by default.")
    var format: [OutputFormat] = []

    @Flag(help: "Indent capdoc.json for people to read (it is compact by default, for tools to load).")
    var pretty = false

    func run() throws {
        let start = Date()
        // A format named twice is built once (`--format json --format json` wrote every file twice
        // and failed, blaming Content's ids).
        let formats = format.isEmpty ? OutputFormat.allCases : OutputFormat.allCases.filter(format.contains)
        // capdoc(1) is written from the commands' own help, whichever way the man pages are built (build, Scripts/install).
        let builder = Builder(
            formats: formats, templates: templates ?? EmbeddedSiteTemplates.root,
            templateFiles: templates == nil ? EmbeddedSiteTemplates.fileSystem : DiskFileSystem(),
            describeTool: CommandDescription.tool(describing:), prettyDataset: pretty)
        let outcome: Builder.Outcome
        do {
            outcome = try builder.build(contentAt: contentFolder.content, into: output)
        } catch {
            Terminal.errorLine("error: \(error)")
            throw ExitCode(ExitStatus.contentErrors)
        }
        let renderer = DiagnosticRenderer(colour: Terminal.colourAllowed(for: 2))
        Terminal.error(renderer.human(outcome.report.diagnostics), .styled)
        guard let written = outcome.written else {
            Terminal.errorLine("error: not building: \(outcome.report.errorCount) errors in '\(contentFolder.content)'; '\(output)' was left as it was")
            throw ExitCode(ExitStatus.contentErrors)
        }
        let seconds = Date().timeIntervalSince(start)
        Terminal.write("built \(written.files) files, \(written.bytes) bytes into \(DisplayText.line(output)) in \(String(format: "%.2f", seconds)) s\n")
        Terminal.exitWithoutCleanup(0)
    }
}
