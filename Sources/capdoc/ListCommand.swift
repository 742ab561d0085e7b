import ArgumentParser
import CapdocKit

/// `capdoc list [KIND]`: the ids a query or `explain` takes, with their names, so that nobody has to
/// guess them (`query support` wants a service id, `query flow` a state and a trigger).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the ids of the model: services, levels, requests, keys, APIs, platforms, statuses, bundles, states, triggers, choices.",
        discussion:
            "Without KIND, every kind in turn. Each line is an id, then its name where that differs. With --json, one object: each kind's list of {id, name}. An unknown KIND exits 64."
    )

    /// The kinds it lists, in the order it lists them, by the plural a user writes.
    static let kinds: [EntityKind] = [.service, .level, .request, .key, .api, .platform, .status, .bundle, .state, .trigger, .choice]

    @Argument(help: "What to list: services, levels, requests, keys, apis, platforms, statuses, bundles, states, triggers or choices.")
    var kind: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var model: ModelOptions

    func validate() throws {
        guard let kind, Self.kind(named: kind) == nil else { return }
        throw ValidationError("unknown kind '\(kind)'; the kinds are \(Self.kinds.map(\.plural).joined(separator: ", "))")
    }

    /// A kind by its plural or singular, case-insensitively.
    static func kind(named name: String) -> EntityKind? {
        let lowered = name.lowercased()
        return kinds.first { $0.plural == lowered || $0.rawValue == lowered }
    }

    func run() throws {
        let vocabulary = try model.load().model.vocabulary
        let kinds = kind.flatMap(Self.kind(named:)).map { [$0] } ?? Self.kinds
        if json {
            let members = kinds.map { kind in
                (
                    kind.plural,
                    JSONValue.array(vocabulary.all(kind).map { .object(["id": .string($0.id.value), "name": .string($0.name)]) })
                )
            }
            Terminal.write(JSONValue.object(Dictionary(uniqueKeysWithValues: members)).serialized(), .json)
            return
        }
        var text = ""
        for (index, kind) in kinds.enumerated() {
            let entities = vocabulary.all(kind)
            if kinds.count > 1 {
                guard !entities.isEmpty else { continue }
                text += (index > 0 ? "\n" : "") + kind.plural + ":\n"
            }
            for entity in entities {
                let id = DisplayText.line(entity.id.value), name = DisplayText.line(entity.name)
                text += (kinds.count > 1 ? "  " : "") + id + (name == id ? "" : "  \(name)") + "\n"
            }
        }
        Terminal.write(text)
    }
}
