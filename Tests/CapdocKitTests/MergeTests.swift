import Testing
@testable import CapdocKit

/// The merge rules of Content/README.md, on the base fixture with one change each.
@Suite("Merging claims into facts")
struct MergeTests {
    func add(_ claims: String, to tree: inout FixtureTree, source: String = "extra") {
        tree.write("title: Extra\nurl: https://example.com/extra\nkind: article\nclaims:\n" + claims, to: "sources/\(source).yaml")
    }

    @Test("A narrower OS range refines a claim silent about platforms, without a contradiction")
    func refinementByOSRange() throws {
        var tree = FixtureTree.base()
        add("""
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
        add("""
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
        add("""
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
        add("""
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
        add("""
          - id: no-visits
            fact: service-available
            subject: [visits]
            levels: [when-in-use]
            value: false
            quote: Visits need Always.
        """, to: &tree)
        tree.write("""
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
        add("""
          - id: no-visits
            fact: service-available
            subject: [visits]
            levels: [when-in-use]
            value: false
            quote: Visits need Always.
        """, to: &tree)
        tree.write("""
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

    @Test("Grouping is per fact cell: claims about different subjects never meet")
    func groupingPerCell() {
        var tree = FixtureTree.base()
        add("""
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
        #expect(report.diagnostics.map(\.headline) == ["Content/sources/deep.yaml:1:9: error [yaml-syntax]"])
        #expect(report.diagnostics.first?.message == "invalid YAML: nested more than 1000 levels deep")
    }
}

@Suite("Narrowest claims")
struct NarrowestTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("the sweep finds exactly the claims no other claim refines", arguments: 0..<200)
    func matchesDefinition(_ seed: Int) {
        var random = SplitMix(state: UInt64(seed))
        let count = Int.random(in: 1...12, using: &random)
        // Ranges that all contain version 10 (as the claims covering one segment do).
        let specificities = (0..<count).map { _ in
            Specificity(platformsNamed: Bool.random(using: &random), levelsNamed: Bool.random(using: &random),
                        os: VersionRange(from: Bool.random(using: &random) ? Version(components: [Int.random(in: 1...10, using: &random)]) : nil,
                                         until: Bool.random(using: &random) ? Version(components: [Int.random(in: 11...15, using: &random)]) : nil))
        }
        let covering = Array(0..<count)
        let definition = covering.filter { candidate in
            !covering.contains { other in other != candidate && specificities[other].refines(specificities[candidate]) }
        }
        #expect(Specificity.narrowest(covering, specificities) == definition)
    }
}
