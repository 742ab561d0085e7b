import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Issue 41: an answer lists every claim that decides it, at most `CitedClaims.shownCorroborating`
/// of the wider claims that only corroborate it, and how many more there are — the same rule in
/// every output, checked here against a plain listing of every claim.
@Suite("Corroboration cap")
struct CorroborationCapTests {
    static let templates = Paths.package.appendingPathComponent("Templates").path
    static let cap = CitedClaims.shownCorroborating

    /// The base fixture with one more source: `narrow` decides heading × iOS × Always (and
    /// `narrow-wiu` × When In Use); `count` wider claims (`zq0`…, silent about levels) agree there
    /// and decide nothing, as `narrow` and `narrow-wiu` refine them under both levels.
    static func tree(wide count: Int) -> FixtureTree {
        var tree = FixtureTree.base()
        var text = """
            title: Many pages
            url: https://example.com/many
            kind: article
            claims:
              - id: narrow
                fact: service-available
                subject: heading
                platforms: [ios]
                levels: [always]
                value: true
                quote: Heading works on iOS under Always.
              - id: narrow-wiu
                fact: service-available
                subject: heading
                platforms: [ios]
                levels: [when-in-use]
                value: true
                quote: Heading works on iOS under When In Use.

            """
        for index in 0..<count {
            text += """
                  - id: zq\(index)
                    fact: service-available
                    subject: heading
                    platforms: [ios]
                    value: true
                    quote: Heading works on iOS.

                """
        }
        tree.write(text, to: "sources/many.yaml")
        return tree
    }

    static func compiled(_ tree: FixtureTree) -> CompiledModel {
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.headline))")
        return CompiledModel(model: report.model, merge: report.merge)
    }

    /// The rule worked out from every claim of every fact, listed (`Fact.claims`): each fact's first
    /// `cap` corroborating claims in claim order, each once, less those that decide one of the facts,
    /// at most `cap`; and every distinct claim that corroborates and decides none, less those listed.
    static func expected(_ facts: [Fact]) -> (deciding: [String], corroborating: [String], more: Int) {
        let deciding = facts.flatMap(\.deciding).uniqued()
        let decided = Set(deciding)
        var listed: [String] = []
        for fact in facts {
            for claim in fact.claims.filter({ !fact.deciding.contains($0) }).prefix(cap)
            where !decided.contains(claim) && !listed.contains(claim) && listed.count < cap {
                listed.append(claim)
            }
        }
        let all = Set(facts.flatMap(\.claims)).subtracting(decided)
        return (deciding, listed, all.count - listed.count)
    }

    @Test("a segment lists its deciding claims, the first corroborating ones and a count of the rest", arguments: [30, 100])
    func cited(wide: Int) throws {
        let compiled = Self.compiled(Self.tree(wide: wide))
        let fact = try #require(compiled.merge.fact(.serviceAvailable, subject: "heading", platform: "ios", level: "always"))
        // 30 claims are listed by the merge, 100 cited by range (`CellMerger.listedClaims`).
        #expect((fact.citations.covering != nil) == (wide + 2 > CellMerger.listedClaims))
        #expect(fact.deciding == ["many#narrow"])
        let cited = CitedClaims([fact])
        let expected = Self.expected([fact])
        #expect(cited.deciding == expected.deciding)
        #expect(cited.corroborating == expected.corroborating)
        #expect(cited.corroborating.count == Self.cap)
        #expect(cited.moreCorroborating == expected.more)
        // The wide claims and the base fixture's claim about every service.
        #expect(cited.corroborating.count + cited.moreCorroborating == wide + 1)
    }

    @Test("the dataset writes the cap and the count where an answer has more corroborating claims", arguments: [30, 100])
    func dataset(wide: Int) throws {
        let compiled = Self.compiled(Self.tree(wide: wide))
        let files = try Builder(formats: [.json], templates: Self.templates).render(compiled)
        let file = try #require(files.first { $0.path == "data/services/heading.json" })
        let heading = try #require(try JSONSerialization.jsonObject(with: file.contents) as? [String: Any])
        let ios = try #require((heading["platforms"] as? [String: [String: Any]])?["ios"])
        let always = try #require((ios["levels"] as? [String: [String: Any]])?["always"])
        let table = AnswerTable(merge: compiled.merge, model: compiled.model)
        let p = try #require(compiled.vocabulary.position(.platform, "ios"))
        let l = try #require(compiled.vocabulary.position(.level, "always"))
        let timelines: [(String, [[GatedFacts.Segment]])] = [
            ("availableWithReducedAccuracy", [table.answers(service: "heading").timeline(.availableWithReducedAccuracy, platform: p, level: l)]),
            (
                "support",
                [
                    table.answers(service: "heading").support(platform: p, level: l).map {
                        GatedFacts.Segment(os: $0.os, answer: .unknown, facts: $0.support.facts)
                    }
                ]
            ),
        ]
        var capped = 0
        for (name, expectedTimelines) in timelines {
            let written = try #require(always[name] as? [[String: Any]], "\(name)")
            let segments = try #require(expectedTimelines.first)
            #expect(written.count == segments.count, "\(name)")
            for (segment, entry) in zip(segments, written) {
                let expected = Self.expected(segment.facts)
                #expect(entry["citations"] as? [String] == expected.deciding, "\(name)")
                #expect((entry["corroborating"] as? [String] ?? []) == expected.corroborating, "\(name)")
                #expect((entry["moreCorroborating"] as? Int ?? 0) == expected.more, "\(name)")
                if expected.more > 0 { capped += 1 }
            }
        }
        #expect(capped == 2, "both timelines cut the list")
        // Every claim is still in the dataset, listed or not.
        let all = try #require(files.first { $0.path == DatasetRenderer.datasetFile })
        let claims = try #require((try JSONSerialization.jsonObject(with: all.contents) as? [String: Any])?["claims"] as? [String: Any])
        #expect((0..<wide).allSatisfy { claims["many#zq\($0)"] != nil })
    }

    @Test("a dataset with capped lists validates against its schema (python3 jsonschema, Draft 2020-12)")
    func datasetValidates() throws {
        let compiled = Self.compiled(Self.tree(wide: 100))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-cap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = try Builder(formats: [.json], templates: Self.templates).render(compiled)
        for file in files where file.path.hasPrefix("capdoc.") { try file.contents.write(to: folder.appendingPathComponent(file.path)) }
        let dataset = String(decoding: try #require(files.first { $0.path == DatasetRenderer.datasetFile }).contents, as: UTF8.self)
        #expect(dataset.contains("\"moreCorroborating\":"), "something is capped")
        let (status, text) = try SchemaValidation.validate(folder: folder)
        #expect(status == 0, "\(text)")
    }

    @Test("pages cite the deciding claims only, in HTML, Markdown and man: none of the corroborating ones", arguments: [OutputFormat.html, .markdown, .man])
    func pages(format: OutputFormat) throws {
        let compiled = Self.compiled(Self.tree(wide: 100))
        let files = try Builder(formats: [format], templates: Self.templates).render(compiled)
        let heading = try #require(files.first { $0.path.contains("heading") && !$0.path.contains("sources") })
        let text = String(decoding: heading.contents, as: UTF8.self)
        #expect(text.contains("Heading works on iOS under Always."), "the deciding claim is cited")
        // The source's own page lists its claims; no other page names a wide one.
        for file in files where !file.path.contains("sources/many") {
            #expect(!String(decoding: file.contents, as: UTF8.self).contains("zq"), "\(file.path)")
        }
    }

    @Test("N claims on one cell, each from a version of its own: every segment and fact cited as a plain listing would")
    func distinctVersions() throws {
        var tree = FixtureTree.base()
        var text = "title: Many versions\nurl: https://example.com/versions\nkind: article\nclaims:\n"
        // Values in runs (5 yes, 3 no, …), versions ascending then a few descending, so that runs of
        // facts, single facts and facts cited by range all occur.
        for index in 0..<300 {
            let version = index < 250 ? "3.\(index + 1)" : "2.\(300 - index)"
            text += """
                  - id: v\(index)
                    fact: service-available
                    subject: heading
                    platforms: [ios]
                    levels: [always]
                    os: {from: "\(version)"}
                    value: \(index % 8 < 5 ? "true" : "false")
                    quote: Heading from \(version).

                """
        }
        // The support timeline's segments part where the relaunch answer changes, at 3.100: a claim of
        // the cell's value that ends there (`ends`) covers none of the facts after it.
        text += """
              - id: ends
                fact: service-available
                subject: heading
                platforms: [ios]
                levels: [always]
                os: {from: "3.97", until: "3.100"}
                value: true
                quote: Heading until 3.100.
              - id: relaunches
                fact: launches-terminated-app
                subject: heading
                platforms: [ios]
                levels: [always]
                os: {from: "3.100"}
                value: true
                quote: Heading relaunches from 3.100.

            """
        tree.write(text, to: "sources/versions.yaml")
        let compiled = Self.compiled(tree)
        let facts = compiled.merge.facts(.serviceAvailable, subject: "heading", platform: "ios", level: "always")
        #expect(facts.count > 250)
        #expect(facts.contains { $0.citations.covering != nil }, "some facts cite by range")
        for fact in facts {
            let cited = CitedClaims([fact]), expected = Self.expected([fact])
            #expect(cited.corroborating == expected.corroborating && cited.moreCorroborating == expected.more, "\(fact.os)")
        }
        let table = AnswerTable(merge: compiled.merge, model: compiled.model)
        let p = try #require(compiled.vocabulary.position(.platform, "ios"))
        let l = try #require(compiled.vocabulary.position(.level, "always"))
        let answers = table.answers(service: "heading")
        var segments = answers.timeline(.availableWithReducedAccuracy, platform: p, level: l)
        segments += answers.support(platform: p, level: l).map { GatedFacts.Segment(os: $0.os, answer: .unknown, facts: $0.support.facts) }
        segments += compiled.merge.facts.isEmpty ? [] : [GatedFacts.Segment(os: .all, answer: .unknown, facts: facts)]
        var multiple = 0
        for segment in segments {
            let cited = CitedClaims(segment.facts), expected = Self.expected(segment.facts)
            #expect(cited.deciding == expected.deciding)
            #expect(cited.corroborating == expected.corroborating, "\(segment.os)")
            #expect(cited.moreCorroborating == expected.more, "\(segment.os)")
            if segment.facts.count > 1 { multiple += 1 }
        }
        #expect(multiple > 0, "some segments span several facts")
    }
}
