/// The JSON Schema (2020-12) of `capdoc.json` and of the entities' files under `data/`
/// (`#/$defs/service`, …). Strict: every object lists its properties and allows no others; every
/// property and every enumerated value has a description, so that the schema is the dataset's manual.
/// The ids of platforms and levels and the answer words of the gates come from the Content built.
struct DatasetSchema {
    static let schemaID = "https://capdoc.invalid/schema/capdoc-\(DatasetRenderer.schemaVersion).schema.json"

    let compiled: CompiledModel

    static func schema(_ compiled: CompiledModel) -> JSONValue { DatasetSchema(compiled: compiled).root }

    private var vocabulary: Vocabulary { compiled.vocabulary }
    /// Whether the domain has relaunch facts: only then do support segments say whether a terminated app is relaunched.
    private var relaunch: Bool { vocabulary.domain.relaunch }

    var root: JSONValue {
        let domain = vocabulary.domain
        return .object([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string(Self.schemaID),
            "title": "capdoc dataset",
            "description": .string(
                """
                \(domain.fullName), every answer keyed by ids and citing the claims that decide it. \
                `services[ID].platforms[PLATFORM].levels[LEVEL].support` is the answer a page shows; every citation \
                is a key of `claims`. Each entity is also published alone as `data/SECTION/ID.json`, which matches \
                this schema's `$defs/SECTION-ENTITY` (`#/$defs/service`, …); `data/sources/ID.json` matches `#/$defs/sourceFile`.
                """),
            "type": "object",
            "additionalProperties": false,
            "required": .strings([
                "schemaVersion", "generator", "content", "platforms", "levels", "statuses", "services", "keys", "requests", "apis", "bundles",
                "gates", "adjudications", "flow", "sources", "claims", "conflicts",
            ]),
            "properties": .object([
                "schemaVersion": described(
                    "The version of this shape (semver): a new major version removes or renames; a new minor version adds.",
                    .object(["type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+$"])),
                "generator": described("The capdoc that wrote the file, as `capdoc VERSION`.", Self.string),
                "content": object(
                    "The Content the dataset was built from: pin `version` to read the same answers again.",
                    [
                        "name": described("What the Content is about.", Self.string),
                        "version": described("The Content's release (domain.yaml `version`); null where it names none.", nullable(Self.string)),
                        "date": described("The newest date on which one of its sources was read (YYYY-MM-DD); null where none says.", nullable(Self.string)),
                    ], required: ["name", "version", "date"]),
                "platforms": byPlatform("The platforms, by id.", ref("platform")),
                "levels": object(
                    "The access levels, by id.", Dictionary(uniqueKeysWithValues: vocabulary.all(.level).map { ($0.id.value, ref("entity", $0.name)) }),
                    required: vocabulary.ids(.level)),
                "statuses": map("The authorization statuses, by id.", ref("status")),
                "services": map("The services, by id.", ref("service")),
                "keys": map("The \(vocabulary.domain.keys), by key name.", ref("key"), names: Self.keyName),
                "requests": map("The authorization requests, by id.", ref("request")),
                "apis": map("The APIs, by id.", ref("api")),
                "bundles": map("The kinds of bundle that may do less than an app, by id (empty where the Content names none).", ref("bundle")),
                "gates": map("The gates, by id: facts that must hold before another fact can (a service needs its level offered).", ref("gate")),
                "adjudications": map("The rulings on contradictions between sources, by id.", ref("adjudication")),
                "flow": ref("flow", "The authorization flow: states, triggers, choices and transitions."),
                "sources": map("The sources, by id: the pages the claims quote.", ref("source")),
                "claims": map(
                    "Every claim, by its reference `SOURCE#CLAIM`: the strings in every `citations`.", ref("claim"),
                    names: .object(["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*#[a-z0-9]+(-[a-z0-9]+)*$"])),
                "conflicts": described("Where sources contradict each other, and the ruling that settles it.", array(ref("conflict"))),
            ]),
            "$defs": .object(definitions),
        ])
    }

    // MARK: Building blocks

    static let string: JSONValue = .object(["type": "string"])
    static let id: JSONValue = .object(["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"])
    static let keyName: JSONValue = .object(["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_]*$"])
    static let version: JSONValue = .object(["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*$"])

    private func described(_ description: String, _ schema: JSONValue) -> JSONValue {
        guard case var .object(members) = schema else { return schema }
        members["description"] = .string(description)
        return .object(members)
    }

    private func nullable(_ schema: JSONValue) -> JSONValue { .object(["oneOf": .array([.object(["type": "null"]), schema])]) }

    /// A reference, described where it is used (a `$ref` beside `description` is allowed in 2020-12).
    private func ref(_ name: String, _ description: String? = nil) -> JSONValue {
        .object(["$ref": .string("#/$defs/\(name)"), "description": description.map(JSONValue.string)].compactMapValues { $0 })
    }

    private func array(_ items: JSONValue, minItems: Int? = nil, maxItems: Int? = nil) -> JSONValue {
        .object(
            ["type": "array", "items": items, "minItems": minItems.map(JSONValue.number), "maxItems": maxItems.map(JSONValue.number)].compactMapValues { $0 })
    }

    private func object(_ description: String, _ properties: [String: JSONValue], required: [String]) -> JSONValue {
        .object([
            "type": "object", "additionalProperties": false, "description": .string(description), "properties": .object(properties),
            "required": .strings(required),
        ])
    }

    /// An object keyed by ids (or `names`) whose values match `value`.
    private func map(_ description: String, _ value: JSONValue, names: JSONValue = DatasetSchema.id) -> JSONValue {
        .object(["type": "object", "description": .string(description), "propertyNames": names, "additionalProperties": value])
    }

    /// One of a few strings, each with what it means.
    private func words(_ description: String, _ values: [(String, String)]) -> JSONValue {
        .object([
            "description": .string(description),
            "oneOf": .array(values.map { .object(["const": .string($0.0), "description": .string($0.1)]) }),
        ])
    }

    /// An object with a member for every platform of the Content, each matching `value`.
    private func byPlatform(_ description: String, _ value: JSONValue) -> JSONValue {
        let platforms = vocabulary.all(.platform)
        return object(
            description, Dictionary(uniqueKeysWithValues: platforms.map { ($0.id.value, withDescription(value, "On \($0.name).")) }),
            required: platforms.map(\.id.value))
    }

    /// An object with a member for every level of the Content, each matching `value`.
    private func byLevel(_ description: String, _ value: JSONValue) -> JSONValue {
        let levels = vocabulary.all(.level)
        return object(
            description, Dictionary(uniqueKeysWithValues: levels.map { ($0.id.value, withDescription(value, "Under \($0.name).")) }),
            required: levels.map(\.id.value))
    }

    private func withDescription(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case let .object(members) = schema, members["description"] == nil else { return schema }
        return described(description, schema)
    }

    private func timeline(_ description: String) -> JSONValue { ref("timeline", description) }

    private var factKinds: JSONValue {
        // Only the kinds the domain has: a claim of another kind is an error of `capdoc check`.
        words("A kind of fact.", FactKind.allCases.filter(vocabulary.domain.has).map { ($0.rawValue, vocabulary.domain.title($0)) })
    }

    /// The words an answer can be: the fixed ones, and each gate's outcome.
    private var answerWords: [(String, String)] {
        var words: [(String, String)] = [
            ("yes", "The fact holds."), ("no", "The fact does not hold."),
            ("value", "The fact holds with the value in `value` (such as a list of keys)."),
            ("unknown", "No claim decides it here, or a gate it needs is undecided (then `gate` names it)."),
        ]
        for gate in compiled.model.gates where !words.contains(where: { $0.0 == gate.outcome }) {
            words.append((gate.outcome, "Closed by the gate `\(gate.id.value)` (named in `gate`): \(gate.summary)"))
        }
        return words
    }

    private var citationMembers: [String: JSONValue] {
        [
            "citations": described(
                "The claims that decide it, as references `SOURCE#CLAIM` (keys of `claims`): the fact's own, then those of the gates that were open or closed it.",
                array(ref("claimReference"))),
            "corroborating": described(
                "Wider claims that agree with it and decide nothing, the first \(CitedClaims.shownCorroborating) at most, each once (absent where there are none; every claim is in `claims`).",
                array(ref("claimReference"), minItems: 1, maxItems: CitedClaims.shownCorroborating)),
            "moreCorroborating": described(
                "How many more claims corroborate it than `corroborating` lists, which lists at most \(CitedClaims.shownCorroborating) (absent where it lists them all).",
                .object(["type": "integer", "minimum": .number(1)])),
            "adjudications": described(
                "The rulings (keys of `adjudications`) that decided it where sources disagreed (absent where there are none).",
                array(Self.id, minItems: 1)),
        ]
    }

    // MARK: Definitions

    private var definitions: [String: JSONValue] {
        let answer = words("What holds over the segment's versions.", answerWords)
        let entityMembers: [String: JSONValue] = [
            "id": described("The entity's id, its key in its section.", Self.id),
            "name": described("Its name, as \(vocabulary.domain.vendor) writes it.", Self.string),
            "summary": described("What it is, in a sentence.", Self.string),
        ]
        let consulted = described(
            "The sources with a claim about it: where one of its answers is `unknown`, these pages were read and are silent there.", array(Self.id))
        func entity(_ description: String, _ extra: [String: JSONValue], required: [String]) -> JSONValue {
            object(description, entityMembers.merging(extra) { $1 }, required: ["id", "name", "summary"] + required)
        }
        return [
            "claimReference": described("A claim, as `SOURCE#CLAIM`: a key of `claims`.", .object(["type": "string", "pattern": "^[^#]+#[^#]+$"])),
            "range": object(
                "OS versions from `from` (included) until `until` (excluded); a missing bound is open.",
                [
                    "from": described("The first version it holds for.", Self.version),
                    "until": described("The first version it no longer holds for.", Self.version),
                ], required: []),
            "timeline": described(
                "An answer over OS versions: its segments in OS order, never two adjacent ones that say the same; empty where no claim decides anything.",
                array(ref("segment"))),
            "segment": object(
                "One range of an answer and the claims that decide it.",
                citationMembers.merging([
                    "os": ref("range", "The versions it holds for (absent: every version)."),
                    "answer": answer,
                    "value": described(
                        "The value where `answer` is `value`: a list of \(vocabulary.domain.keys), or a text.",
                        .object(["type": .strings(["string", "array"]), "items": Self.keyName])),
                    "gate": described("The gate that closed the answer, or that is undecided where `answer` is `unknown`.", Self.id),
                    "replacement": described("Where something is deprecated (`answer` `yes`): what a source says to use instead.", Self.string),
                ]) { $1 }, required: ["answer", "citations"]),
            "supportSegment": object(
                relaunch
                    ? "One range of a service's support under a level, as a matrix cell shows it: availability, relaunch and deprecation read together."
                    : "One range of a service's support under a level, as a matrix cell shows it: availability and deprecation read together.",
                citationMembers.merging([
                    "os": ref("range", "The versions it holds for (absent: every version)."),
                    "answer": described("Whether the service works: the availability's answer.", answer),
                    "since": described(
                        "The version from which this answer has held without a break (absent: from the platform's first version); a deprecation does not break it.",
                        Self.version),
                    "deprecated": object(
                        "Present where the service's API is deprecated here.",
                        [
                            "since": described("The version that deprecated it (absent where no source gives one).", Self.version),
                            "replacement": described("What a source says to use instead.", Self.string),
                        ], required: []),
                    "gate": described("The gate that closed the availability, or that is undecided where `answer` is `unknown`.", Self.id),
                ]) { $1 }.merging(
                    relaunch
                        ? ["launchesTerminatedApp": described("Whether the system relaunches a terminated app to deliver the service's events.", answer)]
                        : [:]
                ) { $1 }, required: ["answer", "citations"]),
            "entity": entity("An entity with no answers of its own (a level, a choice).", [:], required: []),
            "platform": entity(
                "A platform: the levels it offers and what the sources note about it.",
                [
                    "levels": byLevel("Whether the platform offers each level.", timeline("Whether the platform offers the level.")),
                    "levelsEquivalent": timeline("Whether the two levels give an app the same here."),
                    "authorizationCallback": timeline("Whether \(vocabulary.domain.callback) is told of the authorization when the app starts."),
                    "notes": described(
                        "What the sources note about the platform.",
                        array(
                            object(
                                "A note about the platform.",
                                citationMembers.merging([
                                    "topic": described("What the note is about.", Self.id),
                                    "os": ref("range", "The versions it holds for (absent: every version)."),
                                    "value": described("The note.", .object(["type": .strings(["string", "boolean", "array", "object"])])),
                                ]) { $1 }, required: ["topic", "value", "citations"]))),
                ], required: ["levels", "levelsEquivalent", "authorizationCallback", "notes"]),
            "status": entity(
                "An authorization status the status API reports.",
                [
                    "symbol": described("The Swift name.", Self.string), "objc": described("The Objective-C name.", Self.string),
                    "level": described("The level it grants, where it grants one.", Self.id), "consulted": consulted,
                    "platforms": byPlatform(
                        "Its answers on each platform.",
                        object(
                            "A status on a platform.", ["exists": timeline("Whether the status exists (can be reported).")], required: ["exists"])),
                ], required: ["consulted", "platforms"]),
            "service": entity(
                "A service an app uses, and where and under which level it works.",
                [
                    "apis": described("The APIs that start it.", array(Self.string)), "consulted": consulted,
                    "platforms": byPlatform("Its answers on each platform.", ref("serviceOnPlatform")),
                ], required: ["apis", "consulted", "platforms"]),
            "serviceOnPlatform": object(
                "A service on a platform.",
                [
                    "onPlatform": timeline("Whether the service exists on the platform."),
                    "deprecated": timeline("Whether its API is deprecated (with `replacement`)."),
                    "worksWithReducedAccuracy": timeline("Whether it works under reduced accuracy."),
                    "optOutKey": timeline("The \(vocabulary.domain.key) that stops it from requesting authorization by itself (`value`)."),
                    "backgroundModeRequired": timeline("Whether it needs a background mode to run in the background."),
                    "backgroundDelivery": timeline("Whether it delivers events while the app is in the background."),
                    "levels": byLevel("Its answers under each level.", ref("serviceUnderLevel")),
                ],
                required: [
                    "onPlatform", "deprecated", "worksWithReducedAccuracy", "optOutKey", "backgroundModeRequired", "backgroundDelivery", "levels",
                ]),
            "serviceUnderLevel": object(
                "A service on a platform under a level.",
                [
                    "support": described(
                        relaunch
                            ? "The answer a page shows, with full accuracy: whether it works, since when, whether a terminated app is relaunched, and deprecation, over OS versions; its citations are those of all three."
                            : "The answer a page shows, with full accuracy: whether it works, since when, and deprecation, over OS versions; its citations are those of both.",
                        array(ref("supportSegment"))),
                    "availableWithReducedAccuracy": timeline("Whether it works under reduced accuracy."),
                    "explicitRequestRequired": timeline(
                        "Whether an app must request authorization itself before it works under this level (a service that asks by itself may grant a lower one)."
                    ),
                ], required: ["support", "availableWithReducedAccuracy", "explicitRequestRequired"]),
            "api": entity(
                "An API of the framework.",
                [
                    "symbol": described("How it is written in Swift.", Self.string), "category": described("What kind of API it is.", Self.string),
                    "framework": described("The framework that declares it.", Self.string), "consulted": consulted,
                    "platforms": byPlatform(
                        "Its answers on each platform.",
                        object(
                            "An API on a platform.",
                            ["exists": timeline("Whether the API exists."), "deprecated": timeline("Whether it is deprecated (with `replacement`).")],
                            required: ["exists", "deprecated"])),
                ], required: ["consulted", "platforms"]),
            "bundle": entity(
                "A kind of bundle (such as an App Clip) that may do less than an app.",
                [
                    "consulted": consulted,
                    "platforms": byPlatform(
                        "Its answers on each platform.",
                        object(
                            "A kind of bundle on a platform.",
                            [
                                "background": timeline("Whether it may run in the background."),
                                "levels": byLevel("Whether it may hold each level.", timeline("Whether it may hold the level.")),
                            ], required: ["background", "levels"])),
                ], required: ["consulted", "platforms"]),
            "key": object(
                "\(Domain.capitalizedFirst(withIndefiniteArticle(vocabulary.domain.key))).",
                [
                    "id": described("The key's name, its key in `keys`.", Self.keyName), "name": described("The key's name.", Self.string),
                    "summary": described("What it is for.", Self.string), "label": described("Xcode's label for it.", Self.string),
                    "type": words(
                        "The type of its value.",
                        [("string", "A string."), ("dictionary", "A dictionary."), ("boolean", "A boolean."), ("array", "An array.")]),
                    "consulted": consulted,
                    "platforms": byPlatform(
                        "Its answers on each platform.",
                        object(
                            "A key on a platform.",
                            [
                                "exists": timeline("Whether the system reads the key."),
                                "deprecated": timeline("Whether it is deprecated (with `replacement`)."),
                            ],
                            required: ["exists", "deprecated"])),
                ], required: ["id", "name", "summary", "type", "consulted", "platforms"]),
            "request": entity(
                "An authorization request an app makes.",
                [
                    "api": described("The API that makes it.", Self.string), "level": described("The level it asks for.", Self.id),
                    "consulted": consulted,
                    "platforms": byPlatform(
                        "Its answers on each platform.",
                        object(
                            "A request on a platform.",
                            [
                                "available": timeline("Whether the app can make the request."),
                                "keys": timeline("The \(vocabulary.domain.keys) the request needs (`value`)."),
                                "deprecated": timeline("Whether it is deprecated (with `replacement`)."),
                            ], required: ["available", "keys", "deprecated"])),
                ], required: ["consulted", "platforms"]),
            "gate": object(
                "A fact that must hold before others can: where it does not, they are closed with the gate's outcome.",
                [
                    "id": described("The gate's id.", Self.id), "name": described("Its name.", Self.string),
                    "outcome": described("The answer word of what it closes.", Self.id), "summary": described("What it says.", Self.string),
                    "facts": described("The kinds of fact it closes.", array(factKinds, minItems: 1)),
                    "requires": described("The kind of fact that must hold.", factKinds),
                    "subject": described("Which entity the required fact is about.", Self.string),
                    "accuracy": words(
                        "Where present: the gate applies only under this accuracy.", [("full", "Full accuracy."), ("reduced", "Reduced accuracy.")]),
                ], required: ["id", "name", "outcome", "summary", "facts", "requires"]),
            "adjudication": object(
                "A ruling on a contradiction between sources.",
                [
                    "id": described("The ruling's id.", Self.id), "prevails": ref("claimReference", "The claim that prevails."),
                    "over": described("The claims it prevails over.", array(ref("claimReference"), minItems: 1)),
                    "reason": described("Why (CommonMark).", Self.string),
                ], required: ["id", "prevails", "over", "reason"]),
            "conflict": object(
                "A contradiction between claims.",
                [
                    "fact": described("The kind of fact they disagree on.", factKinds),
                    "claims": described("The claims that disagree.", array(ref("claimReference"), minItems: 2)),
                    "subjects": described("The entities involved.", array(Self.string)),
                    "platforms": described("The platforms involved.", array(Self.id)),
                    "levels": described("The levels involved.", array(Self.id)),
                    "os": described("The versions involved, by platform.", .object(["type": "object", "additionalProperties": array(ref("range"))])),
                    "gate": described("Where a claim contradicts a gate: the gate.", Self.id),
                    "adjudication": described("The ruling that settles it (a key of `adjudications`).", nullable(Self.id)),
                ], required: ["fact", "claims", "subjects", "platforms", "levels", "os", "adjudication"]),
            "flow": object(
                "The authorization flow.",
                [
                    "states": map(
                        "The states an app's authorization can be in, by id.",
                        entity("A state.", ["status": described("The status the status API reports in it.", Self.id)], required: ["status"])),
                    "triggers": map(
                        "What can move an app between states, by id.",
                        entity("A trigger.", ["request": described("The request it is, where it is one.", Self.id)], required: [])),
                    "choices": map(
                        "What the user can choose at a prompt, by id.",
                        entity(
                            "A choice at a prompt.",
                            [
                                "titles": byPlatform(
                                    "The title of its button on each platform.",
                                    timeline("The button's title over OS versions (`value`); `unknown` where no source gives it."))
                            ],
                            required: ["titles"])),
                    "initialState": described("The state an app starts in.", Self.id),
                    "transitions": described("Every transition.", array(ref("transition"))),
                ], required: ["states", "triggers", "choices", "initialState", "transitions"]),
            "transition": object(
                "A transition: in state `from`, `trigger` happens (and the user chooses `choice` at its prompt); the app is then in `to`.",
                citationMembers.merging([
                    "from": described("The state before.", Self.id), "trigger": described("What happens.", Self.id),
                    "choice": described("What the user chooses at the prompt; null where no prompt is shown.", nullable(Self.id)),
                    "prompted": described("Whether a prompt is shown.", .object(["type": "boolean"])),
                    "promptKey": described("The \(vocabulary.domain.key) whose text the prompt shows.", nullable(Self.keyName)),
                    "to": described("The state after.", Self.id),
                    "reportedStatus": described("The status reported after.", nullable(Self.id)),
                    "delegateNotified": described(
                        "Whether \(vocabulary.domain.callback) is told; null where no source says.", .object(["type": .strings(["boolean", "null"])])),
                    "platforms": described("Where it holds.", array(Self.id, minItems: 1)),
                    "os": described(
                        "The versions it holds for, by platform.", .object(["type": "object", "additionalProperties": array(ref("range"), minItems: 1)])),
                ]) { $1 },
                required: ["from", "trigger", "choice", "prompted", "promptKey", "to", "reportedStatus", "delegateNotified", "platforms", "os", "citations"]),
            "source": object(
                "A page the claims quote.", sourceMembers(claims: described("Its claims (keys of `claims`).", array(ref("claimReference")))),
                required: ["id", "title", "url", "kind", "claims"]),
            "sourceFile": object(
                "A source with its claims, as `data/sources/ID.json` holds it.",
                sourceMembers(claims: map("Its claims, by reference.", ref("claim"), names: ref("claimReference"))),
                required: ["id", "title", "url", "kind", "claims"]),
            "claim": object(
                "What a source states, with the sentence that states it.",
                [
                    "source": described("The source's id (a key of `sources`).", Self.id),
                    "id": described("The claim's id within its source.", Self.id),
                    "url": described("The source's URL.", .object(["type": "string", "pattern": "^https?://"])),
                    "fact": described("What kind of fact it states.", factKinds),
                    "subject": ref("selection", "What it is about."), "platforms": ref("selection", "The platforms it covers."),
                    "levels": ref("selection", "The levels it covers."),
                    "trigger": described("For a flow claim: the trigger.", Self.id), "choice": described("For a flow claim: the choice.", Self.id),
                    "os": ref("range", "The versions it covers (absent: every version)."),
                    "value": described("What it states.", .object(["type": .strings(["boolean", "array", "string", "object"])])),
                    "quote": described("The sentence of the source that states it, verbatim.", Self.string),
                    "note": described("A maintainer's note on how the quote is read.", Self.string),
                    "replacement": described("For a deprecation: what the source says to use instead.", Self.string),
                ], required: ["source", "id", "url", "fact", "value", "quote"]),
            "selection": .object([
                "description": "`all`, or the ids named.",
                "oneOf": .array([
                    .object(["const": "all", "description": "Every entity of the kind."]),
                    .object(["type": "array", "items": Self.string, "minItems": 1, "description": "The entities named."]),
                ]),
            ]),
        ]
    }

    private func sourceMembers(claims: JSONValue) -> [String: JSONValue] {
        [
            "id": described("The source's id.", Self.id), "title": described("The page's title.", Self.string),
            "edition": described("Which copy of the page it is, where two share a title.", Self.string),
            "url": described("Where the page is.", .object(["type": "string", "pattern": "^https?://"])),
            "kind": described("What kind of page it is.", Self.string),
            "date": described("When it was read (YYYY-MM-DD).", Self.string),
            "summary": described("What it covers.", Self.string),
            "claims": claims,
        ]
    }
}
