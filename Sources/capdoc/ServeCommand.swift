import ArgumentParser
import CapdocKit
import CapdocServe
import Dispatch
import Foundation

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Builds the site into memory, serves it, and rebuilds it as Content changes.",
        discussion: """
            Watches the content folder (and --templates), rebuilds after each save and reloads the pages open in a browser. \
            When the check finds errors, every page shows them above the last good build until they are fixed. \
            Listens on the loopback address only, unless --host names another. Ctrl-C stops it.
            """
    )

    @OptionGroup var contentFolder: ContentFolderOptions

    @Option(
        help: "A folder of templates for the site, watched like Content; the templates built into capdoc when not given.")
    var templates: String?

    @Option(help: "The port to listen on (0: any free port, printed when listening).")
    var port: Int = 8080

    @Option(help: "The address to listen on. Another than the loopback address serves the site to the network.")
    var host: String = "127.0.0.1"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: contentFolder.content, isDirectory: &isDirectory), isDirectory.boolValue else {
            Terminal.errorLine("error: no content folder at '\(contentFolder.content)'; pass --content DIR")
            throw ExitCode(ExitStatus.contentErrors)
        }
        // The same Builder as `capdoc build` with every format: the bytes served are the bytes built.
        let builder = Builder(
            formats: OutputFormat.allCases, templates: templates ?? EmbeddedSiteTemplates.root,
            templateFiles: templates == nil ? EmbeddedSiteTemplates.fileSystem : DiskFileSystem(),
            describeTool: CommandDescription.tool(describing:))
        let server = SiteServer(
            compiler: SiteCompiler(content: contentFolder.content, builder: builder),
            watched: [contentFolder.content] + (templates.map { [$0] } ?? []), host: host, port: port)
        let finished = Finished()
        let colour = Terminal.colourAllowed(for: 2)
        let content = contentFolder.content
        Task {
            do {
                try await server.run { event in
                    switch event {
                    case .listening(let url):
                        Terminal.write("serving '\(DisplayText.line(content))' at \(url) (Ctrl-C stops)\n")
                    case .rebuilt(let outcome, let seconds):
                        // The errors in the terminal too, as `capdoc check` prints them; warnings only in the pages,
                        // where they do not scroll the terminal at every save.
                        if outcome.errorCount > 0 { Terminal.error(outcome.diagnostics) }
                        let time = seconds > 0 ? String(format: " in %.2f s", seconds) : ""
                        Terminal.error("\(colour ? "\u{1B}[1m" : "")\(outcome.summary)\(time)\(colour ? "\u{1B}[0m" : "")\n", .styled)
                    }
                }
                finished.signal(nil)
            } catch {
                finished.signal("\(error)")
            }
        }
        if let failure = finished.wait() {
            Terminal.errorLine("error: \(failure)")
            throw ExitCode(ExitStatus.contentErrors)
        }
    }
}

/// The async server's end, awaited by the synchronous command (capdoc's `main` is synchronous).
private final class Finished: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var failure: String?

    func signal(_ failure: String?) {
        self.failure = failure
        semaphore.signal()
    }

    func wait() -> String? {
        semaphore.wait()
        return failure
    }
}
