import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// capdoc.json 4.0: compact by default and indented with --pretty (the same data), every index
/// resolving, and each timeline's segments merged where nothing tells them apart.
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

    @Test("every index names an entry: timelines name segments, segments and the rest name claims, claims name sources")
    func indicesResolve() throws {
        let data = try #require(try JSONSerialization.jsonObject(with: dataset(compiled(.shipped()))) as? [String: Any])
        #expect(data["schemaVersion"] as? String == "4.0.0")
        let segments = try #require(data["segments"] as? [[String: Any]])
        let claims = try #require(data["claims"] as? [[String: Any]])
        let sources = try #require(data["sources"] as? [[String: Any]])
        for claim in claims { #expect((claim["source"] as? Int).map { sources.indices.contains($0) } == true) }
        var claimIndices: [Int] = []
        for segment in segments { claimIndices += segment["deciding"] as? [Int] ?? []; claimIndices += segment["corroborating"] as? [Int] ?? [] }
        for conflict in data["conflicts"] as? [[String: Any]] ?? [] {
            claimIndices += conflict["claims"] as? [Int] ?? []
            if let ruling = conflict["ruling"] as? [String: Any] { claimIndices += [ruling["prevails"] as? Int ?? -1] + (ruling["over"] as? [Int] ?? []) }
        }
        #expect(!claimIndices.isEmpty && claimIndices.allSatisfy(claims.indices.contains))

        // Timelines: every platform of every service, its segments merged where they say the same.
        let platformCount = try #require(data["platforms"] as? [Any]).count
        let levelCount = try #require(data["levels"] as? [Any]).count
        var timelines = 0
        for service in try #require(data["services"] as? [[String: Any]]) {
            let available = try #require(service["available"] as? [[[Int]]])
            let onPlatform = try #require(service["onPlatform"] as? [[Int]])
            #expect(available.count == platformCount && available.allSatisfy { $0.count == levelCount } && onPlatform.count == platformCount)
            for timeline in available.joined() + onPlatform {
                timelines += 1
                #expect(timeline.allSatisfy(segments.indices.contains))
                for (earlier, later) in zip(timeline, timeline.dropFirst()) {
                    let first = segments[earlier], second = segments[later]
                    let same = first["answer"] as? String == second["answer"] as? String && first["gate"] as? String == second["gate"] as? String
                        && (first["value"] as? NSObject) == (second["value"] as? NSObject)
                        && first["deciding"] as? [Int] == second["deciding"] as? [Int]
                    #expect(!same, "adjacent segments \(earlier) and \(later) say the same: merged")
                }
            }
        }
        #expect(timelines > 100)
    }

    @Test("each distinct segment is listed once")
    func segmentsOnce() throws {
        let data = try #require(try JSONSerialization.jsonObject(with: dataset(compiled(.shipped()))) as? [String: Any])
        let segments = try #require(data["segments"] as? [NSDictionary])
        #expect(Set(segments).count == segments.count)
    }
}
