/// The flow cut into eras: on one platform, a run of OS versions over which the same transitions
/// hold. A reader who knows the device (iOS 15) wants only the prompts it shows; the rows mix every
/// version. Eras are derived from the rows' own OS ranges, never from versions written in code: an
/// era starts or ends only where some row starts or ends, and neighbouring runs with the same rows
/// are one era.
extension Flow {
    struct Era: Sendable, Hashable {
        var platform: String
        /// Where the era holds; `from` is nil where it reaches back to the platform's first version.
        var range: VersionRange
        /// The rows that hold over the whole era, in the order of `rows()`.
        var rows: [Row]
    }

    /// Every platform's eras, platforms in vocabulary order, each platform's eras oldest first.
    /// A platform where no transition holds has none.
    static func eras(of rows: [Row], vocabulary: Vocabulary) -> [Era] {
        vocabulary.ids(.platform).flatMap { eras(of: rows, platform: $0, firstVersion: vocabulary.firstVersion(of: $0)) }
    }

    static func eras(of rows: [Row], platform: String, firstVersion: Version?) -> [Era] {
        let holding = rows.filter { $0.platforms.contains(platform) }
        guard !holding.isEmpty else { return [] }
        func ranges(_ row: Row) -> [VersionRange] { row.os[platform] ?? [.all] }
        // Every bound any row has on the platform, after the platform's first version.
        var bounds = Set(holding.flatMap { row in ranges(row).flatMap { [$0.from, $0.until].compactMap { $0 } } })
        if let firstVersion { bounds = bounds.filter { firstVersion < $0 } }
        let sorted = bounds.sorted()
        var pieces: [VersionRange] = []
        var start: Version? = nil
        for bound in sorted {
            pieces.append(VersionRange(from: start, until: bound))
            start = bound
        }
        pieces.append(VersionRange(from: start, until: nil))
        // A sweep over the pieces, oldest first (issue 41): each of a row's ranges holds over a run of
        // pieces, found by halves, so the row enters the active ones at the run's first piece and
        // leaves after its last. Filtering every row for every piece cost pieces × rows: N
        // transition claims on one cell, each `from` a version of its own, made N pieces of N rows.
        // A range holds over a piece where it starts at or before the piece's start (`probe`: the
        // first piece reaches back to the platform's first version, which a row may start at) and
        // ends at or after its end, as `VersionRange.contains`; both are monotone over the pieces.
        let probes = pieces.map { VersionRange(from: $0.from ?? firstVersion, until: $0.until) }
        func firstPiece(where holds: (VersionRange) -> Bool) -> Int {
            var low = 0, high = probes.count
            while low < high {
                let middle = (low + high) / 2
                if holds(probes[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        var entering = [[Int]](repeating: [], count: probes.count + 1)
        var leaving = [[Int]](repeating: [], count: probes.count + 1)
        for (index, row) in holding.enumerated() {
            for range in ranges(row) {
                let start = VersionRange(from: range.from), end = VersionRange(until: range.until)
                let first = firstPiece { start.contains(VersionRange(from: $0.from)) }
                let past = firstPiece { !end.contains(VersionRange(until: $0.until)) }
                guard first < past else { continue }
                entering[first].append(index)
                leaving[past].append(index)
            }
        }
        // How many of its ranges hold a row over the current piece (a row's ranges may overlap).
        var holds = [Int](repeating: 0, count: holding.count)
        var active = Set<Int>()
        var inPiece: [Row] = []
        var eras: [Era] = []
        for (index, piece) in pieces.enumerated() {
            var changed = false
            for row in leaving[index] {
                holds[row] -= 1
                if holds[row] == 0 { active.remove(row); changed = true }
            }
            for row in entering[index] {
                holds[row] += 1
                if holds[row] == 1 { active.insert(row); changed = true }
            }
            if changed { inPiece = active.sorted().map { holding[$0] } }
            guard !inPiece.isEmpty else { continue }
            if let last = eras.last, last.range.until == piece.from, !changed || last.rows == inPiece {
                eras[eras.count - 1].range.until = piece.until
            } else {
                eras.append(Era(platform: platform, range: piece, rows: inPiece))
            }
        }
        return eras
    }
}

extension Flow.Era {
    /// The states the era's transitions start in or lead to, in `flow.yaml` order.
    func states(in vocabulary: Vocabulary) -> [String] {
        let touched = Set(rows.flatMap { [$0.from, $0.outcome.to] })
        return vocabulary.ids(.state).filter(touched.contains)
    }

    /// Each state's distance from `initial` over the era's transitions (as `Flow.layers()` over all
    /// of them): the era's diagram lays its columns out by what holds in the era alone.
    func layers(from initial: String) -> [String: Int] {
        var edges: [String: Set<String>] = [:]
        for row in rows { edges[row.from, default: []].insert(row.outcome.to) }
        return Flow.distances(from: initial, edges: edges)
    }
}
