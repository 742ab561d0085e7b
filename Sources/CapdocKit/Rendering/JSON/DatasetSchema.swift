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
            "required": .strings(["schemaVersion", "generator", "platforms", "levels", "statuses", "services", "keys", "requests", "apis", "gates", "flow", "sources", "conflicts"]),
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
                "gates": array(ref("gate")),
                "flow": ref("flow"),
                "sources": array(ref("source")),
                "conflicts": array(ref("conflict")),
            ]),
            "$defs": .object(definitions),
        ])
    }

    static let string: JSONValue = .object(["type": "string"])
    static let id: JSONValue = .object(["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"])
    static let keyName: JSONValue = .object(["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9]*$"])
    static let version: JSONValue = .object(["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*$"])
    static let claimReference: JSONValue = .object(["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*#[a-z0-9]+(-[a-z0-9]+)*$"])

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
    static func values(_ value: JSONValue) -> JSONValue {
        // `value` is null where a gate closes the answer (then `answer` is the gate's outcome) or where
        // a gate is unknown; `gate` names that gate.
        array(object(["os": ref("range"), "value": nullable(value), "answer": id, "gate": id, "replacement": string,
                      "sources": array(id), "claims": array(claimReference), "deciding": array(claimReference), "adjudication": id],
                     required: ["os", "value", "answer", "sources", "claims", "deciding"]))
    }
    static let booleanValues = values(.object(["type": "boolean"]))
    static let selection: JSONValue = .object(["oneOf": .array([.object(["const": "all"]), .object(["type": "array", "items": string, "minItems": 1])])])

    static var definitions: [String: JSONValue] {
        [
            "range": object(["from": version, "until": version], required: []),
            "entity": entity([:]),
            "platform": entity([
                "levels": map(booleanValues),
                "levelsEquivalent": booleanValues,
                "authorizationCallback": values(string),
                "notes": array(object(["topic": id, "os": ref("range"), "value": string, "sources": array(id), "claims": array(claimReference),
                                       "deciding": array(claimReference)],
                                      required: ["topic", "os", "value", "sources", "claims"])),
            ], required: ["levels", "levelsEquivalent", "authorizationCallback", "notes"]),
            "status": entity(["symbol": string, "objc": string, "level": id, "exists": map(booleanValues)], required: ["exists"]),
            "service": entity([
                "apis": array(string),
                "onPlatform": map(booleanValues),
                "available": map(map(booleanValues)),
                "launchesTerminatedApp": map(map(booleanValues)),
                "deprecated": map(booleanValues),
                "availableWithReducedAccuracy": map(map(booleanValues)),
                "worksWithReducedAccuracy": map(booleanValues),
                "explicitRequestRequired": map(booleanValues),
                "optOutKey": map(values(array(keyName))),
                "backgroundModeRequired": map(booleanValues),
                "backgroundDelivery": map(booleanValues),
            ], required: ["apis", "onPlatform", "available", "launchesTerminatedApp", "deprecated", "availableWithReducedAccuracy",
                          "worksWithReducedAccuracy", "explicitRequestRequired", "optOutKey", "backgroundModeRequired", "backgroundDelivery"]),
            "api": entity([
                "symbol": string, "category": string, "framework": string,
                "exists": map(booleanValues), "deprecated": map(booleanValues),
            ], required: ["exists", "deprecated"]),
            "key": object([
                "id": keyName, "name": string, "summary": string, "label": string,
                "type": .object(["enum": .strings(["string", "dictionary", "boolean", "array"])]),
                "exists": map(booleanValues), "deprecated": map(booleanValues),
            ], required: ["id", "name", "summary", "type", "exists", "deprecated"]),
            "request": entity([
                "api": string,
                "available": map(booleanValues),
                "keys": map(values(array(keyName))),
                "deprecated": map(booleanValues),
                "level": id,
            ], required: ["available", "keys", "deprecated"]),
            "gate": object([
                "id": id, "name": string, "outcome": id, "summary": string,
                "facts": .object(["type": "array", "items": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]), "minItems": 1]),
                "requires": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]),
                "subject": string,
                "accuracy": .object(["enum": .strings(Accuracy.allCases.map(\.rawValue))]),
            ], required: ["id", "name", "outcome", "summary", "facts", "requires"]),
            "flow": object([
                "states": array(entity(["status": id], required: ["status"])),
                "triggers": array(entity(["request": id])),
                "choices": array(ref("entity")),
                "initialState": id,
                "transitions": array(ref("transition")),
            ], required: ["states", "triggers", "choices", "initialState", "transitions"]),
            "transition": object([
                "from": id, "trigger": id, "choice": nullable(id),
                "prompted": .object(["type": "boolean"]),
                "promptKey": nullable(keyName),
                "to": id, "reportedStatus": nullable(id),
                "delegateNotified": .object(["type": .strings(["boolean", "null"])]),
                "platforms": .object(["type": "array", "items": id, "minItems": 1]),
                "os": map(.object(["type": "array", "items": ref("range"), "minItems": 1])),
                "sources": array(id), "claims": array(claimReference), "deciding": array(claimReference), "adjudications": array(id),
            ], required: ["from", "trigger", "choice", "prompted", "promptKey", "to", "reportedStatus", "delegateNotified",
                          "platforms", "os", "sources", "claims", "deciding", "adjudications"]),
            "source": object([
                "id": id, "title": string, "edition": string, "url": .object(["type": "string", "pattern": "^https?://"]), "kind": string,
                "date": string, "summary": string,
                "claims": array(ref("claim")),
            ], required: ["id", "title", "url", "kind", "claims"]),
            "claim": object([
                "id": id,
                "fact": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]),
                "subject": selection, "platforms": selection, "levels": selection, "trigger": id, "choice": id,
                "os": ref("range"),
                "value": .object(["type": .strings(["boolean", "array", "string", "object"])]),
                "quote": string, "note": string, "replacement": string,
            ], required: ["id", "fact", "value", "quote"]),
            "conflict": object([
                "fact": .object(["enum": .strings(FactKind.allCases.map(\.rawValue))]),
                "claims": .object(["type": "array", "items": claimReference, "minItems": 2]),
                "sources": array(id),
                "subjects": array(string),
                "platforms": array(id),
                "levels": array(id),
                "os": map(array(ref("range"))),
                "gate": id,
                "ruling": .object(["oneOf": .array([
                    .object(["type": "null"]),
                    object(["adjudication": id, "prevails": claimReference, "over": array(claimReference), "reason": string],
                           required: ["adjudication", "prevails", "over", "reason"]),
                ])]),
            ], required: ["fact", "claims", "sources", "subjects", "platforms", "levels", "os", "ruling"]),
        ]
    }
}
