/// capdoc's command line as capdoc(1) shows it: each command with its abstract, discussion and
/// arguments. The command module fills it from its argument parser's own description of the
/// commands, so that the manual and `--help` are written from the same declarations; CapdocKit
/// stays free of the parser.
public struct ToolDescription: Sendable, Hashable {
    public var root: Command
    /// Invocations worth copying, with what each does: capdoc(1)'s EXAMPLES.
    public var examples: [Example]

    public init(root: Command, examples: [Example] = []) {
        self.root = root
        self.examples = examples
    }

    /// A command line as it is typed, and what it does in one line.
    public struct Example: Sendable, Hashable {
        /// The words after the tool's name (none needs quoting).
        public var arguments: [String]
        public var explanation: String

        public init(_ arguments: [String], _ explanation: String) {
            self.arguments = arguments
            self.explanation = explanation
        }

        /// The command line in lines of at most `width` columns where its words allow, each but the
        /// last ending in " \\" and the others indented: as a shell reads it, so that a reader can
        /// copy it from a narrow page or terminal. An option stays on one line with its value.
        public func lines(tool: String, width: Int) -> [String] {
            var units: [String] = []
            for word in arguments {
                if let last = units.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                    units[units.count - 1] += " " + word
                } else {
                    units.append(word)
                }
            }
            var lines: [String] = []
            var line = tool
            var lineHasArgument = false
            for unit in units {
                // Room for the unit, and for the " \\" that would follow it.
                if lineHasArgument, line.count + 1 + unit.count + 2 > width {
                    lines.append(line + " \\")
                    line = "    " + unit
                } else {
                    line += " " + unit
                }
                lineHasArgument = true
            }
            return lines + [line]
        }
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
