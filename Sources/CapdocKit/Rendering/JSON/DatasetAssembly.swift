import Foundation

/// Puts `capdoc.json` together. Entities are written one at a time into their sections, since the
/// citations and answers they name are tables of the whole dataset; no tree of the whole dataset is
/// held (one took gigabytes at 20,000 services).
///
/// An entity's answers are worked out apart from the tables (`Entry`: its timelines name its citations
/// by position, and what each position cites is kept by content), and numbered into the tables when
/// the entity is written (`commit`): section by section, and the services by id. So a build that
/// renders the services' pages works out each service's entry in the job of its page, from the
/// answers the page was made of (`AnswerTable`, which keeps them until the block's pages are
/// written), and hands it in (`deliver`) in whatever order
/// the jobs end; entries are written as soon as every service before them (by id) is, by whichever
/// job completes that run, and the job that writes the last one finishes the dataset (`finish`, which
/// streams it to its file). Nothing waits: a job with nothing to write goes on. The bytes are those
/// of one thread writing every entity in that order (`prepare` alone does that), whatever the formats
/// built.
///
/// Why by id and not in the vocabulary's order, in which the services are listed: a build renders the
/// services' pages by id, in blocks (`RenderOrder`), so entries handed in by id wait for at most a
/// block. In the vocabulary's order one service late in the alphabet but early in the list (`visits`)
/// held back every entry after it until the last block: a quarter of a gigabyte at 20,000 services.
final class DatasetAssembly: @unchecked Sendable {
    /// An entity's own members (no `answers`, no `citations`), its answers as one compact object, and
    /// what each of the positions its timelines name cites.
    struct Entry {
        var members: [String: JSONValue?]
        var answers: [UInt8]
        var citations: [DatasetCitations.Content]
    }

    private let compiled: CompiledModel
    private let layout: JSONLayout
    private let platforms: [String], levels: [String]
    private let claims: DatasetClaims
    /// The sources about each entity, which its entry names (`consulted`).
    private let sourcesBySubject: SourcesBySubject
    private let services: [Entity]
    /// The services' places in `services`, in the order they are written into the tables: by id.
    private let writingOrder: [Int]
    /// Whether the services' entries are handed in by the jobs that render their pages.
    private let servicesFromPages: Bool

    // The tables and the bytes written so far: used by one thread at a time, the one that prepares
    // (until `prepared`), then the one that drains.
    private var citations: DatasetCitations
    private var written: [UInt8] = []
    private var sections: [String: [Range<Int>]] = [:]
    private var answerTables: [String: DatasetAnswers.Table] = [:]
    /// Each service's entry in `written`, by place in `services`, once written.
    private var serviceEntries: [Range<Int>?]
    /// Whether the dataset was written (`finish`, `bytes`), by the thread that completed it.
    private var finished = false

    // Under `lock`.
    private let lock = NSLock()
    /// Services' entries handed in and not yet written, by place in `services`.
    private var waiting: [Int: Entry] = [:]
    /// The next service to write, by its place in `writingOrder`.
    private var next = 0
    /// Whether the sections before the services are written, so that services may be.
    private var prepared = false
    /// Whether a thread is writing services now.
    private var draining = false

    /// The answers about each service, shared with the pages.
    private let answerTable: AnswerTable

    /// `answers`: the build's table, which the pages share; nil: one of the dataset's own.
    /// `sources`: the build's index of sources by subject, which the pages share; nil: the dataset's own.
    init(
        _ compiled: CompiledModel, layout: JSONLayout, servicesFromPages: Bool, answers: AnswerTable? = nil, sources: SourcesBySubject? = nil
    ) {
        self.compiled = compiled
        self.layout = layout
        answerTable = answers ?? AnswerTable(merge: compiled.merge, model: compiled.model)
        platforms = compiled.vocabulary.ids(.platform)
        levels = compiled.vocabulary.ids(.level)
        claims = DatasetClaims(compiled.model.sources, byReference: compiled.merge.claimsByReference)
        sourcesBySubject = sources ?? SourcesBySubject(compiled.model)
        let services = compiled.vocabulary.all(.service)
        self.services = services
        // The order their pages are rendered in (`ServiceParts.sorted`, which `RenderOrder` follows).
        let vocabulary = compiled.vocabulary
        writingOrder = ServiceParts(vocabulary.ids(.service)).sorted.map { vocabulary.position(.service, $0)! }
        serviceEntries = Array(repeating: nil, count: services.count)
        self.servicesFromPages = servicesFromPages && !services.isEmpty
        citations = DatasetCitations(layout: layout)
    }

    /// The sections of entities that have answers, in the order they are written: the citations they
    /// name are numbered in this order (the services by id, `writingOrder`).
    static let answeredSections: [(kind: EntityKind, name: String)] = [
        (.api, "apis"), (.bundle, "bundles"), (.key, "keys"), (.platform, "platforms"), (.request, "requests"), (.service, "services"), (.status, "statuses"),
    ]

    /// Writes the sections before the services. Where no page hands the services in, writes them too;
    /// otherwise writes the services already handed in. True when every entity is written: `finish`
    /// then writes the dataset.
    func prepare() -> Bool {
        for (kind, name) in Self.answeredSections {
            if kind == .service { break }
            for entity in compiled.vocabulary.all(kind) { sections[name, default: []].append(commit(entry(kind, entity), to: name)) }
        }
        guard servicesFromPages else {
            for slot in writingOrder {
                serviceEntries[slot] = commit(serviceEntry(services[slot], answerTable.answers(slot: slot)), to: "services")
                // No page reads them: each service's answers go as soon as its entry is written.
                answerTable.release([services[slot].id.value])
            }
            return true
        }
        lock.withLock { prepared = true }
        return drain()
    }

    /// Hands in the service at `slot`, from the answers its page was made of: works out its entry on
    /// the calling thread, then writes every entry now in order. True when this wrote the last one:
    /// the caller then calls `finish`.
    func deliver(slot: Int) -> Bool {
        let entry = serviceEntry(services[slot], answerTable.answers(slot: slot))
        lock.withLock { waiting[slot] = entry }
        return drain()
    }

    /// Writes the services handed in, in order, while the next one is there; true for the thread that
    /// writes the last one. One thread drains at a time; another that hands an entry in meanwhile
    /// leaves it to that one, which looks again before it stops.
    private func drain() -> Bool {
        let drains = lock.withLock {
            guard prepared, !draining, next < writingOrder.count, waiting[writingOrder[next]] != nil else { return false }
            draining = true
            return true
        }
        guard drains else { return false }
        while true {
            let taken: (slot: Int, entry: Entry)? = lock.withLock {
                guard next < writingOrder.count, let entry = waiting.removeValue(forKey: writingOrder[next]) else {
                    draining = false
                    return nil
                }
                next += 1
                return (writingOrder[next - 1], entry)
            }
            guard let taken else { return false }
            serviceEntries[taken.slot] = commit(taken.entry, to: "services")
            // Only the draining thread moves `next`, and it is this one.
            if lock.withLock({ next }) == services.count { return true }
        }
    }

    /// Numbers an entity's citations and answers into the dataset's tables (its answers into its
    /// section's), and writes it: where in `written` it is.
    private func commit(_ entry: Entry, to section: String) -> Range<Int> {
        var members = entry.members
        members["answers"] = .number(answerTables[section, default: DatasetAnswers.Table()].index(of: entry.answers))
        members["citations"] = .array(entry.citations.map { .number(citations.index(of: $0)) })
        let start = written.count
        JSONValue.object(members).write(to: &written, indent: 2, layout: layout)
        return start..<written.count
    }

    // MARK: The entries

    private func base(_ entity: Entity) -> [String: JSONValue?] {
        ["id": .string(entity.id.value), "name": .string(entity.name), "summary": .string(entity.summary)]
    }

    /// The entry of an entity other than a service: its members and answers, the answers worked out in
    /// the order written here, which numbers the entity's citations.
    private func entry(_ kind: EntityKind, _ entity: Entity) -> Entry {
        var writer = DatasetAnswers(claims: claims)
        let merge = compiled.merge
        // Every value is read through the gates: where a gate is closed the segment says so instead.
        func values(_ kind: FactKind, _ subject: String, _ platform: String, _ level: String? = nil) -> [UInt8] {
            writer.timeline(answerTable.timeline(kind, subject: subject, platform: platform, level: level), merge: merge)
        }
        // By position: the timeline on `platforms[i]` is the i-th.
        func perPlatform(_ kind: FactKind, _ subject: String) -> [UInt8] {
            DatasetAnswers.array(platforms.map { values(kind, subject, $0) })
        }
        let id = entity.id.value
        var members = base(entity)
        // A platform is no claim's subject: its answers are about the levels and notes on it.
        if kind != .platform { members["consulted"] = .strings(sourcesBySubject.sources(kind, id)) }
        var answers: [String: [UInt8]] = [:]
        switch kind {
        case .platform:
            members["notes"] = .array(
                merge.facts(of: .note).filter { $0.platform == id }.map { fact -> JSONValue in
                    .object([
                        "topic": .string(fact.subject),
                        "os": fact.os.isUnbounded ? nil : DatasetRenderer.range(fact.os),
                        "value": DatasetRenderer.claimValue(fact.value),
                        "deciding": claims.indices(fact.deciding),
                        "corroborating": claims.corroborating(fact.claims, deciding: fact.deciding),
                        "adjudication": fact.adjudication.map(JSONValue.string),
                    ])
                })
            answers["levels"] = DatasetAnswers.array(levels.map { values(.levelSupported, $0, id) })
            answers["levelsEquivalent"] = values(.levelsEquivalent, "", id)
            answers["authorizationCallback"] = values(.authorizationCallback, "", id)
        case .status:
            for attribute in ["symbol", "objc", "level"] { members[attribute] = entity.attributes[attribute].map(JSONValue.string) }
            answers["exists"] = perPlatform(.statusExists, id)
        case .key:
            for attribute in ["label", "type"] { members[attribute] = entity.attributes[attribute].map(JSONValue.string) }
            answers["exists"] = perPlatform(.keyExists, id)
            answers["deprecated"] = perPlatform(.keyDeprecated, id)
        case .request:
            for attribute in ["api", "level"] { members[attribute] = entity.attributes[attribute].map(JSONValue.string) }
            answers["available"] = perPlatform(.requestAvailable, id)
            answers["keys"] = perPlatform(.requestKeys, id)
            answers["deprecated"] = perPlatform(.requestDeprecated, id)
        case .api:
            for attribute in ["symbol", "category", "framework"] { members[attribute] = entity.attributes[attribute].map(JSONValue.string) }
            answers["exists"] = perPlatform(.apiAvailable, id)
            answers["deprecated"] = perPlatform(.apiDeprecated, id)
        case .bundle:
            // By position, as a service's: the i-th platform's list holds a timeline per level.
            answers["levels"] = DatasetAnswers.array(
                platforms.map { platform in DatasetAnswers.array(levels.map { values(.bundleLevelSupported, id, platform, $0) }) })
            answers["background"] = perPlatform(.bundleBackground, id)
        default:
            preconditionFailure("\(kind) has no answers of its own in the dataset")
        }
        return Entry(members: members, answers: DatasetAnswers.object(answers), citations: writer.citations)
    }

    /// A service's entry, from its timelines, in `ServiceAnswers.Answer` order (which numbers its citations).
    private func serviceEntry(_ service: Entity, _ timelines: ServiceAnswers) -> Entry {
        var writer = DatasetAnswers(claims: claims)
        var members = base(service)
        members["apis"] = .strings(service.apis)
        members["consulted"] = .strings(sourcesBySubject.sources(.service, service.id.value))
        var answers: [String: [UInt8]] = [:]
        for answer in ServiceAnswers.Answer.allCases {
            // By position: the timeline on `platforms[i]` (under `levels[j]`) is the i-th (its j-th).
            answers[answer.name] = DatasetAnswers.array(
                platforms.indices.map { platform in
                    answer.perLevel
                        ? DatasetAnswers.array(
                            levels.indices.map { writer.timeline(timelines.timeline(answer, platform: platform, level: $0), merge: compiled.merge) })
                        : writer.timeline(timelines.timeline(answer, platform: platform), merge: compiled.merge)
                })
        }
        return Entry(members: members, answers: DatasetAnswers.object(answers), citations: writer.citations)
    }

    // MARK: The whole

    /// The whole dataset in one buffer (for a caller with no file to stream it to), once `prepare` or
    /// `deliver` said every entity is written.
    func bytes() -> [UInt8] {
        var bytes: [UInt8] = []
        write { bytes += $0 }
        return bytes
    }

    /// Once `prepare` or `deliver` said every entity is written: writes the statuses, the last section,
    /// then hands the dataset to `piece` in pieces of about a megabyte (`JSONStream.spill`), so that
    /// it is never whole in memory: made whole, late in a build, it was the build's peak of memory.
    /// The first error `piece` throws stops the writing and is thrown.
    func finish(_ piece: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(piece) { piece in
            var failure: (any Error)?
            write { bytes in
                guard failure == nil else { return }
                do { try piece(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Writes the statuses, the last section, then the dataset around the sections, handing its bytes
    /// to `piece` as they are made.
    private func write(_ piece: @escaping ([UInt8]) -> Void) {
        // It takes the tables with it (below): a second time would write a dataset without them.
        precondition(!finished, "capdoc.json is written once")
        finished = true
        for status in compiled.vocabulary.all(.status) { sections["statuses", default: []].append(commit(entry(.status, status), to: "statuses")) }
        // Listed in the vocabulary's order, whatever the order they were written in.
        sections["services"] = serviceEntries.map { $0! }
        let vocabulary = compiled.vocabulary
        let merge = compiled.merge
        // The tables move out of the assembly: the dataset's bytes are the last thing made of them, and
        // they go when it is made rather than when the build ends.
        let written = written, sections = sections, answerTables = answerTables, citations = citations, claims = claims
        self.written = []
        self.sections = [:]
        self.answerTables = [:]
        self.citations = DatasetCitations(layout: layout)
        func member(_ name: String) -> JSONStream.Member {
            let ranges = sections[name] ?? []
            return .written(ranges.count) { written[ranges[$0]] }
        }
        let flow: JSONValue = .object([
            "states": .array(
                vocabulary.all(.state).map { state in
                    var members = base(state)
                    members["status"] = state.attributes["status"].map(JSONValue.string)
                    return .object(members)
                }),
            "triggers": .array(
                vocabulary.all(.trigger).map { trigger in
                    var members = base(trigger)
                    members["request"] = trigger.attributes["request"].map(JSONValue.string)
                    return .object(members)
                }),
            "choices": .array(vocabulary.all(.choice).map { .object(base($0)) }),
            "initialState": .string(answerTable.flow.initialState),
            "transitions": .array(answerTable.flowRows.map { DatasetRenderer.transition($0, claims: claims) }),
        ])
        let adjudications = Dictionary(uniqueKeysWithValues: compiled.model.adjudications.map { ($0.id.value, $0) })
        let conflicts: [JSONValue] = merge.contradictions.map { contradiction in
            let ruling: JSONValue =
                contradiction.adjudication.flatMap { adjudications[$0] }.map { adjudication in
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
                "os": .object(contradiction.ranges.mapValues { .array($0.map(DatasetRenderer.range)) }),
                "gate": contradiction.gate.map(JSONValue.string),
                "ruling": ruling,
            ])
        }
        let sources = compiled.model.sources
        var stream = JSONStream(layout: layout)
        stream.spill = { bytes in
            piece(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        stream.object([
            "schemaVersion": .value(.string(DatasetRenderer.schemaVersion)),
            "generator": .value(.string("capdoc \(Capdoc.version)")),
            "platforms": member("platforms"),
            "levels": .value(.array(vocabulary.all(.level).map { .object(base($0)) })),
            "statuses": member("statuses"),
            "services": member("services"),
            "keys": member("keys"),
            "requests": member("requests"),
            "apis": member("apis"),
            "bundles": member("bundles"),
            // Each entry was kept as compact bytes: laid out here in the dataset's layout, at its depth.
            "answers": .custom { output, layout in
                let names = Self.answeredSections.map(\.name)
                JSONValue.writeObject(names, indent: 1, layout: layout, to: &output) { name, output in
                    let entries = answerTables[name]?.entries ?? []
                    JSONValue.writeArray(entries.count, indent: 2, layout: layout, to: &output) { index, output in
                        JSONRelayout.write(entries[index], indent: 3, layout: layout, to: &output)
                    }
                }
            },
            "citations": .written(citations.count) { citations.bytes[citations.ranges[$0]] },
            "gates": .value(.array(compiled.model.gates.map(DatasetRenderer.gate))),
            "flow": .value(flow),
            "sources": .elements(sources.count) { DatasetRenderer.source(sources[$0]) },
            "claims": .elements(claims.claims.count) { claims.entry($0) },
            "conflicts": .value(.array(conflicts)),
        ])
        stream.bytes.append(0x0A)
        piece(stream.bytes)
    }
}
