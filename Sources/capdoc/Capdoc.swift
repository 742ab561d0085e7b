import ArgumentParser
import CapdocKit

@main
struct CapdocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capdoc",
        abstract: "Compiles Apple's location-authorization facts, each citing its source, into a site, Markdown, man pages and JSON.",
        version: Capdoc.version,
        subcommands: [CheckCommand.self, BuildCommand.self, QueryCommand.self, ExplainCommand.self, LintPlistCommand.self]
    )
}
