import ArgumentParser
import CapdocKit

@main
struct CapdocCommand: ParsableCommand {
    /// Computed, not stored: the abstract and the examples are those of the Content `--content` names.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "capdoc",
            abstract: "Compiles \(HelpWords.current.domain.fullName) facts, each citing its source, into a site, Markdown, man pages and JSON.",
            discussion: CommandExamples.help,
            version: Capdoc.version,
            subcommands: [
                CheckCommand.self, BuildCommand.self, QueryCommand.self, ExplainCommand.self, ListCommand.self, LintPlistCommand.self, DiffCommand.self,
                ServeCommand.self,
            ]
        )
    }

    /// ArgumentParser's `main`, with its help, version and error messages printed through `Terminal`
    /// (which escapes control characters echoed from the arguments and exits 74 when the stream
    /// cannot be written) instead of `print`, which drops write errors.
    static func main() {
        StandardStreams.reserveClosedDescriptors()
        // Before parsing: `--help` describes the Content the command would read.
        if let words = HelpWords.fromArguments(Array(CommandLine.arguments.dropFirst())) { HelpWords.current = words }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let unknown as UnknownID {
            // One message and one status for an unknown id, platform, request or term, whichever command met it.
            Terminal.errorLine("error: \(unknown)")
            Terminal.exitWithoutCleanup(ExitStatus.usage)
        } catch {
            let message = fullMessage(for: error)
            let status = exitCode(for: error)
            if !message.isEmpty {
                if status == .success { Terminal.write(message + "\n") } else { Terminal.error(message + "\n") }
            }
            Terminal.exitWithoutCleanup(status.rawValue)
        }
        Terminal.exitWithoutCleanup(0)
    }
}
