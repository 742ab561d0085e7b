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
        var eras: [Era] = []
        for piece in pieces {
            // Bounds cut every row's ranges, so a row holds over the whole piece or not at all. The
            // first piece reaches back to the platform's first version, which a row may start at.
            let probe = VersionRange(from: piece.from ?? firstVersion, until: piece.until)
            let inPiece = holding.filter { row in ranges(row).contains { $0.contains(probe) } }
            guard !inPiece.isEmpty else { continue }
            if let last = eras.last, last.rows == inPiece, last.range.until == piece.from {
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
