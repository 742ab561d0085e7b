import Testing
@testable import CapdocKit

/// Issue 41: `Flow.eras(of:platform:firstVersion:)` sweeps the pieces between the rows' bounds,
/// rows entering where a range starts and leaving where it ends, where it filtered every row for
/// every piece (pieces × rows: N transition claims on one cell, each `from` a version of its own).
/// The sweep gives what the filter gave: the same eras, each with the same rows in the same order.
@Suite("Flow eras by a sweep")
struct FlowErasSweepTests {
    /// The filter the sweep replaced, kept as the reference.
    static func reference(_ rows: [Flow.Row], platform: String, firstVersion: Version?) -> [Flow.Era] {
        let holding = rows.filter { $0.platforms.contains(platform) }
        guard !holding.isEmpty else { return [] }
        func ranges(_ row: Flow.Row) -> [VersionRange] { row.os[platform] ?? [.all] }
        var bounds = Set(holding.flatMap { row in ranges(row).flatMap { [$0.from, $0.until].compactMap { $0 } } })
        if let firstVersion { bounds = bounds.filter { firstVersion < $0 } }
        var pieces: [VersionRange] = []
        var start: Version? = nil
        for bound in bounds.sorted() {
            pieces.append(VersionRange(from: start, until: bound))
            start = bound
        }
        pieces.append(VersionRange(from: start, until: nil))
        var eras: [Flow.Era] = []
        for piece in pieces {
            let probe = VersionRange(from: piece.from ?? firstVersion, until: piece.until)
            let inPiece = holding.filter { row in ranges(row).contains { $0.contains(probe) } }
            guard !inPiece.isEmpty else { continue }
            if let last = eras.last, last.rows == inPiece, last.range.until == piece.from {
                eras[eras.count - 1].range.until = piece.until
            } else {
                eras.append(Flow.Era(platform: platform, range: piece, rows: inPiece))
            }
        }
        return eras
    }

    /// Rows on iOS and macOS with random ranges over a few versions: open or closed bounds, empty and
    /// reversed ranges, bounds at or before the first version, overlapping and touching ranges of one
    /// row, rows without ranges (all versions) and rows on macOS only.
    static func randomRows(_ generator: inout SplitMix) -> [Flow.Row] {
        let versions = ["1.0", "2.0", "2.0.0", "3.0", "3.1", "4.0", "8.0", "10.0", "11.0", "13.0"].map { Version($0)! }
        func version() -> Version? { Int.random(in: 0...4, using: &generator) == 0 ? nil : versions.randomElement(using: &generator) }
        return (0..<Int.random(in: 0...9, using: &generator)).map { index in
            var os: [String: [VersionRange]] = [:]
            var platforms: [String] = []
            for platform in ["ios", "macos"] where Int.random(in: 0...3, using: &generator) > 0 {
                platforms.append(platform)
                if Int.random(in: 0...5, using: &generator) > 0 {
                    os[platform] = (0..<Int.random(in: 1...3, using: &generator)).map { _ in VersionRange(from: version(), until: version()) }
                }
            }
            return Flow.Row(
                from: "not-determined", trigger: "request-when-in-use", choice: "choice-\(index)", prompted: true, promptKey: nil,
                outcome: TransitionOutcome(to: "when-in-use", status: nil, statusStated: false, delegate: nil), platforms: platforms,
                os: os, cited: CitedClaims([]), sources: [])
        }
    }

    static func compare(seeds: Range<UInt64>, eras: ([Flow.Row], String, Version?) -> [Flow.Era]) -> [UInt64] {
        var failing: [UInt64] = []
        for seed in seeds {
            var generator = SplitMix(state: seed)
            let rows = randomRows(&generator)
            for platform in ["ios", "macos"] {
                for firstVersion in [nil, Version("2.0"), Version("3.1"), Version("13.0")] {
                    if eras(rows, platform, firstVersion) != reference(rows, platform: platform, firstVersion: firstVersion) {
                        failing.append(seed)
                    }
                }
            }
        }
        return failing
    }

    @Test("the sweep gives the filter's eras on 1,000 sets of random rows")
    func sameAsTheFilter() {
        let failing = Self.compare(seeds: 0..<1000) { Flow.eras(of: $0, platform: $1, firstVersion: $2) }
        let same = failing.isEmpty
        #expect(same, "seeds \(Array(Set(failing)).sorted().prefix(10))")
    }

    @Test("the comparison catches eras whose rows come in another order, or a lost era")
    func catchesPlantedBugs() {
        let reordered = Self.compare(seeds: 0..<300) { rows, platform, first in
            Flow.eras(of: rows, platform: platform, firstVersion: first).map { era in
                var era = era
                era.rows.reverse()
                return era
            }
        }
        let reorderedCaught = !reordered.isEmpty
        #expect(reorderedCaught)
        let lost = Self.compare(seeds: 0..<300) { rows, platform, first in
            Array(Flow.eras(of: rows, platform: platform, firstVersion: first).dropLast())
        }
        let lostCaught = !lost.isEmpty
        #expect(lostCaught)
    }

    @Test("N rows on one platform, each from a version of its own: an era per version, each with its row")
    func manyVersions() {
        let rows = (1...4000).map { index in
            Flow.Row(
                from: "when-in-use", trigger: "request-always", choice: "grant-when-in-use-instead", prompted: true, promptKey: nil,
                outcome: TransitionOutcome(to: "when-in-use", status: nil, statusStated: false, delegate: nil), platforms: ["ios"],
                os: ["ios": [VersionRange(from: Version("13.\(index)"), until: index < 4000 ? Version("13.\(index + 1)") : nil)]],
                cited: CitedClaims([]), sources: ["s\(index)"])
        }
        let eras = Flow.eras(of: rows, platform: "ios", firstVersion: Version("2.0"))
        #expect(eras.count == 4000)
        #expect(eras.map(\.rows) == rows.map { [$0] })
    }
}
