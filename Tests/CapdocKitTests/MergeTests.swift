import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The merge rules of Content/README.md, on the base fixture with one change each.
@Suite("Merging claims into facts")
struct MergeTests {
    func add(_ claims: String, to tree: inout FixtureTree, source: String = "extra") {
        tree.write("title: Extra\nurl: https://example.com/extra\nkind: article\nclaims:\n" + claims, to: "sources/\(source).yaml")
    }

    @Test("A narrower OS range refines a claim silent about platforms, without a contradiction")
    func refinementByOSRange() throws {
        var tree = FixtureTree.base()
        add(
            """
              - id: old-ios
                fact: service-available
                subject: [visits]
                platforms: [ios]
                levels: [when-in-use]
                os: {from: "11.0", until: "13.0"}
                value: false
                quote: Not available in iOS 11 and 12.
            """, to: &tree)
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0)
        #expect(report.merge.contradictions.isEmpty)
        let facts = report.merge.facts(.serviceAvailable, subject: "visits", platform: "ios", level: "when-in-use")
        #expect(facts.map(\.os.description) == ["before 11.0", "11.0 up to 13.0", "13.0 and later"])
        #expect(facts.map(\.value) == [.boolean(true), .boolean(false), .boolean(true)])
        #expect(facts[1].claims == ["extra#old-ios"])
        #expect(report.merge.fact(.serviceAvailable, subject: "visits", platform: "ios", level: "when-in-use", at: Version("12.1"))?.value == .boolean(false))
    }

    @Test("Equally specific claims that disagree are a contradiction, found at both claims")
    func contradiction() throws {
        var tree = FixtureTree.base()
        add(
            """
              - id: no-visits
                fact: service-available
                subject: [visits]
                levels: [when-in-use]
                value: false
                quote: Visits need Always.
            """, to: &tree)
        let report = tree.check(archives: false)
        let contradiction = try #require(report.merge.contradictions.first)
        #expect(contradiction.claims == ["extra#no-visits", "guide#services"])
        #expect(contradiction.subjects == ["visits"])
        #expect(contradiction.levels == ["when-in-use"])
        #expect(contradiction.platforms == ["ios", "watchos"])
        let errors = report.diagnostics.filter { $0.checkID == ContradictionCheck.id }
        #expect(errors.map(\.location.path).sorted() == ["Content/sources/extra.yaml", "Content/sources/guide.yaml"])
        #expect(errors.allSatisfy { $0.notes.count == 1 })
        #expect(report.merge.facts(.serviceAvailable, subject: "visits", platform: "ios", level: "when-in-use").isEmpty)
    }

    @Test("Named platforms are as specific as `all`; silent platforms are wider")
    func namedVersusSilent() {
        var tree = FixtureTree.base()
        // base#levels names `all` platforms: naming watchOS is not narrower, so this contradicts.
        add(
            """
              - id: no-always-on-watch
                fact: level-supported
                subject: always
                platforms: [watchos]
                value: false
                quote: No Always on the watch.
            """, to: &tree)
        #expect(tree.check(archives: false).merge.contradictions.count == 1)

        // base#keys-always is silent about platforms: naming watchOS refines it.
        var refined = FixtureTree.base()
        add(
            """
              - id: watch-keys
                fact: request-keys
                subject: always
                platforms: [watchos]
                value: [NSLocationWhenInUseUsageDescription]
                quote: The watch needs one key.
            """, to: &refined)
        let report = refined.check(archives: false)
        #expect(report.merge.contradictions.isEmpty)
        #expect(report.merge.fact(.requestKeys, subject: "always", platform: "watchos")?.value == .keys(["NSLocationWhenInUseUsageDescription"]))
        #expect(report.merge.fact(.requestKeys, subject: "always", platform: "ios")?.claims == ["guide#keys-always"])
    }

    @Test("An adjudication decides a contradiction, and is stale once nothing disagrees")
    func adjudication() throws {
        var tree = FixtureTree.base()
        add(
            """
              - id: no-visits
                fact: service-available
                subject: [visits]
                levels: [when-in-use]
                value: false
                quote: Visits need Always.
            """, to: &tree)
        tree.write(
            """
            - id: visits-work
              prevails: guide#services
              over: [extra#no-visits]
              reason: The newer guide.
            """, to: "adjudications.yaml")
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0)
        #expect(report.merge.contradictions.map(\.adjudication) == ["visits-work"])
        let fact = try #require(report.merge.fact(.serviceAvailable, subject: "visits", platform: "ios", level: "when-in-use"))
        #expect(fact.value == .boolean(true))
        #expect(fact.adjudication == "visits-work")

        // The sources now agree: the ruling resolves nothing.
        tree.replace("value: false", with: "value: true", in: "sources/extra.yaml")
        let stale = tree.check(archives: false)
        #expect(stale.diagnostics.map(\.headline) == ["Content/adjudications.yaml:1:7: error [stale-adjudication]"])
    }

    @Test("An adjudication limited to platforms and versions decides only there")
    func scopedAdjudication() {
        var tree = FixtureTree.base()
        add(
            """
              - id: no-visits
                fact: service-available
                subject: [visits]
                levels: [when-in-use]
                value: false
                quote: Visits need Always.
            """, to: &tree)
        tree.write(
            """
            - id: visits-old-ios
              prevails: extra#no-visits
              over: [guide#services]
              platforms: [ios]
              os: {until: "13.0"}
              reason: Old iOS.
            """, to: "adjudications.yaml")
        let report = tree.check(archives: false)
        // Decided on iOS before 13; still contradictory on iOS 13+ and on watchOS.
        #expect(report.merge.fact(.serviceAvailable, subject: "visits", platform: "ios", level: "when-in-use", at: Version("12"))?.value == .boolean(false))
        #expect(report.merge.fact(.serviceAvailable, subject: "visits", platform: "ios", level: "when-in-use", at: Version("14")) == nil)
        let unresolved = report.merge.contradictions.filter { $0.adjudication == nil }
        #expect(unresolved.count == 1)
        #expect(report.errorCount == 2)
    }

    @Test("Fact kinds are numbered in their declared order (the merge lays out its cells so)")
    func kindOrdinals() {
        #expect(FactKind.allCases.map(\.ordinal) == Array(FactKind.allCases.indices))
    }

    @Test("Grouping is per fact cell: claims about different subjects never meet")
    func groupingPerCell() {
        var tree = FixtureTree.base()
        add(
            """
              - id: heading-false
                fact: service-available
                subject: [heading]
                platforms: [ios]
                levels: [always]
                os: {from: "5.0"}
                value: false
                quote: No heading.
            """, to: &tree)
        let report = tree.check(archives: false)
        #expect(report.merge.contradictions.isEmpty)
        #expect(report.merge.fact(.serviceAvailable, subject: "visits", platform: "ios", level: "always")?.value == .boolean(true))
        #expect(report.merge.fact(.serviceAvailable, subject: "heading", platform: "ios", level: "always")?.value == .boolean(false))
    }
}

@Suite("Bounded input")
struct BoundedInputTests {
    @Test("a Content file over 8 MiB is refused before it is read")
    func largeFile() {
        var tree = FixtureTree.base()
        let line = "# " + String(repeating: "x", count: 1022) + "\n"
        tree.write(String(repeating: line, count: 9 * 1024), to: "sources/huge.yaml")
        let report = tree.check(archives: false)
        #expect(report.diagnostics.map(\.headline) == ["Content/sources/huge.yaml:1:1: error [unsafe-file]"])
    }

    @Test("YAML nested 100,000 levels deep is an error at its position, not a crash")
    func deepNesting() {
        var tree = FixtureTree.base()
        tree.write("title: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n", to: "sources/deep.yaml")
        let report = tree.check(archives: false)
        #expect(report.diagnostics.map(\.headline) == ["Content/sources/deep.yaml:1:1007: error [yaml-syntax]"])
        #expect(report.diagnostics.first?.message == "invalid YAML: nested more than 1000 levels deep")
    }
}

@Suite("YAML keys")
struct YAMLKeyTests {
    @Test("the first key written again is reported at its repeat, with a note where it was first written")
    func firstRepeatedKey() throws {
        var tree = FixtureTree.base()
        tree.write("title: T\ntitle: U\n", to: "sources/keys.yaml")
        var report = tree.check(archives: false)
        var diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.headline == "Content/sources/keys.yaml:2:1: error [duplicate-id]")
        #expect(diagnostic.message == "field 'title' is written twice in one mapping")
        #expect(diagnostic.notes.map(\.location.description) == ["Content/sources/keys.yaml:1:1"])

        // Not the least of the repeated keys (`a`): the first one written again (`b`).
        tree.write("kind: {b: 1, a: 1, b: 2, a: 2}\n", to: "sources/keys.yaml")
        report = tree.check(archives: false)
        diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.headline == "Content/sources/keys.yaml:1:20: error [duplicate-id]")
        #expect(diagnostic.message == "field 'b' is written twice in one mapping")

        // A collection as a key has no name to give.
        tree.write("? [x]\n: 1\n? [x]\n: 2\n", to: "sources/keys.yaml")
        report = tree.check(archives: false)
        diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.headline == "Content/sources/keys.yaml:3:3: error [duplicate-id]")
        #expect(diagnostic.message == "a key is written twice in one mapping")
    }
}

@Suite("Narrowest claims")
struct NarrowestTests {
    /// One claim of a cell: what the sweep reads of it.
    struct CellClaim {
        var platformsNamed: Bool
        var levelsNamed: Bool
        var os: VersionRange
        var value: Bool

        var specificity: Specificity { Specificity(platformsNamed: platformsNamed, levelsNamed: levelsNamed, os: os) }

        func claim(_ index: Int) -> Claim {
            let at = SourceLocation.file("test.yaml")
            return Claim(
                sourceID: "test", id: Located("c\(index)", at: at), fact: .serviceAvailable, location: at,
                scope: ClaimScope(subjects: .all, platforms: platformsNamed ? .all : .silent, levels: levelsNamed ? .all : .silent, os: os),
                value: Located(.boolean(value), at: at), quote: Located("q", at: at))
        }
    }

    /// A segment as the sweep reports it: its range, its narrowest claims, and the claims covering it by value.
    struct Segment: Equatable, CustomStringConvertible {
        var os: VersionRange
        var narrowest: [Int32]
        var covering: [[Int32]]
        var description: String { "\(os): narrowest \(narrowest), covering \(covering)" }
    }

    /// What the sweep finds, walking the cell of `claims` with trees for cells over `smallCell` claims.
    func sweep(_ claims: [CellClaim], smallCell: Int) -> [Segment] {
        let models = claims.indices.map { claims[$0].claim($0) }
        let ranks = VersionRanks(claims.flatMap { [$0.os.from, $0.os.until] }.compactMap { $0 })
        let columns = ClaimColumns(claims: models, ranks: ranks)
        var sweep = CellSweep(columns: columns, smallCell: smallCell)
        // The claims come in two lists, as a cell's named and general claims do.
        let numbers = Array(Int32(0)..<Int32(claims.count))
        sweep.start(ArraySlice(numbers.filter { $0 % 3 != 0 }), ArraySlice(numbers.filter { $0 % 3 == 0 }), unboundedUntil: ranks.unboundedUntil)
        var segments: [Segment] = []
        while sweep.next() {
            let covering = [false, true].map { value -> [Int32] in
                var list: [Int32] = []
                if let id = models.firstIndex(where: { $0.value.value == .boolean(value) }) { sweep.appendCovering(withValue: columns.valueIDs[id], to: &list) }
                return list
            }
            segments.append(Segment(os: ranks.range(from: sweep.lower, until: sweep.upper), narrowest: sweep.narrowest, covering: covering))
        }
        return segments
    }

    /// The definition: cut at every bound, and in each segment that a claim covers, the covering
    /// claims that no other covering claim refines.
    func definition(_ claims: [CellClaim]) -> [Segment] {
        let bounds = Array(Set(claims.flatMap { [$0.os.from, $0.os.until] }.compactMap { $0 })).sorted()
        let cuts: [Version?] = [nil] + bounds.map(Optional.some) + [nil]
        return (0..<(cuts.count - 1)).compactMap { index in
            let os = VersionRange(from: cuts[index], until: cuts[index + 1])
            let covering = claims.indices.filter { claims[$0].os.contains(os) }
            guard !covering.isEmpty else { return nil }
            let narrowest = covering.filter { candidate in
                !covering.contains { other in other != candidate && claims[other].specificity.refines(claims[candidate].specificity) }
            }
            return Segment(
                os: os, narrowest: narrowest.map(Int32.init),
                covering: [false, true].map { value in covering.filter { claims[$0].value == value }.map(Int32.init) })
        }
    }

    func randomCell(_ seed: Int, count: ClosedRange<Int>) -> [CellClaim] {
        var random = SplitMix(state: UInt64(seed))
        func version(_ range: ClosedRange<Int>) -> Version? {
            Bool.random(using: &random) ? Version(components: [Int.random(in: range, using: &random)]) : nil
        }
        // Few distinct bounds, so that ranges often coincide, nest and overlap; some are empty.
        return (0..<Int.random(in: count, using: &random)).map { _ in
            CellClaim(
                platformsNamed: Bool.random(using: &random), levelsNamed: Bool.random(using: &random),
                os: VersionRange(from: version(1...9), until: version(3...12)), value: Int.random(in: 0..<4, using: &random) > 0)
        }
    }

    @Test("the sweep finds exactly the claims no other claim refines, in every segment", arguments: 0..<200)
    func matchesDefinition(_ seed: Int) {
        let claims = randomCell(seed, count: 1...40)
        let expected = definition(claims)
        #expect(sweep(claims, smallCell: 16) == expected, "claim by claim")
        #expect(sweep(claims, smallCell: 0) == expected, "with trees")
    }

    @Test("1,200 nested ranges: each segment is decided by its innermost claim, and covered by every claim around it")
    func nestedRanges() {
        // The shape that was quadratic: every segment covered by all the claims that started before it.
        let claims = (0..<1_200).map { index in
            CellClaim(platformsNamed: true, levelsNamed: false, os: VersionRange(from: Version(components: [index + 1])), value: true)
        }
        let segments = sweep(claims, smallCell: 16)
        #expect(segments.count == 1_200)
        #expect(
            segments.enumerated().allSatisfy { index, segment in
                segment.os == VersionRange(from: Version(components: [index + 1]), until: index == 1_199 ? nil : Version(components: [index + 2]))
                    && segment.narrowest == [Int32(index)] && segment.covering == [[], Array(0...Int32(index))]
            })
    }
}

@Suite("Big cells")
struct BigCellMergeTests {
    /// The facts of one cell as the merger writes them: range, value, claims, deciding claims, sources.
    struct Written: Equatable, CustomStringConvertible {
        var os: VersionRange
        var value: ClaimValue
        var adjudication: String?
        var claims: [String]
        var deciding: [String]
        var sources: [String]
        var description: String { "\(os) \(value.display) \(adjudication ?? "-") claims \(claims) deciding \(deciding) sources \(sources)" }
    }

    /// Merges one cell of `claims` (service-available, heading, iOS, Always), with one ruling, swept
    /// with trees beyond `smallCell` claims.
    func merge(_ claims: [Claim], ruling: Ruling?, smallCell: Int) -> [Written] {
        let ranks = VersionRanks(
            claims.flatMap { [$0.scope.os.from, $0.scope.os.until] }.compactMap { $0 } + [ruling?.os.from, ruling?.os.until].compactMap { $0 })
        let columns = ClaimColumns(claims: claims, ranks: ranks)
        let bounds =
            ruling.map { ruling in
                [ruling.os.from.map { ranks.from(VersionRange(from: $0)) }, ruling.os.until.map { ranks.until(VersionRange(until: $0)) }].compactMap { $0 }
            } ?? []
        let book = Ruling.Book(rulings: ruling.map { [$0] } ?? [], boundsByPlatform: [bounds.sorted()])
        var merger = CellMerger(columns: columns, rulings: book, ranks: ranks, firstRanks: [VersionRanks.unboundedFrom], smallCell: smallCell)
        let numbers = Array(Int32(0)..<Int32(claims.count))
        merger.merge(
            CellMerger.Cell(address: .init(kind: .serviceAvailable, subject: 0, platform: 0, level: 0), subject: "heading", platform: "ios", level: "always"),
            named: ArraySlice(numbers.filter { $0 % 3 != 0 }), general: ArraySlice(numbers.filter { $0 % 3 == 0 }))
        return FactStore.join([merger.facts]).map { fact in
            Written(os: fact.os, value: fact.value, adjudication: fact.adjudication, claims: fact.claims, deciding: fact.deciding, sources: fact.sources)
        }
    }

    /// Claims of a few sources, with few distinct bounds and three values, so that ranges coincide,
    /// nest and overlap, and hundreds of claims agree on a segment.
    func randomCell(_ seed: Int) -> (claims: [Claim], ruling: Ruling?) {
        var random = SplitMix(state: UInt64(seed))
        func version(_ range: ClosedRange<Int>) -> Version? {
            Int.random(in: 0..<3, using: &random) > 0 ? Version(components: [Int.random(in: range, using: &random)]) : nil
        }
        let at = SourceLocation.file("test.yaml")
        let values: [ClaimValue] = [.boolean(true), .boolean(true), .boolean(true), .boolean(false), .text("other")]
        let claims = (0..<Int.random(in: 17...240, using: &random)).map { index in
            Claim(
                sourceID: "source\(Int.random(in: 0..<5, using: &random))", id: Located("c\(index)", at: at), fact: .serviceAvailable, location: at,
                scope: ClaimScope(
                    subjects: .all, platforms: Bool.random(using: &random) ? .all : .silent, levels: Bool.random(using: &random) ? .all : .silent,
                    os: VersionRange(from: version(1...30), until: version(10...40))),
                value: Located(values[Int.random(in: 0..<values.count, using: &random)], at: at), quote: Located("q", at: at))
        }
        guard Bool.random(using: &random) else { return (claims, nil) }
        let prevails = Int32.random(in: 0..<Int32(claims.count), using: &random)
        let from = Int.random(in: 1...30, using: &random)
        let ruling = Ruling(
            id: "ruling", prevails: prevails, over: Set(Int32(0)..<Int32(claims.count)).subtracting([prevails]), platforms: nil,
            os: VersionRange(from: Version(components: [from]), until: Version(components: [from + Int.random(in: 1...10, using: &random)])))
        return (claims, ruling)
    }

    @Test(
        "big cells, merged with trees (facts citing many claims by range), write what merging claim by claim writes",
        arguments: 0..<40)
    func matchesClaimByClaim(_ seed: Int) {
        let (claims, ruling) = randomCell(seed)
        let expected = merge(claims, ruling: ruling, smallCell: .max)
        #expect(merge(claims, ruling: ruling, smallCell: 16) == expected)
        #expect(merge(claims, ruling: ruling, smallCell: 0) == expected)
    }

    @Test("a fact that 1,000 claims corroborate lists them when asked, and compares equal to its listed twin")
    func manyCorroboratingClaims() {
        let at = SourceLocation.file("test.yaml")
        let claims = (0..<1_000).map { index in
            Claim(
                sourceID: "source\(index % 7)", id: Located("c\(index)", at: at), fact: .serviceAvailable, location: at,
                scope: ClaimScope(subjects: .all, platforms: .all, levels: .all, os: VersionRange(from: Version(components: [index + 1]))),
                value: Located(.boolean(true), at: at), quote: Located("q", at: at))
        }
        let facts = merge(claims, ruling: nil, smallCell: 16)
        #expect(facts.count == 1_000)
        #expect(facts.last?.claims == claims.map(\.reference))
        #expect(facts.last?.deciding == [claims[999].reference])
        #expect(facts.last?.sources == (0..<7).map { "source\($0)" })
    }
}
