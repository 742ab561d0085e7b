import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Issue 41: an era of the flow gets a page only where it starts at a version the platform declares
/// (or, declaring none, at a new major version), and a platform gets at most
/// `VersionPageLimit.perPlatform` pages; the runs between are grouped on the page before them, the
/// newest beyond the limit on the last.
/// 32,000 transition claims on one cell, each `from` a version of its own, wrote 64,734 files.
@Suite("Flow era pages")
struct FlowEraPagesTests {
    typealias Row = Flow.Row

    /// The eras grouped the plain way: each era as the rows make them joins the page before it unless
    /// the paging starts a page at it; the page holds the rows of all its eras (in row order) and
    /// names the versions inside it where they change (the start of each joined era, and of a gap
    /// before one). Then the newest pages are one, down to the limit.
    static func reference(_ rows: [Row], platform: String, paging: Flow.EraPaging) -> [Flow.Era] {
        let holding = rows.filter { $0.platforms.contains(platform) }
        func join(_ page: inout Flow.Era, _ era: Flow.Era) {
            if let until = page.range.until, until != era.range.from { page.changes.append(until) }
            if let from = era.range.from { page.changes.append(from) }
            page.changes += era.changes
            page.range.until = era.range.until
            let rows = Set(page.rows).union(era.rows)
            page.rows = holding.filter(rows.contains)
        }
        var pages: [Flow.Era] = []
        for era in Flow.eras(of: rows, platform: platform, firstVersion: paging.firstVersion) {
            if let from = era.range.from, var page = pages.last, !paging.startsPage(from, after: page.range.from) {
                join(&page, era)
                pages[pages.count - 1] = page
            } else {
                pages.append(era)
            }
        }
        while pages.count > paging.limit, pages.count > 1 {
            let newest = pages.removeLast()
            join(&pages[pages.count - 1], newest)
        }
        return pages
    }

    static let pagings: [Flow.EraPaging] = [
        Flow.EraPaging(declared: nil, firstVersion: nil),
        Flow.EraPaging(declared: nil, firstVersion: Version("2.0")),
        Flow.EraPaging(declared: Set(["2.0", "3.0", "8.0", "13.0"].compactMap(Version.init)), firstVersion: Version("2.0")),
        Flow.EraPaging(declared: [], firstVersion: Version("1.0")),
        Flow.EraPaging(declared: nil, firstVersion: Version("2.0"), limit: 2),
        Flow.EraPaging(declared: Set(["1.0", "2.0", "3.1", "10.0"].compactMap(Version.init)), firstVersion: nil, limit: 3),
    ]

    static func compare(seeds: Range<UInt64>, pages: ([Row], String, Flow.EraPaging) -> [Flow.Era]) -> [UInt64] {
        var failing: [UInt64] = []
        for seed in seeds {
            var generator = SplitMix(state: seed)
            let rows = FlowErasSweepTests.randomRows(&generator)
            for platform in ["ios", "macos"] {
                for paging in pagings where pages(rows, platform, paging) != reference(rows, platform: platform, paging: paging) {
                    failing.append(seed)
                }
            }
        }
        return failing
    }

    @Test("the sweep groups eras as the plain grouping does, on 1,000 sets of random rows")
    func sameAsGroupingTheEras() {
        let failing = Self.compare(seeds: 0..<1000) { Flow.eraPages(of: $0, platform: $1, paging: $2).eras }
        let same = failing.isEmpty
        #expect(same, "seeds \(Array(Set(failing)).sorted().prefix(10))")
    }

    @Test("the comparison catches a lost change, a lost row and a limit not kept")
    func catchesPlantedBugs() {
        func planted(_ bug: @escaping (inout [Flow.Era]) -> Void) -> Bool {
            !Self.compare(seeds: 0..<300) { rows, platform, paging in
                var eras = Flow.eraPages(of: rows, platform: platform, paging: paging).eras
                bug(&eras)
                return eras
            }.isEmpty
        }
        let lostChange = planted { eras in if let index = eras.firstIndex(where: { !$0.changes.isEmpty }) { eras[index].changes.removeLast() } }
        #expect(lostChange)
        let lostRow = planted { eras in if let index = eras.firstIndex(where: { $0.rows.count > 1 }) { eras[index].rows.removeLast() } }
        #expect(lostRow)
        let unlimited = !Self.compare(seeds: 0..<300) { rows, platform, paging in
            var unlimited = paging
            unlimited.limit = .max
            return Flow.eraPages(of: rows, platform: platform, paging: unlimited).eras
        }.isEmpty
        #expect(unlimited)
    }

    static func row(_ index: Int, from: String, until: String?) -> Row {
        Row(
            from: "when-in-use", trigger: "request-always", choice: "grant-when-in-use-instead", prompted: true, promptKey: nil,
            outcome: TransitionOutcome(to: "when-in-use", status: nil, statusStated: false, delegate: nil), platforms: ["ios"],
            os: ["ios": [VersionRange(from: Version(from), until: until.flatMap(Version.init))]], cited: CitedClaims([]), sources: ["s\(index)"])
    }

    @Test("4,000 rows, each from a minor version of its own: one page for their major version")
    func minorsShareTheirMajor() throws {
        let rows = (1...4000).map { Self.row($0, from: "13.\($0)", until: $0 < 4000 ? "13.\($0 + 1)" : nil) }
        let pages = Flow.eraPages(of: rows, platform: "ios", paging: Flow.EraPaging(declared: nil, firstVersion: Version("2.0")))
        let page = try #require(pages.eras.first)
        #expect(pages.eras.count == 1 && pages.wanted == 1 && pages.grouped == 0)
        #expect(page.range == VersionRange(from: Version("13.1"), until: nil))
        #expect(page.rows == rows)
        #expect(page.changes == (2...4000).map { Version("13.\($0)")! })
    }

    @Test("100 rows, each from a major version of its own: 64 pages, the newest 37 eras on the last")
    func limitPerPlatform() throws {
        let rows = (1...100).map { Self.row($0, from: "\($0).0", until: $0 < 100 ? "\($0 + 1).0" : nil) }
        let pages = Flow.eraPages(of: rows, platform: "ios", paging: Flow.EraPaging(declared: nil, firstVersion: Version("1.0")))
        #expect(pages.eras.count == VersionPageLimit.perPlatform && pages.wanted == 100 && pages.grouped == 37)
        let newest = try #require(pages.eras.last)
        #expect(newest.range == VersionRange(from: Version("64.0"), until: nil))
        #expect(newest.rows == Array(rows.suffix(37)))
        #expect(newest.changes == (65...100).map { Version("\($0).0")! })
        let others = pages.eras.dropLast().allSatisfy { $0.changes.isEmpty && $0.rows.count == 1 }
        #expect(others)
    }

    static let report = FixtureTree.shipped().check(archives: false)

    @Test("the shipped flow: each era starts at a declared version, so each is a page of its own")
    func shippedErasArePages() {
        let compiled = CompiledModel(model: Self.report.model, merge: Self.report.merge)
        let table = AnswerTable(merge: compiled.merge, model: compiled.model)
        let vocabulary = compiled.model.vocabulary
        let eras = vocabulary.ids(.platform).flatMap { Flow.eras(of: table.flowRows, platform: $0, firstVersion: vocabulary.firstVersion(of: $0)) }
        #expect(table.flowEras == eras)
        let unchanged = eras.allSatisfy { $0.changes.isEmpty }
        #expect(!eras.isEmpty && unchanged)
        #expect(!Self.report.diagnostics.contains { $0.checkID == .versionPagesLimited })
    }

    @Test("40 claims each from an iOS 13 version of its own: no page more, and the 13.0 page names where its transitions change")
    func groupedPage() throws {
        var tree = FixtureTree.shipped()
        tree.write(ManyTransitionClaims.source(from: (1...40).map { "13.\($0)" }), to: ManyTransitionClaims.path)
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.filter { $0.severity == .error }.map(\.headline))")
        #expect(!report.diagnostics.contains { $0.checkID == .versionPagesLimited })
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        let context = PageContext(compiled)
        let shipped = PageContext(CompiledModel(model: Self.report.model, merge: Self.report.merge))
        #expect(context.answerTable.flowEras.map(context.flowEraRef) == shipped.answerTable.flowEras.map(shipped.flowEraRef))
        let page = try #require(context.answerTable.flowEras.first { context.flowEraRef($0) == PageRef("flow", "ios-13.0") })
        #expect(page.changes == (1...40).map { Version("13.\($0)")! })
        let files = try Builder(formats: [.markdown], templates: FlowEraLinksTests.templates).render(compiled)
        let markdown = String(decoding: try #require(files.first { $0.path == "markdown/flow/ios-13.0.md" }).contents, as: UTF8.self)
        #expect(markdown.contains("The transitions that hold on some or all of iOS 13.0 to 14.0"))
        #expect(markdown.contains("They change at 40 versions, from 13.1 to 13.40"))
        // Every transition that holds somewhere in the era is on its page, with its own versions.
        #expect(markdown.contains("iOS (13.1 to 13.2)") && markdown.contains("iOS (13.40+)"))
    }
}
