/// Gathers the segments where claims disagree into one contradiction per set of claims (and ruling),
/// remembering where they disagree so that the message can say it.
///
/// Subjects, platforms and levels are kept as positions in the `CellIndex` (sets, not lists, so
/// that a contradiction over thousands of subjects costs no more per subject than over one).
struct ContradictionCollector: Sendable {
    fileprivate struct Key: Hashable, Sendable {
        var kind: FactKind
        var claims: [Int32]
        var adjudication: String?
    }

    private struct Extent: Sendable {
        var subjects: Set<Int> = []
        var platforms: Set<Int> = []
        var levels: Set<Int> = []
        var ranges: [Int: [VersionRange]] = [:]
    }

    /// A cell, by positions: `level` is nil for kinds without levels.
    struct Address: Sendable {
        var kind: FactKind
        var subject: Int
        var platform: Int
        var level: Int?
    }

    private var order: [Key] = []
    private var extents: [Key: Extent] = [:]

    /// One segment where claims disagree, as it was added: what an incremental merge keeps of the
    /// cells it does not merge again, and replays in cell order (`replaying`).
    struct Added: Sendable {
        fileprivate var key: Key
        var address: Address
        fileprivate var segment: VersionRange
    }

    /// Every segment added, in order (the absorbed collectors' after this one's).
    private(set) var added: [Added] = []

    /// A collector that was given `added`, in that order: the same contradictions, in the same order.
    static func replaying(_ added: [Added]) -> ContradictionCollector {
        var collector = ContradictionCollector()
        for one in added { collector.add(one.key, address: one.address, segment: one.segment) }
        return collector
    }

    /// The adjudications that decided some segment: the rulings the merge used.
    var usedAdjudications: Set<String> { Set(order.compactMap(\.adjudication)) }

    /// Takes in what another collector found over later cells, keeping first-seen order.
    mutating func absorb(_ other: ContradictionCollector) {
        added += other.added
        for key in other.order {
            let extent = other.extents[key]!
            if extents[key] == nil { order.append(key); extents[key] = Extent() }
            extents[key]!.subjects.formUnion(extent.subjects)
            extents[key]!.platforms.formUnion(extent.platforms)
            extents[key]!.levels.formUnion(extent.levels)
            for (platform, ranges) in extent.ranges { extents[key]!.ranges[platform, default: []] += ranges }
        }
    }

    /// `claims` in claim order.
    mutating func add(claims: [Int32], adjudication: String?, address: Address, segment: VersionRange) {
        add(Key(kind: address.kind, claims: claims, adjudication: adjudication), address: address, segment: segment)
    }

    private mutating func add(_ key: Key, address: Address, segment: VersionRange) {
        added.append(Added(key: key, address: address, segment: segment))
        if extents[key] == nil { order.append(key); extents[key] = Extent() }
        extents[key]!.subjects.insert(address.subject)
        extents[key]!.platforms.insert(address.platform)
        if let level = address.level { extents[key]!.levels.insert(level) }
        extents[key]!.ranges[address.platform, default: []].append(segment)
    }

    func result(references: [String], cells: CellIndex) -> [Contradiction] {
        order.map { key in
            let extent = extents[key]!
            let subjects = cells.subjects(key.kind)
            return Contradiction(
                kind: key.kind, claims: key.claims.map { references[Int($0)] }, adjudication: key.adjudication,
                subjects: extent.subjects.sorted().map { subjects[$0] },
                platforms: extent.platforms.sorted().map { cells.platforms[$0] },
                levels: extent.levels.sorted().map { cells.levels[$0] },
                ranges: Dictionary(uniqueKeysWithValues: extent.ranges.map { (cells.platforms[$0], Self.coalesce($1)) }))
        }
    }

    /// The union of a platform's segments, as few ranges as possible: [nil, 11) + [11, 13) + [12, nil) → [nil, nil).
    static func coalesce(_ ranges: [VersionRange]) -> [VersionRange] {
        let sorted = ranges.sorted { a, b in
            switch (a.from, b.from) {
            case (nil, _): return b.from != nil
            case (_, nil): return false
            case let (x?, y?): return x < y
            }
        }
        var result: [VersionRange] = []
        for range in sorted {
            guard var last = result.last else { result.append(range); continue }
            // `range` starts at or after `last` starts; they join when it starts before `last` ends, or exactly there.
            let joins: Bool =
                switch (last.until, range.from) {
                case (nil, _), (_, nil): true
                case let (end?, start?): !(end < start)
                }
            if joins {
                last.until =
                    switch (last.until, range.until) {
                    case (nil, _), (_, nil): nil
                    case let (a?, b?): max(a, b)
                    }
                result[result.count - 1] = last
            } else {
                result.append(range)
            }
        }
        return result
    }
}
