import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// capdoc.json 5.0: compact by default and indented with --pretty (the same data), every index
/// resolving, each timeline saying what the gated facts say, and its segments merged where nothing
/// tells them apart.
@Suite("Dataset")
struct DatasetTests {
    static let templates = Paths.package.appendingPathComponent("Templates").path

    func compiled(_ tree: FixtureTree) -> CompiledModel {
        let report = tree.check(archives: false)
        return CompiledModel(model: report.model, merge: report.merge)
    }

    func dataset(_ compiled: CompiledModel, pretty: Bool = false) throws -> Data {
        let files = try Builder(formats: [.json], templates: Self.templates, prettyDataset: pretty).render(compiled)
        return try #require(files.first { $0.path == DatasetRenderer.datasetFile }).contents
    }

    @Test("--pretty writes the base fixture's dataset indented: its golden file")
    func prettyGolden() throws {
        let files = try Builder(formats: [.json], templates: Self.templates, prettyDataset: true).render(compiled(.base()))
        try Golden.compare(files, folder: "base-json-pretty")
    }

    @Test("the compact dataset is one line holding the same data as the pretty one")
    func compactIsPrettyWithoutWhitespace() throws {
        let shipped = compiled(.shipped())
        let compact = try dataset(shipped)
        let pretty = try dataset(shipped, pretty: true)
        #expect(compact.filter { $0 == 0x0A }.count == 1 && compact.last == 0x0A, "one line")
        #expect(compact.count * 3 < pretty.count * 2, "the indentation was a third of the pretty bytes")
        let compactData = try JSONSerialization.jsonObject(with: compact) as? NSDictionary
        let prettyData = try JSONSerialization.jsonObject(with: pretty) as? NSDictionary
        #expect(compactData != nil && compactData == prettyData)
    }

    /// The dataset as Foundation reads it.
    func parsed(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A 5.0 segment's deciding claims, corroborating claims and ruling, read through its entity's
    /// citations as the schema describes: its facts' claims in order, each once.
    static func resolved(_ segment: [String: Any], entityCitations: [Int], citations: [[String: Any]])
        -> (deciding: [Int], corroborating: [Int], adjudication: String?)
    {
        let facts = (segment["citations"] as? [Int] ?? []).map { citations[entityCitations[$0]] }
        var deciding: [Int] = []
        for fact in facts { for claim in fact["deciding"] as? [Int] ?? [] where !deciding.contains(claim) { deciding.append(claim) } }
        var corroborating: [Int] = []
        for fact in facts {
            for claim in fact["corroborating"] as? [Int] ?? [] where !deciding.contains(claim) && !corroborating.contains(claim) { corroborating.append(claim) }
        }
        return (deciding, corroborating, facts.lazy.compactMap { $0["adjudication"] as? String }.first)
    }

    @Test(
        "every index names an entry: entities name answers and citations, segments name their entity's citations, citations and the rest name claims, claims name sources"
    )
    func indicesResolve() throws {
        let data = try parsed(dataset(compiled(.shipped())))
        #expect(data["schemaVersion"] as? String == DatasetRenderer.schemaVersion)
        let citations = try #require(data["citations"] as? [[String: Any]])
        let claims = try #require(data["claims"] as? [[String: Any]])
        let sources = try #require(data["sources"] as? [[String: Any]])
        let answers = try #require(data["answers"] as? [String: [[String: Any]]])
        for claim in claims { #expect((claim["source"] as? Int).map { sources.indices.contains($0) } == true) }
        var claimIndices: [Int] = []
        for citation in citations {
            let deciding = citation["deciding"] as? [Int] ?? []
            #expect(!deciding.isEmpty, "a fact is decided by at least one claim")
            claimIndices += deciding + (citation["corroborating"] as? [Int] ?? [])
        }
        for conflict in data["conflicts"] as? [[String: Any]] ?? [] {
            claimIndices += conflict["claims"] as? [Int] ?? []
            if let ruling = conflict["ruling"] as? [String: Any] { claimIndices += [ruling["prevails"] as? Int ?? -1] + (ruling["over"] as? [Int] ?? []) }
        }
        #expect(!claimIndices.isEmpty && claimIndices.allSatisfy(claims.indices.contains))

        var named = Set<Int>()
        for section in DatasetAssembly.answeredSections.map(\.name) {
            let table = try #require(answers[section])
            for entity in try #require(data[section] as? [[String: Any]]) {
                let index = try #require(entity["answers"] as? Int)
                let own = try #require(entity["citations"] as? [Int])
                #expect(table.indices.contains(index) && own.allSatisfy(citations.indices.contains))
                #expect(Set(own).count == own.count, "an entity lists each citation once")
                named.formUnion(own)
                // Each position the entity's answers name is in its list, and each of its citations is named.
                var positions = Set<Int>()
                func walk(_ value: Any) {
                    if let segments = value as? [[String: Any]] {
                        for segment in segments { positions.formUnion(segment["citations"] as? [Int] ?? []) }
                    } else if let nested = value as? [Any] {
                        nested.forEach(walk)
                    }
                }
                table[index].values.forEach(walk)
                #expect(positions == Set(own.indices), "\(section) \(entity["id"] ?? "?") names exactly its citations")
            }
        }
        #expect(named == Set(citations.indices), "every citation is some entity's")

        // Timelines: every platform of every service, its segments merged where they say the same.
        let platformCount = try #require(data["platforms"] as? [Any]).count
        let levelCount = try #require(data["levels"] as? [Any]).count
        var timelines = 0
        for service in try #require(data["services"] as? [[String: Any]]) {
            let own = try #require(service["citations"] as? [Int])
            let index = try #require(service["answers"] as? Int)
            let shape = try #require(answers["services"]?[index])
            let available = try #require(shape["available"] as? [[[[String: Any]]]])
            let onPlatform = try #require(shape["onPlatform"] as? [[[String: Any]]])
            #expect(available.count == platformCount && available.allSatisfy { $0.count == levelCount } && onPlatform.count == platformCount)
            for timeline in available.joined() + onPlatform {
                timelines += 1
                for (first, second) in zip(timeline, timeline.dropFirst()) {
                    let same =
                        first["answer"] as? String == second["answer"] as? String && first["gate"] as? String == second["gate"] as? String
                        && (first["value"] as? NSObject) == (second["value"] as? NSObject)
                        && Self.resolved(first, entityCitations: own, citations: citations).deciding
                            == Self.resolved(second, entityCitations: own, citations: citations).deciding
                    #expect(!same, "adjacent segments say the same: merged")
                }
            }
        }
        #expect(timelines > 100)
    }

    @Test(
        "read through its citations, every timeline of the dataset says what the gated facts say: answer, OS range, deciding and corroborating claims in order, ruling"
    )
    func timelinesMatchTheGatedFacts() throws {
        let shipped = compiled(.shipped())
        let data = try parsed(dataset(shipped))
        let citations = try #require(data["citations"] as? [[String: Any]])
        let claims = try #require(data["claims"] as? [[String: Any]])
        let sources = try #require(data["sources"] as? [[String: Any]])
        func reference(_ index: Int) -> String {
            "\(sources[claims[index]["source"] as? Int ?? -1]["id"] as? String ?? "?")#\(claims[index]["id"] as? String ?? "?")"
        }
        let gated = GatedFacts(merge: shipped.merge, model: shipped.model)
        let platforms = shipped.vocabulary.ids(.platform)
        let levels = shipped.vocabulary.ids(.level)
        let shapes = try #require((data["answers"] as? [String: [[String: Any]]])?["services"])
        var compared = 0
        for service in try #require(data["services"] as? [[String: Any]]) {
            let id = try #require(service["id"] as? String)
            let own = try #require(service["citations"] as? [Int])
            let shape = shapes[try #require(service["answers"] as? Int)]
            let available = try #require(shape["available"] as? [[[[String: Any]]]])
            let reduced = try #require(shape["availableWithReducedAccuracy"] as? [[[[String: Any]]]])
            for (p, platform) in platforms.enumerated() {
                for (l, level) in levels.enumerated() {
                    for (written, accuracy) in [(available[p][l], Accuracy.full), (reduced[p][l], .reduced)] {
                        let expected = gated.timeline(.serviceAvailable, subject: id, platform: platform, level: level, accuracy: accuracy)
                        #expect(written.count == expected.count, "\(id) on \(platform) under \(level)")
                        for (segment, truth) in zip(written, expected) {
                            let read = Self.resolved(segment, entityCitations: own, citations: citations)
                            let decided = Set(truth.deciding)
                            #expect(segment["answer"] as? String == truth.answer.id)
                            #expect((segment["os"] as? [String: String])?["from"] == truth.os.from?.description)
                            #expect((segment["os"] as? [String: String])?["until"] == truth.os.until?.description)
                            #expect(read.deciding.map(reference) == truth.deciding)
                            #expect(read.corroborating.map(reference) == truth.claims.filter { !decided.contains($0) })
                            #expect(read.adjudication == truth.adjudications.first)
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 100)
    }

    @Test("each distinct citation is listed once, and each kind's distinct answers once")
    func tablesHoldEachEntryOnce() throws {
        let data = try parsed(dataset(compiled(.shipped())))
        let citations = try #require(data["citations"] as? [NSDictionary])
        #expect(Set(citations).count == citations.count)
        for (section, table) in try #require(data["answers"] as? [String: [NSDictionary]]) {
            #expect(Set(table).count == table.count, "\(section)")
        }
    }

    @Test("services whose answers have the same shape share them: 100 generated services in 20 shapes (10 first versions, relaunching or not)")
    func answersAreShared() throws {
        let data = try parsed(dataset(compiled(SplitPagesTests.content(services: 100))))
        let services = try #require(data["services"] as? [[String: Any]])
        let shapes = try #require((data["answers"] as? [String: [Any]])?["services"])
        let shipped = try #require(try parsed(dataset(compiled(.shipped())))["services"] as? [Any]).count
        #expect(services.count == shipped + 100)
        #expect(shapes.count <= shipped + 20)
    }

    @Test("a segment's OS range written directly is range(_:) written compactly, for every kind of bound")
    func rangeWrittenDirectly() {
        let v4 = Version("4"), v10 = Version("10.15.4")
        for range in [VersionRange(from: v4, until: v10), VersionRange(from: v4), VersionRange(until: v10), .all] {
            var direct: [UInt8] = [], built: [UInt8] = []
            DatasetRenderer.writeRange(range, to: &direct)
            DatasetRenderer.range(range).write(to: &built, indent: 0, layout: .compact)
            #expect(direct == built, "\(range)")
        }
    }

    @Test("the dataset is the same bytes whether the services' pages hand their timelines in or the dataset works them out, in whatever order the pages end")
    func assembledFromPages() throws {
        let shipped = compiled(.shipped())
        let alone = try dataset(shipped)
        // A build of every format hands each service in from its page's job.
        let everyFormat = try Builder(templates: Self.templates).render(shipped)
        #expect(try #require(everyFormat.first { $0.path == DatasetRenderer.datasetFile }).contents == alone)
        // The shipped services are not listed by id (`visits` is third), so entries wait for the ones
        // before them: handed in backwards, in the list's order and shuffled, the bytes are the same.
        let ids = shipped.vocabulary.ids(.service)
        #expect(ids != ids.sorted(), "the fixture lists its services out of id order")
        var generator = SystemRandomNumberGenerator()
        for order in [Array(ids.indices.reversed()), Array(ids.indices), ids.indices.shuffled(using: &generator)] {
            let assembly = DatasetAssembly(shipped, layout: .compact, servicesFromPages: true)
            // Handed in before the sections ahead of the services are written, and after.
            for (step, slot) in order.enumerated() {
                if step == order.count / 2 { #expect(!assembly.prepare(), "services are still missing") }
                let finished = assembly.deliver(slot: slot)
                #expect(finished == (step == order.count - 1), "only the last service handed in completes the dataset")
            }
            // Streamed in pieces, as a build writes it to its file, or made whole: the same bytes.
            var pieces: [UInt8] = []
            try assembly.finish { pieces += $0 }
            #expect(Data(pieces) == alone, "\(order)")
        }
    }

    @Test("each of a service's answers is the gated timeline of its fact kind, level and accuracy, whatever order they are asked in")
    func serviceAnswersAreTheGatedTimelines() {
        let shipped = compiled(.shipped())
        let gated = GatedFacts(merge: shipped.merge, model: shipped.model)
        let matrix = Matrix(gated: gated)
        // Written out here, apart from `ServiceAnswers.Answer`: the dataset's member, its fact kind, its
        // accuracy and whether it is given per level.
        let expected: [(answer: ServiceAnswers.Answer, name: String, kind: FactKind, accuracy: Accuracy, perLevel: Bool)] = [
            (.onPlatform, "onPlatform", .serviceOnPlatform, .full, false),
            (.available, "available", .serviceAvailable, .full, true),
            (.launchesTerminatedApp, "launchesTerminatedApp", .launchesTerminatedApp, .full, true),
            (.deprecated, "deprecated", .serviceDeprecated, .full, false),
            (.availableWithReducedAccuracy, "availableWithReducedAccuracy", .serviceAvailable, .reduced, true),
            (.worksWithReducedAccuracy, "worksWithReducedAccuracy", .worksWithReducedAccuracy, .full, false),
            (.explicitRequestRequired, "explicitRequestRequired", .explicitRequestRequired, .full, false),
            (.optOutKey, "optOutKey", .optOutKey, .full, false),
            (.backgroundModeRequired, "backgroundModeRequired", .backgroundModeRequired, .full, false),
            (.backgroundDelivery, "backgroundDelivery", .backgroundDelivery, .full, false),
        ]
        #expect(expected.map(\.answer) == ServiceAnswers.Answer.allCases, "every answer, in the dataset's order")
        let platforms = shipped.vocabulary.ids(.platform), levels = shipped.vocabulary.ids(.level)
        func same(_ a: [GatedFacts.Segment], _ b: [GatedFacts.Segment]) -> Bool {
            a.map { [$0.os.description, $0.answer.id] + $0.facts.flatMap(\.claims) }
                == b.map { [$0.os.description, $0.answer.id] + $0.facts.flatMap(\.claims) }
        }
        var generator = SystemRandomNumberGenerator()
        for service in shipped.vocabulary.ids(.service) {
            let answers = ServiceAnswers(service: service, matrix: matrix)
            // Asked in a shuffled order, each twice: a slot that two answers shared would give one the other's.
            var asks: [(Int, Int, Int)] = []
            for (index, row) in expected.enumerated() {
                for platform in platforms.indices { for level in (row.perLevel ? Array(levels.indices) : [0]) { asks.append((index, platform, level)) } }
            }
            for (index, platform, level) in (asks + asks).shuffled(using: &generator) {
                let row = expected[index]
                #expect(
                    row.answer.name == row.name && row.answer.kind == row.kind && row.answer.accuracy == row.accuracy && row.answer.perLevel == row.perLevel)
                let truth = gated.timeline(
                    row.kind, subject: service, platform: platforms[platform], level: row.perLevel ? levels[level] : nil, accuracy: row.accuracy)
                #expect(same(answers.timeline(row.answer, platform: platform, level: level), truth), "\(service) \(row.name) \(platforms[platform]) \(level)")
            }
        }
    }

    @Test("a service's support in its answers is the matrix's timeline, for every platform and level")
    func supportIsTheMatrixTimeline() throws {
        let shipped = compiled(.shipped())
        let matrix = Matrix(gated: GatedFacts(merge: shipped.merge, model: shipped.model))
        let platforms = shipped.vocabulary.ids(.platform), levels = shipped.vocabulary.ids(.level)
        func words(_ timeline: ServiceAnswers.SupportTimeline) -> [String] {
            timeline.map {
                "\($0.os) \($0.support.availability.id) \($0.support.relaunch.id) \($0.support.deprecation?.since?.description ?? "-") \($0.support.claims)"
            }
        }
        for service in shipped.vocabulary.ids(.service) {
            let answers = ServiceAnswers(service: service, matrix: matrix)
            for (p, platform) in platforms.enumerated() {
                for (l, level) in levels.enumerated() {
                    #expect(
                        words(answers.support(platform: p, level: l)) == words(matrix.timeline(service: service, platform: platform, level: level)),
                        "\(service) \(platform) \(level)")
                }
            }
        }
    }

    @Test("a stream spilled between elements, in pieces of any size, is the bytes it writes whole, in either layout")
    func spilledStream() {
        let members: [String: JSONValue] = ["b": .array((0..<40).map { .number($0) }), "a": .string("first")]
        for layout in [JSONLayout.compact, .pretty] {
            func write(_ stream: inout JSONStream) {
                stream.object([
                    "list": .elements(50) { index in .object(["n": .number(index), "text": .string(String(repeating: "x", count: index))]) },
                    "written": .written(30) { index in ArraySlice(Array("\(index * 7)".utf8)) },
                    "value": .value(.object(members.mapValues { $0 })),
                ])
            }
            var whole = JSONStream(layout: layout)
            write(&whole)
            for size in [1, 7, 100, 4096] {
                var pieces: [[UInt8]] = []
                var spilled = JSONStream(layout: layout)
                spilled.spillSize = size
                spilled.spill = { bytes in
                    pieces.append(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
                write(&spilled)
                #expect(pieces.joined() + spilled.bytes == whole.bytes, "\(layout) \(size)")
                #expect(size >= whole.bytes.count || !pieces.isEmpty, "it spilled")
            }
        }
    }

    @Test("the first error of the file the dataset is streamed to stops the writing and is thrown")
    func streamedDatasetFailure() throws {
        struct Full: Error {}
        let assembly = DatasetAssembly(compiled(.shipped()), layout: .compact, servicesFromPages: false)
        #expect(assembly.prepare())
        var calls = 0
        #expect(throws: Full.self) {
            try assembly.finish { _ in
                calls += 1
                throw Full()
            }
        }
        #expect(calls == 1, "no piece after the first failure")
    }

    @Test("citations are numbered the first time each content is met, past many growths of their table and alike contents")
    func citationNumbering() {
        var generator = SystemRandomNumberGenerator()
        var citations = DatasetCitations(layout: .compact)
        var reference: [DatasetCitations.Content: Int] = [:]
        // Contents that differ only in where a claim is (deciding or corroborating), in their ruling, or
        // in one claim: each is a citation of its own.
        let rulings: [String?] = [nil, "ruling-a", "ruling-b"]
        for _ in 0..<20_000 {
            let deciding = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Int32.random(in: 0..<40, using: &generator) }
            let corroborating = (0..<Int.random(in: 0...1, using: &generator)).map { _ in Int32.random(in: 0..<40, using: &generator) }
            let content = DatasetCitations.Content(deciding: deciding, corroborating: corroborating, adjudication: rulings.randomElement(using: &generator)!)
            let expected = reference[content] ?? reference.count
            reference[content] = expected
            #expect(citations.index(of: content) == expected)
        }
        #expect(citations.count == reference.count && reference.count > 2_000, "the table grew several times")
    }
}
