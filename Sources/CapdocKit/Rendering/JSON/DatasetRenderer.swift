import Foundation

/// Renders `capdoc.json`, the dataset for tools, and `capdoc.schema.json`, its JSON Schema.
///
/// Every value carries the sources and claims that state it. Arrays follow vocabulary order; object
/// keys are sorted; the bytes depend on nothing but the Content.
public struct DatasetRenderer: Renderer {
    /// Semantic version of the dataset's shape: bump major for removals and renames, minor for additions.
    public static let schemaVersion = "3.1.0"
    public static let datasetFile = "capdoc.json"
    public static let schemaFile = "capdoc.schema.json"

    public init() {}

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] { [] }

    public func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        [OutputFile(path: Self.datasetFile, contents: Data(dataset(input.compiled))),
         OutputFile(path: Self.schemaFile, text: DatasetSchema.schema(input.compiled.vocabulary.domain).serialized())]
    }

    /// The dataset's bytes. Services and sources are written one entry at a time (a tree of the
    /// whole dataset took gigabytes at 20,000 services); the rest is small and built as a tree.
    func dataset(_ compiled: CompiledModel) -> [UInt8] {
        let vocabulary = compiled.vocabulary
        let merge = compiled.merge
        let gated = GatedFacts(merge: merge, model: compiled.model)
        let platforms = vocabulary.ids(.platform)
        let levels = vocabulary.ids(.level)

        // Every value is read through the gates: where a gate is closed the entry says so instead.
        func values(_ kind: FactKind, _ subject: String, _ platform: String, _ level: String? = nil, accuracy: Accuracy = .full) -> JSONValue {
            .array(gated.timeline(kind, subject: subject, platform: platform, level: level, accuracy: accuracy).map { Self.segment($0, merge: merge) })
        }
        func perPlatform(_ kind: FactKind, _ subject: String) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: platforms.map { ($0, values(kind, subject, $0)) }))
        }
        func perPlatformAndLevel(_ kind: FactKind, _ subject: String, accuracy: Accuracy = .full) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: platforms.map { platform in
                (platform, JSONValue.object(Dictionary(uniqueKeysWithValues: levels.map { ($0, values(kind, subject, platform, $0, accuracy: accuracy)) })))
            }))
        }
        func base(_ entity: Entity) -> [String: JSONValue?] {
            ["id": .string(entity.id.value), "name": .string(entity.name), "summary": .string(entity.summary)]
        }

        let platformEntries: [JSONValue] = vocabulary.all(.platform).map { platform in
            let id = platform.id.value
            let notes = merge.facts.filter { $0.kind == .note && $0.platform == id }.map { fact -> JSONValue in
                var object = Self.valueMembers(fact)
                object["topic"] = .string(fact.subject)
                return .object(object)
            }
            var members = base(platform)
            members["levels"] = .object(Dictionary(uniqueKeysWithValues: levels.map { ($0, values(.levelSupported, $0, id)) }))
            members["levelsEquivalent"] = values(.levelsEquivalent, "", id)
            members["authorizationCallback"] = values(.authorizationCallback, "", id)
            members["notes"] = .array(notes)
            return .object(members)
        }
        let statusEntries: [JSONValue] = vocabulary.all(.status).map { status in
            var members = base(status)
            members["symbol"] = status.attributes["symbol"].map(JSONValue.string)
            members["objc"] = status.attributes["objc"].map(JSONValue.string)
            members["level"] = status.attributes["level"].map(JSONValue.string)
            members["exists"] = perPlatform(.statusExists, status.id.value)
            return .object(members)
        }
        let services = vocabulary.all(.service)
        func serviceEntry(_ service: Entity) -> JSONValue {
            var members = base(service)
            members["apis"] = .strings(service.apis)
            members["onPlatform"] = perPlatform(.serviceOnPlatform, service.id.value)
            members["available"] = perPlatformAndLevel(.serviceAvailable, service.id.value)
            members["launchesTerminatedApp"] = perPlatformAndLevel(.launchesTerminatedApp, service.id.value)
            members["deprecated"] = perPlatform(.serviceDeprecated, service.id.value)
            // Under reduced accuracy the gates declared for it apply (gates.yaml, `accuracy: reduced`).
            members["availableWithReducedAccuracy"] = perPlatformAndLevel(.serviceAvailable, service.id.value, accuracy: .reduced)
            members["worksWithReducedAccuracy"] = perPlatform(.worksWithReducedAccuracy, service.id.value)
            members["explicitRequestRequired"] = perPlatform(.explicitRequestRequired, service.id.value)
            members["optOutKey"] = perPlatform(.optOutKey, service.id.value)
            members["backgroundModeRequired"] = perPlatform(.backgroundModeRequired, service.id.value)
            members["backgroundDelivery"] = perPlatform(.backgroundDelivery, service.id.value)
            return .object(members)
        }
        let keyEntries: [JSONValue] = vocabulary.all(.key).map { key in
            var members = base(key)
            members["label"] = key.attributes["label"].map(JSONValue.string)
            members["type"] = key.attributes["type"].map(JSONValue.string)
            members["exists"] = perPlatform(.keyExists, key.id.value)
            members["deprecated"] = perPlatform(.keyDeprecated, key.id.value)
            return .object(members)
        }
        let requestEntries: [JSONValue] = vocabulary.all(.request).map { request in
            var members = base(request)
            members["api"] = request.attributes["api"].map(JSONValue.string)
            members["available"] = perPlatform(.requestAvailable, request.id.value)
            members["keys"] = perPlatform(.requestKeys, request.id.value)
            members["deprecated"] = perPlatform(.requestDeprecated, request.id.value)
            members["level"] = request.attributes["level"].map(JSONValue.string)
            return .object(members)
        }
        let apiEntries: [JSONValue] = vocabulary.all(.api).map { api in
            var members = base(api)
            for attribute in ["symbol", "category", "framework"] { members[attribute] = api.attributes[attribute].map(JSONValue.string) }
            members["exists"] = perPlatform(.apiAvailable, api.id.value)
            members["deprecated"] = perPlatform(.apiDeprecated, api.id.value)
            return .object(members)
        }
        let flow: JSONValue = .object([
            "states": .array(vocabulary.all(.state).map { state in
                var members = base(state)
                members["status"] = state.attributes["status"].map(JSONValue.string)
                return .object(members)
            }),
            "triggers": .array(vocabulary.all(.trigger).map { trigger in
                var members = base(trigger)
                members["request"] = trigger.attributes["request"].map(JSONValue.string)
                return .object(members)
            }),
            "choices": .array(vocabulary.all(.choice).map { .object(base($0)) }),
            "initialState": .string(Flow(gated: gated).initialState),
            "transitions": .array(Flow(gated: gated).rows().map(Self.transition)),
        ])
        let adjudications = Dictionary(uniqueKeysWithValues: compiled.model.adjudications.map { ($0.id.value, $0) })
        let conflicts: [JSONValue] = merge.contradictions.map { contradiction in
            let ruling: JSONValue = contradiction.adjudication.flatMap { adjudications[$0] }.map { adjudication in
                .object([
                    "adjudication": .string(adjudication.id.value),
                    "prevails": .string(adjudication.prevails.value),
                    "over": .strings(adjudication.over.map(\.value)),
                    "reason": .string(adjudication.reason),
                ])
            } ?? .null
            return .object([
                "fact": .string(contradiction.kind.rawValue),
                "claims": .strings(contradiction.claims),
                "sources": .strings(Array(Set(contradiction.claims.compactMap { merge.claimsByReference[$0]?.sourceID })).sorted()),
                "subjects": .strings(contradiction.subjects),
                "platforms": .strings(contradiction.platforms),
                "levels": .strings(contradiction.levels),
                "os": .object(contradiction.ranges.mapValues { .array($0.map(Self.range)) }),
                "gate": contradiction.gate.map(JSONValue.string),
                "ruling": ruling,
            ])
        }
        let sources = compiled.model.sources
        var stream = JSONStream()
        stream.object([
            "schemaVersion": .value(.string(Self.schemaVersion)),
            "generator": .value(.string("capdoc \(Capdoc.version)")),
            "platforms": .value(.array(platformEntries)),
            "levels": .value(.array(vocabulary.all(.level).map { .object(base($0)) })),
            "statuses": .value(.array(statusEntries)),
            "services": .elements(services.count) { serviceEntry(services[$0]) },
            "keys": .value(.array(keyEntries)),
            "requests": .value(.array(requestEntries)),
            "apis": .value(.array(apiEntries)),
            "gates": .value(.array(compiled.model.gates.map(Self.gate))),
            "flow": .value(flow),
            "sources": .elements(sources.count) { Self.source(sources[$0]) },
            "conflicts": .value(.array(conflicts)),
        ])
        stream.bytes.append(0x0A)
        return stream.bytes
    }

    /// One row of the flow: a transition and its prompt, where it holds, and what states it.
    static func transition(_ row: Flow.Row) -> JSONValue {
        .object([
            "from": .string(row.from),
            "trigger": .string(row.trigger),
            "choice": row.choice.map(JSONValue.string) ?? .null,
            "prompted": .bool(row.prompted),
            "promptKey": row.promptKey.map(JSONValue.string) ?? .null,
            "to": .string(row.outcome.to),
            "reportedStatus": row.outcome.status.map(JSONValue.string) ?? .null,
            "delegateNotified": row.outcome.delegate.map(JSONValue.bool) ?? .null,
            "platforms": .strings(row.platforms),
            "os": .object(row.os.mapValues { .array($0.map(Self.range)) }),
            "sources": .strings(row.sources),
            "claims": .strings(row.claims),
            "deciding": .strings(row.deciding),
            "adjudications": .strings(row.adjudications),
        ])
    }

    static func promptKey(_ value: ClaimValue) -> JSONValue {
        if case let .keys(keys) = value, keys.count == 1 { return .string(keys[0]) }
        return claimValue(value)
    }

    static func range(_ range: VersionRange) -> JSONValue {
        .object(["from": range.from.map { .string($0.description) }, "until": range.until.map { .string($0.description) }])
    }

    static func claimValue(_ value: ClaimValue) -> JSONValue {
        switch value {
        case let .boolean(flag): .bool(flag)
        case let .keys(keys): .strings(keys)
        case let .text(text): .string(text)
        case let .transition(outcome):
            .object(["to": .string(outcome.to), "status": outcome.status.map(JSONValue.string) ?? .null,
                     "delegate": outcome.delegate.map(JSONValue.bool) ?? .null])
        }
    }

    static func valueMembers(_ fact: Fact) -> [String: JSONValue] {
        var members: [String: JSONValue] = [
            "os": range(fact.os),
            "value": claimValue(fact.value),
            "sources": .strings(fact.sources),
            "claims": .strings(fact.claims),
            "deciding": .strings(fact.deciding),
        ]
        if let adjudication = fact.adjudication { members["adjudication"] = .string(adjudication) }
        return members
    }

    /// One range of a gated answer: its value, or null and the gate where one closes it.
    static func segment(_ segment: GatedFacts.Segment, merge: MergeResult) -> JSONValue {
        var members: [String: JSONValue?] = [
            "os": range(segment.os),
            "answer": .string(segment.answer.id),
            "sources": .strings(segment.sources),
            "claims": .strings(segment.claims),
            "deciding": .strings(segment.deciding),
            "adjudication": segment.adjudications.first.map(JSONValue.string),
        ]
        switch segment.answer {
        case let .value(value):
            members["value"] = claimValue(value)
            if value == .boolean(true) {
                members["replacement"] = merge.replacement(namedBy: segment.deciding).map(JSONValue.string)
            }
        case let .closed(gate), let .gateUnknown(gate):
            members["value"] = .null
            members["gate"] = .string(gate.id.value)
        case .unknown:
            members["value"] = .null
        }
        return .object(members)
    }

    static func gate(_ gate: Gate) -> JSONValue {
        .object([
            "id": .string(gate.id.value), "name": .string(gate.name), "outcome": .string(gate.outcome), "summary": .string(gate.summary),
            "facts": .strings(gate.gated.map(\.rawValue)), "requires": .string(gate.requires.rawValue),
            "subject": gate.subject.map { .string($0.description) },
            "accuracy": gate.accuracy.map { .string($0.rawValue) },
        ])
    }

    static func selection(_ selection: Selection) -> JSONValue? {
        switch selection {
        case .silent: nil
        case .all: .string("all")
        case let .named(ids): .strings(ids.map(\.value))
        }
    }

    static func source(_ source: Source) -> JSONValue {
        .object([
            "id": .string(source.id.value),
            "title": .string(source.title),
            "edition": source.edition.map(JSONValue.string),
            "url": .string(source.url),
            "kind": .string(source.kind),
            "date": source.date.map(JSONValue.string),
            "summary": source.summary.map(JSONValue.string),
            "claims": .array(source.claims.map { claim in
                .object([
                    "id": .string(claim.id.value),
                    "fact": .string(claim.fact.rawValue),
                    "subject": selection(claim.scope.subjects),
                    "platforms": selection(claim.scope.platforms),
                    "levels": selection(claim.scope.levels),
                    "os": claim.scope.os.isUnbounded ? nil : range(claim.scope.os),
                    "trigger": claim.trigger.map { .string($0.value) },
                    "choice": claim.choice.map { .string($0.value) },
                    // A prompt names one key: a string, not a one-element list.
                    "value": claim.fact == .prompt ? promptKey(claim.value.value) : claimValue(claim.value.value),
                    "quote": .string(claim.quote.value),
                    "note": claim.note.map(JSONValue.string),
                    "replacement": claim.replacement.map(JSONValue.string),
                ])
            }),
        ])
    }
}
