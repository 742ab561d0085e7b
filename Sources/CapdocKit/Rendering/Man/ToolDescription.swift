/// capdoc's command line as capdoc(1) shows it: each command with its abstract, discussion and
/// arguments. The command module fills it from its argument parser's own description of the
/// commands, so that the manual and `--help` are written from the same declarations; CapdocKit
/// stays free of the parser.
public struct ToolDescription: Sendable, Hashable {
    public var root: Command

    public init(root: Command) {
        self.root = root
    }

    public struct Command: Sendable, Hashable {
        /// The full name, as typed: `capdoc query support`.
        public var name: String
        public var abstract: String
        public var discussion: String
        public var arguments: [Argument]
        public var subcommands: [Command]

        public init(name: String, abstract: String, discussion: String, arguments: [Argument], subcommands: [Command]) {
            self.name = name
            self.abstract = abstract
            self.discussion = discussion
            self.arguments = arguments
            self.subcommands = subcommands
        }

        /// This command and every one under it, depth first, in their declared order.
        public var all: [Command] { [self] + subcommands.flatMap(\.all) }

        /// The command as `--help`'s USAGE line writes it: `capdoc check [--content <content>] …`.
        var synopsis: String { ([name] + arguments.map(\.synopsis)).joined(separator: " ") }
    }

    public struct Argument: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case positional, option, flag
        }

        public var kind: Kind
        /// How it is spelled, preferred first: `--content`, or `-h`, `--help`; empty for a positional.
        public var names: [String]
        /// `content` in `--content <content>`, and a positional's name.
        public var valueName: String?
        public var help: String
        /// The value when it is left out, as `--help` shows it; nil when there is none.
        public var defaultValue: String?
        /// The values it accepts, when they are a fixed list.
        public var values: [String]
        public var isOptional: Bool
        public var isRepeating: Bool

        public init(
            kind: Kind, names: [String], valueName: String?, help: String, defaultValue: String?,
            values: [String], isOptional: Bool, isRepeating: Bool
        ) {
            self.kind = kind
            self.names = names
            self.valueName = valueName
            self.help = help
            self.defaultValue = defaultValue
            self.values = values
            self.isOptional = isOptional
            self.isRepeating = isRepeating
        }

        /// `--content <content>`, `--json`, `<paths>`.
        public var form: String {
            let value = valueName.map { "<\($0)>" }
            switch kind {
            case .positional: return value ?? ""
            case .flag: return names.first ?? ""
            case .option: return [names.first, value].compactMap { $0 }.joined(separator: " ")
            }
        }

        /// As in a USAGE line: `[--archives <archives> ...]`.
        var synopsis: String {
            let repeated = isRepeating ? form + " ..." : form
            return isOptional ? "[\(repeated)]" : repeated
        }

        /// The help with what `--help` adds to it: ` (values: human, json; default: human)`.
        var fullHelp: String {
            var notes: [String] = []
            if !values.isEmpty { notes.append("values: " + values.joined(separator: ", ")) }
            if let defaultValue { notes.append("default: " + defaultValue) }
            return notes.isEmpty ? help : help + " (" + notes.joined(separator: "; ") + ")"
        }
    }
}
