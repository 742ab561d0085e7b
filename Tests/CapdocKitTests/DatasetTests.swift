import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// capdoc.json 6.0: keyed by ids, every citation a claim reference that resolves, each entity's file
/// its entry, every timeline what the answer table says, and `query` answering as the dataset does.
@Suite("Dataset")
struct DatasetTests {
    static let templates = Paths.package.appendingPathComponent("Templates").path

    func compiled(_ tree: FixtureTree) -> CompiledModel {
        let report = tree.check(archives: false)
        return CompiledModel(model: report.model, merge: report.merge)
    }

    func files(_ compiled: CompiledModel, pretty: Bool = false) throws -> [OutputFile] {
        try Builder(formats: [.json], templates: Self.templates, prettyDataset: pretty).render(compiled)
    }

    func dataset(_ compiled: CompiledModel, pretty: Bool = false) throws -> Data {
        try #require(try files(compiled, pretty: pretty).first { $0.path == DatasetRenderer.datasetFile }).contents
    }

    /// The dataset as Foundation reads it.
    func parsed(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static let shipped: CompiledModel = {
        let report = FixtureTree.shipped().check(archives: false)
        return CompiledModel(model: report.model, merge: report.merge)
    }()

    @Test("--pretty writes the base fixture's dataset indented: its golden files")
    func prettyGolden() throws {
        try Golden.compare(files(compiled(.base()), pretty: true), folder: "base-json-pretty")
    }

    @Test("the compact dataset is one line holding the same data as the pretty one")
    func compactIsPrettyWithoutWhitespace() throws {
        let compact = try dataset(Self.shipped)
        let pretty = try dataset(Self.shipped, pretty: true)
        #expect(compact.filter { $0 == 0x0A }.count == 1 && compact.last == 0x0A, "one line")
        let compactData = try JSONSerialization.jsonObject(with: compact) as? NSDictionary
        let prettyData = try JSONSerialization.jsonObject(with: pretty) as? NSDictionary
        #expect(compactData != nil && compactData == prettyData)
    }

    @Test("capdoc.json.gz is capdoc.json, gzipped")
    func compressed() throws {
        let files = try files(Self.shipped)
        let json = try #require(files.first { $0.path == DatasetRenderer.datasetFile }).contents
        let gz = try #require(files.first { $0.path == DatasetRenderer.compressedFile }).contents
        #expect(gz.count * 5 < json.count, "it compresses")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("capdoc.json.gz")
        try gz.write(to: file)
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-d", file.path]
        try gunzip.run()
        gunzip.waitUntilExit()
        #expect(gunzip.terminationStatus == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("capdoc.json")) == json)
    }

    @Test("each entity's file under data/ is its entry in capdoc.json, in either layout; each source's file holds its claims")
    func entityFilesAreTheEntries() throws {
        for pretty in [false, true] {
            let files = try files(Self.shipped, pretty: pretty)
            let data = try parsed(try #require(files.first { $0.path == DatasetRenderer.datasetFile }).contents)
            var checked = 0
            for (kind, section) in DatasetEntities.sections {
                let entries = try #require(data[section] as? [String: Any])
                #expect(entries.count == Self.shipped.vocabulary.ids(kind).count, "\(section)")
                for (id, entry) in entries {
                    let file = try #require(files.first { $0.path == "data/\(section)/\(id).json" }, "data/\(section)/\(id).json")
                    let own = try JSONSerialization.jsonObject(with: file.contents) as? NSDictionary
                    #expect(own == (entry as? NSDictionary), "\(section)/\(id)")
                    checked += 1
                }
            }
            #expect(checked > 50)
            let claims = try #require(data["claims"] as? [String: Any])
            for source in Self.shipped.model.sources {
                let file = try #require(files.first { $0.path == "data/sources/\(source.id.value).json" })
                let own = try #require(try JSONSerialization.jsonObject(with: file.contents) as? [String: Any])
                let ownClaims = try #require(own["claims"] as? [String: Any])
                #expect(ownClaims.count == source.claims.count)
                for (reference, claim) in ownClaims { #expect((claim as? NSDictionary) == (claims[reference] as? NSDictionary)) }
            }
        }
    }

    /// Every `citations`, `corroborating` and `adjudications` list anywhere under `value`.
    static func references(in value: Any, into found: inout (claims: [String], rulings: [String])) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                switch key {
                case "citations", "corroborating": found.claims += member as? [String] ?? []
                case "adjudications" where member is [String]: found.rulings += member as? [String] ?? []
                default: references(in: member, into: &found)
                }
            }
        } else if let list = value as? [Any] {
            for member in list { references(in: member, into: &found) }
        }
    }

    @Test("every claim reference is a key of claims, every ruling a key of adjudications, every claim's source a key of sources")
    func referencesResolve() throws {
        let data = try parsed(dataset(Self.shipped))
        #expect(data["schemaVersion"] as? String == DatasetRenderer.schemaVersion)
        let claims = try #require(data["claims"] as? [String: [String: Any]])
        let sources = try #require(data["sources"] as? [String: Any])
        let adjudications = try #require(data["adjudications"] as? [String: [String: Any]])
        #expect(claims.count == Self.shipped.model.sources.reduce(0) { $0 + $1.claims.count })
        for (reference, claim) in claims {
            let source = try #require(claim["source"] as? String)
            #expect(sources[source] != nil && reference == "\(source)#\(claim["id"] as? String ?? "")")
            #expect((claim["url"] as? String)?.hasPrefix("https://") == true && claim["quote"] is String)
        }
        var found: (claims: [String], rulings: [String]) = ([], [])
        for section in ["services", "keys", "requests", "apis", "statuses", "platforms", "bundles", "flow"] {
            Self.references(in: data[section] as Any, into: &found)
        }
        for conflict in data["conflicts"] as? [[String: Any]] ?? [] {
            found.claims += conflict["claims"] as? [String] ?? []
            if let ruling = conflict["adjudication"] as? String { found.rulings.append(ruling) }
        }
        for adjudication in adjudications.values {
            found.claims += [adjudication["prevails"] as? String ?? "?"] + (adjudication["over"] as? [String] ?? [])
        }
        #expect(found.claims.count > 1000 && found.rulings.count > 10)
        #expect(found.claims.filter { claims[$0] == nil } == [])
        #expect(found.rulings.filter { adjudications[$0] == nil } == [])
        let content = try #require(data["content"] as? [String: Any])
        #expect(content["version"] as? String == Self.shipped.vocabulary.domain.version && content["date"] as? String == Self.shipped.model.newestSourceDate)
    }

    /// A timeline written by the dataset, as (answer, from, until, citations) per segment.
    static func read(_ timeline: Any?) -> [(answer: String, from: String?, until: String?, citations: [String])] {
        (timeline as? [[String: Any]] ?? []).map { segment in
            let os = segment["os"] as? [String: String]
            return (segment["answer"] as? String ?? "?", os?["from"], os?["until"], segment["citations"] as? [String] ?? [])
        }
    }

    @Test("every service timeline is the answer table's: answer, OS range and deciding claims, for every platform, level and accuracy")
    func timelinesAreTheAnswerTable() throws {
        let data = try parsed(dataset(Self.shipped))
        let table = AnswerTable(merge: Self.shipped.merge, model: Self.shipped.model)
        var compared = 0
        for (slot, id) in Self.shipped.vocabulary.ids(.service).enumerated() {
            let service = try #require((data["services"] as? [String: [String: Any]])?[id])
            let answers = table.answers(slot: slot)
            for (p, platform) in Self.shipped.vocabulary.ids(.platform).enumerated() {
                let onPlatform = try #require((service["platforms"] as? [String: [String: Any]])?[platform])
                for answer in ServiceAnswers.Answer.allCases where !answer.perLevel {
                    let expected = answers.timeline(answer, platform: p)
                    let written = Self.read(onPlatform[answer.name])
                    #expect(written.map(\.answer) == expected.map(\.answer.id), "\(id) \(platform) \(answer.name)")
                    #expect(written.map(\.citations) == expected.map(\.deciding))
                    compared += written.count
                }
                for (l, level) in Self.shipped.vocabulary.ids(.level).enumerated() {
                    let underLevel = try #require((onPlatform["levels"] as? [String: [String: Any]])?[level])
                    let reduced = answers.timeline(.availableWithReducedAccuracy, platform: p, level: l)
                    let written = Self.read(underLevel["availableWithReducedAccuracy"])
                    #expect(written.map(\.answer) == reduced.map(\.answer.id))
                    #expect(written.map(\.from) == reduced.map(\.os.from?.description) && written.map(\.until) == reduced.map(\.os.until?.description))
                    let explicit = answers.timeline(.explicitRequestRequired, platform: p, level: l)
                    let writtenExplicit = Self.read(underLevel["explicitRequestRequired"])
                    #expect(writtenExplicit.map(\.answer) == explicit.map(\.answer.id), "\(id) \(platform) \(level) explicitRequestRequired")
                    #expect(writtenExplicit.map(\.citations) == explicit.map(\.deciding))
                    #expect(onPlatform["explicitRequestRequired"] == nil, "per level only")
                    compared += writtenExplicit.count
                    let support = answers.support(platform: p, level: l)
                    let writtenSupport = Self.read(underLevel["support"])
                    #expect(writtenSupport.map(\.answer) == support.map(\.support.availability.id), "\(id) \(platform) \(level)")
                    #expect(writtenSupport.map(\.from) == support.map(\.os.from?.description))
                    compared += written.count + writtenSupport.count
                }
            }
        }
        #expect(compared > 500)
    }

    @Test("live updates on iOS 18 in the dataset: no explicit request under When In Use, one under Always")
    func explicitRequestByLevel() throws {
        let data = try parsed(dataset(Self.shipped))
        let services = try #require(data["services"] as? [String: [String: Any]])
        for service in ["live-updates", "condition-monitoring"] {
            let ios = try #require((services[service]?["platforms"] as? [String: [String: Any]])?["ios"])
            let levels = try #require(ios["levels"] as? [String: [String: Any]])
            let whenInUse = try #require(levels["when-in-use"]?["explicitRequestRequired"] as? [[String: Any]])
            let always = try #require(levels["always"]?["explicitRequestRequired"] as? [[String: Any]])
            #expect(Self.segment(whenInUse, at: Version("18.0"))?["answer"] as? String == "no", "\(service)")
            #expect(Self.segment(always, at: Version("18.0"))?["answer"] as? String == "yes", "\(service)")
            #expect(Self.segment(whenInUse, at: Version("17.0"))?["answer"] as? String == "yes", "\(service)")
        }
    }

    @Test("a choice's button titles are the answer table's, by platform: Allow Once from iOS 13, unknown before")
    func buttonTitles() throws {
        let data = try parsed(dataset(Self.shipped))
        let table = AnswerTable(merge: Self.shipped.merge, model: Self.shipped.model)
        let choices = try #require((data["flow"] as? [String: Any])?["choices"] as? [String: [String: Any]])
        var titled = 0
        for (choice, entry) in choices {
            let titles = try #require(entry["titles"] as? [String: [[String: Any]]])
            for platform in Self.shipped.vocabulary.ids(.platform) {
                let expected = table.choiceTitles(choice, platform: platform, over: .all)
                let written = try #require(titles[platform])
                #expect(written.map { $0["value"] as? String } == expected.map(\.title), "\(choice) \(platform)")
                titled += expected.filter { $0.title != nil }.count
            }
        }
        #expect(titled >= 10)
        let allowOnce = try #require((choices["allow-once"]?["titles"] as? [String: [[String: Any]]])?["ios"])
        #expect(Self.segment(allowOnce, at: Version("17.0"))?["value"] as? String == "Allow Once")
        #expect(Self.segment(allowOnce, at: Version("12.0"))?["answer"] as? String == "unknown")
    }

    /// The support segment of a service's timeline that holds at `version` (nil: the newest).
    static func segment(_ segments: [[String: Any]], at version: Version?) -> [String: Any]? {
        segments.last { segment in
            let os = segment["os"] as? [String: String]
            let from = os?["from"].flatMap { Version($0) }, until = os?["until"].flatMap { Version($0) }
            guard let version else { return until == nil }
            return (from.map { $0 <= version } ?? true) && (until.map { version < $0 } ?? true)
        }
    }

    @Test("for 400 random (service, platform, level, OS, accuracy), the dataset answers as capdoc query does: availability, since, relaunch")
    func datasetAnswersAsQueryDoes() throws {
        let data = try parsed(dataset(Self.shipped))
        let answers = Answers(model: Self.shipped.model, merge: Self.shipped.merge)
        let vocabulary = Self.shipped.vocabulary
        var generator = SystemRandomNumberGenerator()
        let versions = ["1.0", "2.0", "4.0", "5.0", "7.0", "8.0", "9.0", "10.15", "11.0", "13.0", "13.4", "14.0", "15.0", "17.0", "18.0", "26.0", "27.0"]
        for _ in 0..<400 {
            let service = vocabulary.ids(.service).randomElement(using: &generator)!
            let platform = vocabulary.ids(.platform).randomElement(using: &generator)!
            let level = vocabulary.ids(.level).randomElement(using: &generator)!
            let os = Version(versions.randomElement(using: &generator)!)!
            let accuracy = Bool.random(using: &generator) ? Accuracy.full : .reduced
            let query = try answers.support(service: service, platform: platform, level: level, os: os, accuracy: accuracy)
            let underLevel = try #require(
                ((((data["services"] as? [String: Any])?[service] as? [String: Any])?["platforms"] as? [String: Any])?[platform] as? [String: Any])
                    .flatMap { ($0["levels"] as? [String: [String: Any]])?[level] })
            let timeline = try #require(underLevel[accuracy == .full ? "support" : "availableWithReducedAccuracy"] as? [[String: Any]])
            let segment = Self.segment(timeline, at: os)
            let label = "\(service) \(platform) \(level) \(os) \(accuracy)"
            #expect((segment?["answer"] as? String ?? "unknown") == query.availability, "\(label)")
            if accuracy == .full {
                #expect(segment?["since"] as? String == query.since?.description, "\(label)")
                let relaunch = segment?["launchesTerminatedApp"] as? String
                #expect(relaunch.map { $0 == "yes" ? true : ($0 == "unknown" ? nil : false) } ?? nil == query.launchesTerminatedApp, "\(label)")
            }
        }
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

    @Test("a pretty file embedded at a depth is the value written at that depth")
    func embeddedAtDepth() {
        let value: JSONValue = .object(["a": .array([.number(1), .string("x\ny")]), "b": .object(["c": .null])])
        var file: [UInt8] = []
        value.write(to: &file, indent: 0, layout: .pretty)
        file.append(0x0A)
        var embedded: [UInt8] = [], direct: [UInt8] = []
        DatasetPackage.embed(file, depth: 2, layout: .pretty, to: &embedded)
        value.write(to: &direct, indent: 2, layout: .pretty)
        #expect(embedded == direct)
    }

    @Test("the first error of a file the dataset is written to stops the writing and is thrown, and nothing after it is written")
    func packagingFailure() throws {
        struct Full: Error {}
        final class FailingSink: FileSink, @unchecked Sendable {
            var pieces = 0
            var files: [String: [UInt8]] = [:]
            func write(_ file: OutputFile) throws { files[file.path] = file.bytes }
            func write(path: String, streaming produce: (([UInt8]) throws -> Void) throws -> Void) throws {
                try produce { _ in
                    pieces += 1
                    if path == DatasetRenderer.compressedFile { throw Full() }
                }
            }
            func read(path: String) throws -> [UInt8] { files[path] ?? [] }
        }
        let input = RenderInput(Self.shipped)
        let sink = FailingSink()
        for file in try DatasetRenderer().renderShared(input) { try sink.write(file) }
        for slot in Self.shipped.vocabulary.ids(.service).indices { try sink.write(DatasetRenderer().serviceFile(slot: slot, input)) }
        #expect(throws: Full.self) { try DatasetPackage(input: input, layout: .compact).write(into: sink) }
        #expect(sink.pieces == 2, "one piece to capdoc.json, then the failing one to the .gz")
    }

    @Test("every property and every enumerated value of the schema has a description")
    func schemaDescribesEverything() throws {
        let schema = DatasetSchema.schema(Self.shipped)
        var undescribed: [String] = []
        func walk(_ value: JSONValue, _ path: String) {
            guard case let .object(members) = value else {
                if case let .array(items) = value { for (index, item) in items.enumerated() { walk(item, "\(path)[\(index)]") } }
                return
            }
            if case let .object(properties)? = members["properties"] {
                for (name, property) in properties {
                    if case let .object(inner) = property, inner["description"] == nil { undescribed.append("\(path).\(name)") }
                }
            }
            if case let .array(options)? = members["oneOf"] {
                for option in options {
                    if case let .object(inner) = option, inner["const"] != nil, inner["description"] == nil { undescribed.append("\(path) oneOf") }
                }
            }
            #expect(members["enum"] == nil, "\(path): an enum cannot describe its values; use oneOf with const")
            for (name, member) in members { walk(member, "\(path)/\(name)") }
        }
        walk(schema, "#")
        #expect(undescribed == [])
    }
}
