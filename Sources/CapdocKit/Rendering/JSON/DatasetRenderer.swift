import Foundation

/// Renders `capdoc.json`, the dataset for tools, and `capdoc.schema.json`, its JSON Schema.
///
/// Claims are listed once, in `claims`; the merged facts behind the answers once each, in
/// `citations`, naming the claims that decide them by index. Each entity lists the citations of its
/// facts, and its timelines (in `answers`, shared by the entities whose answers have the same shape)
/// name them by position in that list; a fact about platforms (and levels) is a list in the order of
/// `platforms` (and `levels`). Arrays follow vocabulary order; object keys are sorted; the bytes
/// depend on nothing but the Content and the layout.
public struct DatasetRenderer: Renderer {
    /// Semantic version of the dataset's shape: bump major for removals and renames, minor for additions.
    public static let schemaVersion = "5.0.0"
    public static let datasetFile = "capdoc.json"
    public static let schemaFile = "capdoc.schema.json"

    /// Compact for tools by default; `capdoc build --pretty` indents it for people (the same data).
    public var layout: JSONLayout

    public init(layout: JSONLayout = .compact) {
        self.layout = layout
    }

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] { [] }
    var hasPages: Bool { false }

    public func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        [OutputFile(path: Self.datasetFile, bytes: dataset(input.compiled)),
         OutputFile(path: Self.schemaFile, text: DatasetSchema.schema(input.compiled.vocabulary.domain).serialized())]
    }

    /// The sections of entities that have answers, in the order they are written: the citations they
    /// name are numbered in this order.
    static let answeredSections: [(kind: EntityKind, name: String)] = [
        (.api, "apis"), (.key, "keys"), (.platform, "platforms"), (.request, "requests"), (.service, "services"), (.status, "statuses"),
    ]

    /// The dataset's bytes. Entities are written one at a time into their sections first, since the
    /// citations and answers they name are tables of the whole dataset; no tree of the whole dataset
    /// is held (one took gigabytes at 20,000 services).
    func dataset(_ compiled: CompiledModel) -> [UInt8] {
        let vocabulary = compiled.vocabulary
        let merge = compiled.merge
        let gated = GatedFacts(merge: merge, model: compiled.model)
        let platforms = vocabulary.ids(.platform)
        let levels = vocabulary.ids(.level)
        let claims = DatasetClaims(compiled.model.sources, byReference: compiled.merge.claimsByReference)
        var citations = DatasetCitations(claims: claims, layout: layout)
        // The entity being written: its facts, and the timelines that name them.
        var current = DatasetAnswers()

        // Every value is read through the gates: where a gate is closed the segment says so instead.
        func values(_ kind: FactKind, _ subject: String, _ platform: String, _ level: String? = nil, accuracy: Accuracy = .full) -> [UInt8] {
            current.timeline(gated.timeline(kind, subject: subject, platform: platform, level: level, accuracy: accuracy),
                             citations: &citations, merge: merge)
        }
        // By position: the timeline on `platforms[i]` is the i-th.
        func perPlatform(_ kind: FactKind, _ subject: String) -> [UInt8] {
            DatasetAnswers.array(platforms.map { values(kind, subject, $0) })
        }
        func perPlatformAndLevel(_ kind: FactKind, _ subject: String, accuracy: Accuracy = .full) -> [UInt8] {
            DatasetAnswers.array(platforms.map { platform in DatasetAnswers.array(levels.map { values(kind, subject, platform, $0, accuracy: accuracy) }) })
        }
        func base(_ entity: Entity) -> [String: JSONValue?] {
            ["id": .string(entity.id.value), "name": .string(entity.name), "summary": .string(entity.summary)]
        }

        // Each function gives an entity's own members and its answers; the answers are computed in the
        // order written here, which numbers the entity's citations.
        func platformEntry(_ platform: Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) {
            let id = platform.id.value
            let notes = merge.facts(of: .note).filter { $0.platform == id }.map { fact -> JSONValue in
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
            members["notes"] = .array(notes)
            var answers: [String: [UInt8]] = [:]
            answers["levels"] = DatasetAnswers.array(levels.map { values(.levelSupported, $0, id) })
            answers["levelsEquivalent"] = values(.levelsEquivalent, "", id)
            answers["authorizationCallback"] = values(.authorizationCallback, "", id)
            return (members, answers)
        }
        func statusEntry(_ status: Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) {
            var members = base(status)
            members["symbol"] = status.attributes["symbol"].map(JSONValue.string)
            members["objc"] = status.attributes["objc"].map(JSONValue.string)
            members["level"] = status.attributes["level"].map(JSONValue.string)
            return (members, ["exists": perPlatform(.statusExists, status.id.value)])
        }
        func serviceEntry(_ service: Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) {
            var members = base(service)
            members["apis"] = .strings(service.apis)
            var answers: [String: [UInt8]] = [:]
            answers["onPlatform"] = perPlatform(.serviceOnPlatform, service.id.value)
            answers["available"] = perPlatformAndLevel(.serviceAvailable, service.id.value)
            answers["launchesTerminatedApp"] = perPlatformAndLevel(.launchesTerminatedApp, service.id.value)
            answers["deprecated"] = perPlatform(.serviceDeprecated, service.id.value)
            // Under reduced accuracy the gates declared for it apply (gates.yaml, `accuracy: reduced`).
            answers["availableWithReducedAccuracy"] = perPlatformAndLevel(.serviceAvailable, service.id.value, accuracy: .reduced)
            answers["worksWithReducedAccuracy"] = perPlatform(.worksWithReducedAccuracy, service.id.value)
            answers["explicitRequestRequired"] = perPlatform(.explicitRequestRequired, service.id.value)
            answers["optOutKey"] = perPlatform(.optOutKey, service.id.value)
            answers["backgroundModeRequired"] = perPlatform(.backgroundModeRequired, service.id.value)
            answers["backgroundDelivery"] = perPlatform(.backgroundDelivery, service.id.value)
            return (members, answers)
        }
        func keyEntry(_ key: Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) {
            var members = base(key)
            members["label"] = key.attributes["label"].map(JSONValue.string)
            members["type"] = key.attributes["type"].map(JSONValue.string)
            var answers: [String: [UInt8]] = [:]
            answers["exists"] = perPlatform(.keyExists, key.id.value)
            answers["deprecated"] = perPlatform(.keyDeprecated, key.id.value)
            return (members, answers)
        }
        func requestEntry(_ request: Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) {
            var members = base(request)
            members["api"] = request.attributes["api"].map(JSONValue.string)
            members["level"] = request.attributes["level"].map(JSONValue.string)
            var answers: [String: [UInt8]] = [:]
            answers["available"] = perPlatform(.requestAvailable, request.id.value)
            answers["keys"] = perPlatform(.requestKeys, request.id.value)
            answers["deprecated"] = perPlatform(.requestDeprecated, request.id.value)
            return (members, answers)
        }
        func apiEntry(_ api: Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) {
            var members = base(api)
            for attribute in ["symbol", "category", "framework"] { members[attribute] = api.attributes[attribute].map(JSONValue.string) }
            var answers: [String: [UInt8]] = [:]
            answers["exists"] = perPlatform(.apiAvailable, api.id.value)
            answers["deprecated"] = perPlatform(.apiDeprecated, api.id.value)
            return (members, answers)
        }

        // The sections of answered entities, written in `answeredSections` order. Each entity names its
        // answers' shape in its kind's table and lists its own citations.
        var written: [UInt8] = []
        var answerTables: [String: DatasetAnswers.Table] = [:]
        func section(_ kind: EntityKind, _ name: String) -> [Range<Int>] {
            let entry: (Entity) -> (members: [String: JSONValue?], answers: [String: [UInt8]]) = switch kind {
            case .api: apiEntry
            case .key: keyEntry
            case .platform: platformEntry
            case .request: requestEntry
            case .service: serviceEntry
            case .status: statusEntry
            default: preconditionFailure("\(kind) has no answers in the dataset")
            }
            var table = DatasetAnswers.Table()
            defer { answerTables[name] = table }
            return vocabulary.all(kind).map { entity in
                current = DatasetAnswers()
                var (members, answers) = entry(entity)
                members["answers"] = .number(table.index(of: answers))
                members["citations"] = .array(current.citations.map(JSONValue.number))
                let start = written.count
                JSONValue.object(members).write(to: &written, indent: 2, layout: layout)
                return start..<written.count
            }
        }
        var sections: [String: [Range<Int>]] = [:]
        for (kind, name) in Self.answeredSections { sections[name] = section(kind, name) }
        func member(_ name: String) -> JSONStream.Member {
            let ranges = sections[name]!
            return .written(ranges.count) { written[ranges[$0]] }
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
            "platforms": member("platforms"),
            "levels": .value(.array(vocabulary.all(.level).map { .object(base($0)) })),
            "statuses": member("statuses"),
            "services": member("services"),
            "keys": member("keys"),
            "requests": member("requests"),
            "apis": member("apis"),
            // Each entry was kept as compact bytes: laid out here in the dataset's layout, at its depth.
            "answers": .custom { output, layout in
                JSONValue.writeObject(answerTables.keys, indent: 1, layout: layout, to: &output) { name, output in
                    let entries = answerTables[name]!.entries
                    JSONValue.writeArray(entries.count, indent: 2, layout: layout, to: &output) { index, output in
                        JSONRelayout.write(entries[index], indent: 3, layout: layout, to: &output)
                    }
                }
            },
            "citations": .written(citations.count) { citations.bytes[citations.ranges[$0]] },
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

    /// `range(_:)` written compactly without building it: every segment of every timeline has one.
    static func writeRange(_ range: VersionRange, to output: inout [UInt8]) {
        output.append(0x7B)
        if let from = range.from {
            output += #""from":"#.utf8
            JSONValue.writeString(from.description, to: &output)
        }
        if let until = range.until {
            if range.from != nil { output.append(0x2C) }
            output += #""until":"#.utf8
            JSONValue.writeString(until.description, to: &output)
        }
        output.append(0x7D)
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
