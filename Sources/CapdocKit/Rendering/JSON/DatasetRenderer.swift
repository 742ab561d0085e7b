import Foundation

/// Renders `capdoc.json`, the dataset for tools, and `capdoc.schema.json`, its JSON Schema.
///
/// Claims are listed once, in `claims`; every value names the claims that decide it by their index
/// there. Answers are timelines of indices into `segments`, where each distinct range of an answer is
/// written once; a fact about platforms (and levels) is a list in the order of `platforms` (and
/// `levels`). Arrays follow vocabulary order; object keys are sorted; the bytes depend on nothing but
/// the Content and the layout.
public struct DatasetRenderer: Renderer {
    /// Semantic version of the dataset's shape: bump major for removals and renames, minor for additions.
    public static let schemaVersion = "4.0.0"
    public static let datasetFile = "capdoc.json"
    public static let schemaFile = "capdoc.schema.json"

    /// Compact for tools by default; `capdoc build --pretty` indents it for people (the same data).
    public var layout: JSONLayout

    public init(layout: JSONLayout = .compact) {
        self.layout = layout
    }

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] { [] }

    public func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        [OutputFile(path: Self.datasetFile, contents: Data(dataset(input.compiled))),
         OutputFile(path: Self.schemaFile, text: DatasetSchema.schema(input.compiled.vocabulary.domain).serialized())]
    }

    /// The dataset's bytes. Entities are written one at a time into their sections first, since the
    /// segments they name are listed (under `segments`) before `services`; no tree of the whole
    /// dataset is held (one took gigabytes at 20,000 services).
    func dataset(_ compiled: CompiledModel) -> [UInt8] {
        let vocabulary = compiled.vocabulary
        let merge = compiled.merge
        let gated = GatedFacts(merge: merge, model: compiled.model)
        let platforms = vocabulary.ids(.platform)
        let levels = vocabulary.ids(.level)
        let claims = DatasetClaims(compiled.model.sources, byReference: compiled.merge.claimsByReference)
        var segments = DatasetSegments(claims: claims, merge: merge, layout: layout)

        // Every value is read through the gates: where a gate is closed the segment says so instead.
        func values(_ kind: FactKind, _ subject: String, _ platform: String, _ level: String? = nil, accuracy: Accuracy = .full) -> JSONValue {
            segments.timeline(gated.timeline(kind, subject: subject, platform: platform, level: level, accuracy: accuracy))
        }
        // By position: the timeline on `platforms[i]` is the i-th; keys repeated in every entity were
        // most of the bytes left once segments were shared.
        func perPlatform(_ kind: FactKind, _ subject: String) -> JSONValue {
            .array(platforms.map { values(kind, subject, $0) })
        }
        func perPlatformAndLevel(_ kind: FactKind, _ subject: String, accuracy: Accuracy = .full) -> JSONValue {
            .array(platforms.map { platform in .array(levels.map { values(kind, subject, platform, $0, accuracy: accuracy) }) })
        }
        func base(_ entity: Entity) -> [String: JSONValue?] {
            ["id": .string(entity.id.value), "name": .string(entity.name), "summary": .string(entity.summary)]
        }

        func platformEntry(_ platform: Entity) -> JSONValue {
            let id = platform.id.value
            let notes = merge.facts.filter { $0.kind == .note && $0.platform == id }.map { fact -> JSONValue in
                .object([
                    "topic": .string(fact.subject),
                    "os": fact.os.isUnbounded ? nil : Self.range(fact.os),
                    "value": Self.claimValue(fact.value),
                    "deciding": claims.indices(fact.deciding),
                    "corroborating": claims.corroborating(fact.claims, deciding: fact.deciding),
                    "adjudication": fact.adjudication.map(JSONValue.string),
                ])
            }
            var members = base(platform)
            members["levels"] = .array(levels.map { values(.levelSupported, $0, id) })
            members["levelsEquivalent"] = values(.levelsEquivalent, "", id)
            members["authorizationCallback"] = values(.authorizationCallback, "", id)
            members["notes"] = .array(notes)
            return .object(members)
        }
        func statusEntry(_ status: Entity) -> JSONValue {
            var members = base(status)
            members["symbol"] = status.attributes["symbol"].map(JSONValue.string)
            members["objc"] = status.attributes["objc"].map(JSONValue.string)
            members["level"] = status.attributes["level"].map(JSONValue.string)
            members["exists"] = perPlatform(.statusExists, status.id.value)
            return .object(members)
        }
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
        func keyEntry(_ key: Entity) -> JSONValue {
            var members = base(key)
            members["label"] = key.attributes["label"].map(JSONValue.string)
            members["type"] = key.attributes["type"].map(JSONValue.string)
            members["exists"] = perPlatform(.keyExists, key.id.value)
            members["deprecated"] = perPlatform(.keyDeprecated, key.id.value)
            return .object(members)
        }
        func requestEntry(_ request: Entity) -> JSONValue {
            var members = base(request)
            members["api"] = request.attributes["api"].map(JSONValue.string)
            members["available"] = perPlatform(.requestAvailable, request.id.value)
            members["keys"] = perPlatform(.requestKeys, request.id.value)
            members["deprecated"] = perPlatform(.requestDeprecated, request.id.value)
            members["level"] = request.attributes["level"].map(JSONValue.string)
            return .object(members)
        }
        func apiEntry(_ api: Entity) -> JSONValue {
            var members = base(api)
            for attribute in ["symbol", "category", "framework"] { members[attribute] = api.attributes[attribute].map(JSONValue.string) }
            members["exists"] = perPlatform(.apiAvailable, api.id.value)
            members["deprecated"] = perPlatform(.apiDeprecated, api.id.value)
            return .object(members)
        }

        // The sections that name segments, written in the order they appear in the file, so that
        // segment indices grow as a reader goes down it.
        var written: [UInt8] = []
        func section(_ kind: EntityKind, _ entry: (Entity) -> JSONValue) -> [Range<Int>] {
            vocabulary.all(kind).map { entity in
                let start = written.count
                entry(entity).write(to: &written, indent: 2, layout: layout)
                return start..<written.count
            }
        }
        let apiSection = section(.api, apiEntry)
        let keySection = section(.key, keyEntry)
        let platformSection = section(.platform, platformEntry)
        let requestSection = section(.request, requestEntry)
        let serviceSection = section(.service, serviceEntry)
        let statusSection = section(.status, statusEntry)
        func member(_ ranges: [Range<Int>]) -> JSONStream.Member {
            .written(ranges.count) { written[ranges[$0]] }
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
            "transitions": .array(Flow(gated: gated).rows().map { Self.transition($0, claims: claims) }),
        ])
        let adjudications = Dictionary(uniqueKeysWithValues: compiled.model.adjudications.map { ($0.id.value, $0) })
        let conflicts: [JSONValue] = merge.contradictions.map { contradiction in
            let ruling: JSONValue = contradiction.adjudication.flatMap { adjudications[$0] }.map { adjudication in
                .object([
                    "adjudication": .string(adjudication.id.value),
                    "prevails": .number(claims.index(adjudication.prevails.value)),
                    "over": claims.indices(adjudication.over.map(\.value)),
                    "reason": .string(adjudication.reason),
                ])
            } ?? .null
            return .object([
                "fact": .string(contradiction.kind.rawValue),
                "claims": claims.indices(contradiction.claims),
                "subjects": .strings(contradiction.subjects),
                "platforms": .strings(contradiction.platforms),
                "levels": .strings(contradiction.levels),
                "os": .object(contradiction.ranges.mapValues { .array($0.map(Self.range)) }),
                "gate": contradiction.gate.map(JSONValue.string),
                "ruling": ruling,
            ])
        }
        let sources = compiled.model.sources
        var stream = JSONStream(layout: layout)
        stream.object([
            "schemaVersion": .value(.string(Self.schemaVersion)),
            "generator": .value(.string("capdoc \(Capdoc.version)")),
            "platforms": member(platformSection),
            "levels": .value(.array(vocabulary.all(.level).map { .object(base($0)) })),
            "statuses": member(statusSection),
            "services": member(serviceSection),
            "keys": member(keySection),
            "requests": member(requestSection),
            "apis": member(apiSection),
            "segments": .written(segments.ranges.count) { segments.bytes[segments.ranges[$0]] },
            "gates": .value(.array(compiled.model.gates.map(Self.gate))),
            "flow": .value(flow),
            "sources": .elements(sources.count) { Self.source(sources[$0]) },
            "claims": .elements(claims.claims.count) { claims.entry($0) },
            "conflicts": .value(.array(conflicts)),
        ])
        stream.bytes.append(0x0A)
        return stream.bytes
    }

    /// One row of the flow: a transition and its prompt, where it holds, and what states it.
    static func transition(_ row: Flow.Row, claims: DatasetClaims) -> JSONValue {
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
            "deciding": claims.indices(row.deciding),
            "corroborating": claims.corroborating(row.claims, deciding: row.deciding),
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

    /// A source's own description; its claims are in `claims`, each naming its source by index.
    static func source(_ source: Source) -> JSONValue {
        .object([
            "id": .string(source.id.value),
            "title": .string(source.title),
            "edition": source.edition.map(JSONValue.string),
            "url": .string(source.url),
            "kind": .string(source.kind),
            "date": source.date.map(JSONValue.string),
            "summary": source.summary.map(JSONValue.string),
        ])
    }
}
