import ArgumentParser
import CapdocKit
import Foundation

/// capdoc's command line for capdoc(1), read from ArgumentParser's own description of the command
/// tree (the ToolInfo JSON that `--experimental-dump-help` prints): the same declarations `--help`
/// shows, so the manual cannot drift from them.
enum CommandDescription {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// capdoc(1) in the words of the Content whose vocabulary is given: its examples and help texts
    /// name that Content's ids (`HelpWords`).
    @Sendable static func tool(describing vocabulary: Vocabulary) throws -> ToolDescription {
        try HelpWords.$override.withValue(HelpWords(vocabulary: vocabulary)) { try tool() }
    }

    static func tool() throws -> ToolDescription {
        // ArgumentParser answers the request by throwing: the description is that error's message.
        guard case let .failure(request) = Result(catching: { try CapdocCommand.parseAsRoot(["--experimental-dump-help"]) }) else {
            throw Unreadable(description: "ArgumentParser did not describe the commands")
        }
        let dump = CapdocCommand.fullMessage(for: request)
        let info: ToolInfo
        do {
            info = try JSONDecoder().decode(ToolInfo.self, from: Data(dump.utf8))
        } catch {
            throw Unreadable(description: "could not read ArgumentParser's description of the commands: \(error)")
        }
        var root = command(info.command, parents: [])
        // The examples are in the root's discussion as `--help` shows them; capdoc(1) has them apart.
        root.discussion = ""
        return ToolDescription(root: root, examples: CommandExamples.all)
    }

    private static func command(_ info: ToolInfo.Command, parents: [String]) -> ToolDescription.Command {
        let path = parents + [info.commandName]
        // `help` is ArgumentParser's own command, and `--help` and `--version` are on every command:
        // capdoc(1) names `--version` once, under the tool's own options.
        let skipped: Set<String> = parents.isEmpty ? ["help"] : ["help", "version"]
        return ToolDescription.Command(
            name: path.joined(separator: " "),
            abstract: info.abstract ?? "",
            discussion: info.discussion ?? "",
            arguments: (info.arguments ?? []).filter { $0.shouldDisplay && skipped.isDisjoint(with: $0.names?.map(\.name) ?? []) }.map(argument),
            subcommands: (info.subcommands ?? []).filter { $0.shouldDisplay ?? true && $0.commandName != "help" }.map { command($0, parents: path) }
        )
    }

    private static func argument(_ info: ToolInfo.Argument) -> ToolDescription.Argument {
        let kind: ToolDescription.Argument.Kind =
            switch info.kind {
            case "positional": .positional
            case "flag": .flag
            default: .option
            }
        // The preferred spelling first, as `--help` lists them.
        let names = (info.names ?? []).map(\.spelled)
        let preferred = info.preferredName.map(\.spelled)
        return ToolDescription.Argument(
            kind: kind,
            names: preferred.map { first in [first] + names.filter { $0 != first } } ?? names,
            valueName: kind == .flag ? nil : info.valueName,
            help: [info.abstract, info.discussion].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "),
            defaultValue: info.defaultValue,
            values: info.allValues ?? [],
            isOptional: info.isOptional,
            isRepeating: info.isRepeating
        )
    }
}

/// The members of ArgumentParser's ToolInfoV0 that capdoc(1) shows. (swift-argument-parser 1.8
/// has the full type in its ArgumentParserToolInfo module, but does not offer it as a product.)
private struct ToolInfo: Decodable {
    var command: Command

    struct Command: Decodable {
        var commandName: String
        var shouldDisplay: Bool?
        var abstract: String?
        var discussion: String?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        var kind: String
        var shouldDisplay: Bool
        var isOptional: Bool
        var isRepeating: Bool
        var names: [Name]?
        var preferredName: Name?
        var valueName: String?
        var defaultValue: String?
        var allValues: [String]?
        var abstract: String?
        var discussion: String?
    }

    struct Name: Decodable {
        var kind: String
        var name: String

        var spelled: String { kind == "long" ? "--" + name : "-" + name }
    }
}
