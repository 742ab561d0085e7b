/// The JSON Schema (2020-12) of `capdoc.json`. Strict: every object lists its properties and allows no others.
enum DatasetSchema {
    static let schemaID = "https://capdoc.invalid/schema/capdoc-\(DatasetRenderer.schemaVersion).schema.json"

    /// `domain`: what the facts are about, for the schema's description.
    static func schema(_ domain: Domain) -> JSONValue {
        .object([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string(schemaID),
            "title": "capdoc dataset",
            "description": .string("\(domain.fullName) facts, each citing the sources that state it."),
            "type": "object",
            "additionalProperties": false,
            "required": .strings([
                "schemaVersion", "generator", "platforms", "levels", "statuses", "services", "keys", "requests", "apis", "bundles", "answers", "citations",
                "gates", "flow", "sources", "claims", "conflicts",
            ]),
            "properties": .object([
                "schemaVersion": .object(["type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+$"]),
                "generator": string,
                "platforms": array(ref("platform")),
                "levels": array(ref("entity")),
                "statuses": array(ref("status")),
                "services": array(ref("service")),
                "keys": array(ref("key")),
                "requests": array(ref("request")),
                "apis": array(ref("api")),
                "bundles": array(ref("bundle")),
                "answers": object(
                    [
                        "apis": array(ref("apiAnswers")), "bundles": array(ref("bundleAnswers")), "keys": array(ref("keyAnswers")),
                        "platforms": array(ref("platformAnswers")),
                        "requests": array(ref("requestAnswers")), "services": array(ref("serviceAnswers")), "statuses": array(ref("statusAnswers")),
                    ], required: ["apis", "bundles", "keys", "platforms", "requests", "services", "statuses"]),
                "citations": array(ref("citation")),
                "gates": array(ref("gate")),
                "flow": ref("flow"),
                "sources": array(ref("source")),
                "claims": array(ref("claim")),
                "conflicts": array(ref("conflict")),
            ]),
            "$defs": .object(definitions),
        ])
    }

    static let string: JSONValue = .object(["type": "string"])
    static let id: JSONValue = .object(["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"])
    static let keyName: JSONValue = .object(["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]*$"])
    static let version: JSONValue = .object(["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*$"])
    static let index: JSONValue = .object(["type": "integer", "minimum": 0])
    static let claimIndices: JSONValue = array(ref("claimIndex"))

    static func nullable(_ schema: JSONValue) -> JSONValue { .object(["oneOf": .array([.object(["type": "null"]), schema])]) }
    static func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/$defs/\(name)")]) }
    static func array(_ items: JSONValue) -> JSONValue { .object(["type": "array", "items": items]) }
    static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        .object(["type": "object", "additionalProperties": false, "properties": .object(properties), "required": .strings(required)])
    }
    /// An object whose keys are ids (platforms, levels) and whose values match `value`.
    static func map(_ value: JSONValue) -> JSONValue {
        .object(["type": "object", "propertyNames": id, "additionalProperties": value])
    }
    static func entity(_ extra: [String: JSONValue], required: [String] = []) -> JSONValue {
        object(["id": id, "name": string, "summary": string].merging(extra) { $1 }, required: ["id", "name", "summary"] + required)
    }
    /// The members every entity with answers has: which entry of its kind's `answers` holds them, and
    /// the facts they rest on.
    static let answered: [String: JSONValue] = [
        "answers": .object(["type": "integer", "minimum": 0, "description": "The index of the entity's answers in its kind's list in the top-level `answers`."]
        ),
        "citations": .object([
            "type": "array", "items": ref("citationIndex"),
            "description":
                "The facts the entity's answers rest on, as indices into the top-level `citations`; its segments name them by position in this list.",
        ]),
        "consulted": .object([
            "type": "array", "items": id,
            "description":
                "The ids of the sources with a claim about the entity (not given for platforms): where one of its answers is unknown, these pages were read and are silent there.",
        ]),
    ]
    static func answeredEntity(_ extra: [String: JSONValue], required: [String] = []) -> JSONValue {
        entity(answered.merging(extra) { $1 }, required: ["answers", "citations"] + required)
    }
    /// A fact on each platform, in the order of the top-level `platforms`.
    static let perPlatform: JSONValue = array(ref("timeline"))
    /// A fact on each platform under each level, in the order of `platforms`, then of `levels`.
    static let perPlatformAndLevel: JSONValue = array(array(ref("timeline")))
    static let selection: JSONValue = .object(["oneOf": .array([.object(["const": "all"]), .object(["type": "array", "items": string, "minItems": 1])])])

    static var definitions: [String: JSONValue] {
        [
            "range": object(["from": version, "until": version], required: []),
            "claimIndex": .object(["type": "integer", "minimum": 0, "description": "The index of a claim in the top-level `claims`."]),
            "timeline": .object([
                "type": "array", "items": ref("segment"),
                "description": "An answer over OS versions: its segments in OS order; empty where no claim decides anything.",
            ]),
            "citationIndex": .object(["type": "integer", "minimum": 0, "description": "The index of a fact's citation in the top-level `citations`."]),
            "citation": .object([
                "type": "object", "additionalProperties": false,
                "description": """
                What one merged fact cites: `deciding`, the claims that decide it; `corroborating`, wider claims that agree (absent \
                where none); `adjudication`, the ruling that decided it where sources disagreed (absent where none).
                """,
                "properties": .object([
                    "deciding": claimIndices, "corroborating": .object(["type": "array", "items": ref("claimIndex"), "minItems": 1]),
                    "adjudication": id,
                ]),
                "required": .strings(["deciding"]),
            ]),
            "segment": .object([
                "type": "object", "additionalProperties": false,
                "description": """
                One range of an answer. `answer`: `yes` or `no` (the boolean values), `value` (then `value` gives it), a gate's \
                outcome where that gate closes the answer, or `unknown` (no claim decides it, or `gate` is unknown here). `os` absent: \
                all versions. `citations`: the facts that decide it (the fact itself, with the facts of the gates that were open or \
                closed it), as positions in its entity's `citations`; its deciding claims are their `deciding`, in order, each \
                once; its corroborating claims are their `corroborating` that are not among those, in order, each once; its \
                ruling is the first of their `adjudication`.
                """,
                "properties": .object([
                    "os": ref("range"), "answer": id,
                    "value": .object(["type": .strings(["string", "array"]), "items": keyName]),
                    "gate": id, "replacement": string,
                    "citations": .object(["type": "array", "items": index]),
                ]),
                "required": .strings(["answer", "citations"]),
            ]),
            "entity": entity([:]),
            "platform": answeredEntity(
                [
                    "notes": array(
                        object(
                            [
                                "topic": id, "os": ref("range"), "value": string, "deciding": claimIndices,
                                "corroborating": .object(["type": "array", "items": ref("claimIndex"), "minItems": 1]), "adjudication": id,
                            ],
                            required: ["topic", "value", "deciding"]))
                ], required: ["notes"]),
            "platformAnswers": object(
                [
                    "levels": .object(["type": "array", "items": ref("timeline"), "description": "A timeline for each of the top-level `levels`, in order."]),
                    "levelsEquivalent": ref("timeline"),
                    "authorizationCallback": ref("timeline"),
                ], required: ["levels", "levelsEquivalent", "authorizationCallback"]),
            "status": answeredEntity(["symbol": string, "objc": string, "level": id]),
            "statusAnswers": object(["exists": perPlatform], required: ["exists"]),
            "service": answeredEntity(["apis": array(string)], required: ["apis"]),
            "serviceAnswers": object(
                [
                    "onPlatform": perPlatform,
                    "available": perPlatformAndLevel,
                    "launchesTerminatedApp": perPlatformAndLevel,
                    "deprecated": perPlatform,
                    "availableWithReducedAccuracy": perPlatformAndLevel,
                    "worksWithReducedAccuracy": perPlatform,
                    "explicitRequestRequired": perPlatform,
                    "optOutKey": perPlatform,
                    "backgroundModeRequired": perPlatform,
                    "backgroundDelivery": perPlatform,
                ],
                required: [
                    "onPlatform", "available", "launchesTerminatedApp", "deprecated", "availableWithReducedAccuracy",
                    "worksWithReducedAccuracy", "explicitRequestRequired", "optOutKey", "backgroundModeRequired", "backgroundDelivery",
                ]),
            "api": answeredEntity(["symbol": string, "category": string, "framework": string]),
            "apiAnswers": object(["exists": perPlatform, "deprecated": perPlatform], required: ["exists", "deprecated"]),
            "bundle": answeredEntity([:]),
            "bundleAnswers": object(
                [
                    "levels": .object([
                        "type": "array", "items": array(ref("timeline")),
                        "description":
                            "For each of the top-level `platforms`, in order, a timeline for each of the top-level `levels`: whether the bundle kind may hold the level.",
                    ]),
                    "background": perPlatform,
                ], required: ["levels", "background"]),
            "key": object(
                [
                    "id": keyName, "name": string, "summary": string, "label": string,
                    "type": .object(["enum": .strings(["string", "dictionary", "boolean", "array"])]),
                ].merging(answered) { $1 }, required: ["id", "name", "summary", "type", "answers", "citations"]),
            "keyAnswers": object(["exists": perPlatform, "deprecated": perPlatform], required: ["exists", "deprecated"]),
            "request": answeredEntity(["api": string, "level": id]),
            "requestAnswers": object(
                [
                    "available": perPlatform,
                    "keys": perPlatform,
                    "deprecated": perPlatform,
                ], required: ["available", "keys", "deprecated"]),
            "gate": object(
                [
                    "id": id, "name": string, "outcome": id, "summary": string,
                    "facts": .object(["type": "array", "items": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]), "minItems": 1]),
                    "requires": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]),
                    "subject": string,
                    "accuracy": .object(["enum": .strings(Accuracy.allCases.map(\.rawValue))]),
                ], required: ["id", "name", "outcome", "summary", "facts", "requires"]),
            "flow": object(
                [
                    "states": array(entity(["status": id], required: ["status"])),
                    "triggers": array(entity(["request": id])),
                    "choices": array(ref("entity")),
                    "initialState": id,
                    "transitions": array(ref("transition")),
                ], required: ["states", "triggers", "choices", "initialState", "transitions"]),
            "transition": object(
                [
                    "from": id, "trigger": id, "choice": nullable(id),
                    "prompted": .object(["type": "boolean"]),
                    "promptKey": nullable(keyName),
                    "to": id, "reportedStatus": nullable(id),
                    "delegateNotified": .object(["type": .strings(["boolean", "null"])]),
                    "platforms": .object(["type": "array", "items": id, "minItems": 1]),
                    "os": map(.object(["type": "array", "items": ref("range"), "minItems": 1])),
                    "deciding": claimIndices, "corroborating": .object(["type": "array", "items": ref("claimIndex"), "minItems": 1]),
                    "adjudications": array(id),
                ],
                required: [
                    "from", "trigger", "choice", "prompted", "promptKey", "to", "reportedStatus", "delegateNotified",
                    "platforms", "os", "deciding", "adjudications",
                ]),
            "source": object(
                [
                    "id": id, "title": string, "edition": string, "url": .object(["type": "string", "pattern": "^https?://"]), "kind": string,
                    "date": string, "summary": string,
                ], required: ["id", "title", "url", "kind"]),
            "claim": object(
                [
                    "source": .object(["type": "integer", "minimum": 0, "description": "The index of the claim's source in the top-level `sources`."]),
                    "id": id,
                    "fact": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]),
                    "subject": selection, "platforms": selection, "levels": selection, "trigger": id, "choice": id,
                    "os": ref("range"),
                    "value": .object(["type": .strings(["boolean", "array", "string", "object"])]),
                    "quote": string, "note": string, "replacement": string,
                ], required: ["source", "id", "fact", "value", "quote"]),
            "conflict": object(
                [
                    "fact": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]),
                    "claims": .object(["type": "array", "items": ref("claimIndex"), "minItems": 2]),
                    "subjects": array(string),
                    "platforms": array(id),
                    "levels": array(id),
                    "os": map(array(ref("range"))),
                    "gate": id,
                    "ruling": .object([
                        "oneOf": .array([
                            .object(["type": "null"]),
                            object(
                                ["adjudication": id, "prevails": ref("claimIndex"), "over": claimIndices, "reason": string],
                                required: ["adjudication", "prevails", "over", "reason"]),
                        ])
                    ]),
                ], required: ["fact", "claims", "subjects", "platforms", "levels", "os", "ruling"]),
        ]
    }
}
