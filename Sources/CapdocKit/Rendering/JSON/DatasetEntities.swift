/// One entity of the dataset (a service, key, request, API, status, platform or kind of bundle) as
/// compact JSON: its own members and its answers, keyed by platform id (and level id), every
/// timeline read from the answer table the pages read (`AnswerTable`). The same bytes are the
/// entity's own file (`data/services/region-monitoring.json`) and its entry in `capdoc.json`.
struct DatasetEntities {
    let compiled: CompiledModel
    let answers: AnswerTable
    let sourcesBySubject: SourcesBySubject
    private let platforms: [String], levels: [String]
    private let timeline: DatasetTimeline

    init(_ compiled: CompiledModel, answers: AnswerTable, sources: SourcesBySubject) {
        self.compiled = compiled
        self.answers = answers
        sourcesBySubject = sources
        platforms = compiled.vocabulary.ids(.platform)
        levels = compiled.vocabulary.ids(.level)
        timeline = DatasetTimeline(merge: compiled.merge, relaunch: compiled.vocabulary.domain.relaunch)
    }

    /// The sections of entities with answers of their own, each the folder of their files under `data/`.
    static let sections: [(kind: EntityKind, name: String)] = [
        (.api, "apis"), (.bundle, "bundles"), (.key, "keys"), (.platform, "platforms"), (.request, "requests"), (.service, "services"),
        (.status, "statuses"),
    ]

    static func section(of kind: EntityKind) -> String { sections.first { $0.kind == kind }!.name }

    /// A member written as compact bytes, or a value to write.
    private enum Member {
        case bytes([UInt8])
        case value(JSONValue)
    }

    private func base(_ entity: Entity) -> [String: Member] {
        ["id": .value(.string(entity.id.value)), "name": .value(.string(entity.name)), "summary": .value(.string(entity.summary))]
    }

    private func attributes(_ names: [String], of entity: Entity, into members: inout [String: Member]) {
        for name in names { if let value = entity.attributes[name] { members[name] = .value(.string(value)) } }
    }

    /// An object of members already ordered by `writeObject`.
    private static func object(_ members: [String: Member]) -> [UInt8] {
        var output: [UInt8] = []
        JSONValue.writeObject(members.keys, indent: 0, layout: .compact, to: &output) { name, output in
            switch members[name]! {
            case let .bytes(bytes): output += bytes
            case let .value(value): value.write(to: &output, indent: 0, layout: .compact)
            }
        }
        return output
    }

    /// `{"ios": {...}, "macos": {...}}`: for each platform, its answers by name.
    private func perPlatform(_ answers: (String) -> [String: Member]) -> Member {
        .bytes(Self.object(Dictionary(uniqueKeysWithValues: platforms.map { ($0, .bytes(Self.object(answers($0)))) })))
    }

    private func gated(_ kind: FactKind, _ subject: String, _ platform: String, _ level: String? = nil) -> Member {
        .bytes(timeline.bytes(answers.timeline(kind, subject: subject, platform: platform, level: level)))
    }

    /// The entity of a kind other than a service (whose answers come from its page's `ServiceAnswers`).
    func entity(_ kind: EntityKind, _ entity: Entity) -> [UInt8] {
        let id = entity.id.value
        var members = base(entity)
        // A platform is no claim's subject: its answers are about the levels and notes on it.
        if kind != .platform { members["consulted"] = .value(.strings(sourcesBySubject.sources(kind, id))) }
        switch kind {
        case .platform:
            members["notes"] = .value(notes(on: id))
            members["levels"] = .bytes(Self.object(Dictionary(uniqueKeysWithValues: levels.map { ($0, gated(.levelSupported, $0, id)) })))
            members["levelsEquivalent"] = gated(.levelsEquivalent, "", id)
            members["authorizationCallback"] = gated(.authorizationCallback, "", id)
        case .status:
            attributes(["symbol", "objc", "level"], of: entity, into: &members)
            members["platforms"] = perPlatform { ["exists": gated(.statusExists, id, $0)] }
        case .key:
            attributes(["label", "type"], of: entity, into: &members)
            members["platforms"] = perPlatform { ["exists": gated(.keyExists, id, $0), "deprecated": gated(.keyDeprecated, id, $0)] }
        case .request:
            attributes(["api", "level"], of: entity, into: &members)
            members["platforms"] = perPlatform {
                ["available": gated(.requestAvailable, id, $0), "keys": gated(.requestKeys, id, $0), "deprecated": gated(.requestDeprecated, id, $0)]
            }
        case .api:
            attributes(["symbol", "category", "framework"], of: entity, into: &members)
            members["platforms"] = perPlatform { ["exists": gated(.apiAvailable, id, $0), "deprecated": gated(.apiDeprecated, id, $0)] }
        case .bundle:
            members["platforms"] = perPlatform { platform in
                [
                    "background": gated(.bundleBackground, id, platform),
                    "levels": .bytes(Self.object(Dictionary(uniqueKeysWithValues: levels.map { ($0, gated(.bundleLevelSupported, id, platform, $0)) }))),
                ]
            }
        default:
            preconditionFailure("\(kind) has no answers of its own in the dataset")
        }
        return Self.object(members)
    }

    /// A service, from its answers (worked out once for its page, the matrix and the dataset).
    func service(_ service: Entity, _ answers: ServiceAnswers) -> [UInt8] {
        var members = base(service)
        members["apis"] = .value(.strings(service.apis))
        members["consulted"] = .value(.strings(sourcesBySubject.sources(.service, service.id.value)))
        var platformMembers: [String: Member] = [:]
        for (p, platform) in platforms.enumerated() {
            var onPlatform: [String: Member] = [:]
            for answer in ServiceAnswers.Answer.allCases where !answer.perLevel {
                onPlatform[answer.name] = .bytes(timeline.bytes(answers.timeline(answer, platform: p)))
            }
            var levelMembers: [String: Member] = [:]
            for (l, level) in levels.enumerated() {
                // `support` is availability and relaunch read together (what a matrix cell shows), so
                // their own timelines are not repeated; every other answer given per level (reduced
                // accuracy, the explicit request) is a timeline of its own.
                var underLevel: [String: Member] = [:]
                for answer in ServiceAnswers.Answer.allCases where answer.perLevel && answer != .available && answer != .launchesTerminatedApp {
                    underLevel[answer.name] = .bytes(timeline.bytes(answers.timeline(answer, platform: p, level: l)))
                }
                var support: [UInt8] = []
                timeline.writeSupport(answers.support(platform: p, level: l), to: &support)
                underLevel["support"] = .bytes(support)
                levelMembers[level] = .bytes(Self.object(underLevel))
            }
            onPlatform["levels"] = .bytes(Self.object(levelMembers))
            platformMembers[platform] = .bytes(Self.object(onPlatform))
        }
        members["platforms"] = .bytes(Self.object(platformMembers))
        return Self.object(members)
    }

    /// What the sources note about a platform (a topic, the OS versions it holds for, its value).
    private func notes(on platform: String) -> JSONValue {
        .array(
            compiled.merge.facts(of: .note).filter { $0.platform == platform }.map { fact -> JSONValue in
                let citations = DatasetTimeline.Citations([fact])
                return .object([
                    "topic": .string(fact.subject),
                    "os": fact.os.isUnbounded ? nil : DatasetRenderer.range(fact.os),
                    "value": DatasetRenderer.claimValue(fact.value),
                    "citations": .strings(citations.deciding),
                    "corroborating": citations.corroborating.isEmpty ? nil : .strings(citations.corroborating),
                    "moreCorroborating": citations.moreCorroborating,
                    "adjudications": citations.adjudications.isEmpty ? nil : .strings(citations.adjudications),
                ])
            })
    }
}
