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
    /// By place in `order`.
    private var extents: [Extent] = []
    private var places: [Key: Int] = [:]
    /// The place of the last key added: a contradiction is mostly added cell after cell, and its key
    /// (a list of claims) is then compared, not hashed again (a tenth of an incremental merge's time).
    private var lastPlace: Int?

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
        for (key, extent) in zip(other.order, other.extents) {
            let place = place(of: key)
            extents[place].subjects.formUnion(extent.subjects)
            extents[place].platforms.formUnion(extent.platforms)
            extents[place].levels.formUnion(extent.levels)
            for (platform, ranges) in extent.ranges { extents[place].ranges[platform, default: []] += ranges }
        }
    }

    /// `claims` in claim order.
    mutating func add(claims: [Int32], adjudication: String?, address: Address, segment: VersionRange) {
        add(Key(kind: address.kind, claims: claims, adjudication: adjudication), address: address, segment: segment)
    }

    private mutating func add(_ key: Key, address: Address, segment: VersionRange) {
        added.append(Added(key: key, address: address, segment: segment))
        let place = place(of: key)
        extents[place].subjects.insert(address.subject)
        extents[place].platforms.insert(address.platform)
        if let level = address.level { extents[place].levels.insert(level) }
        extents[place].ranges[address.platform, default: []].append(segment)
    }

    /// The key's place in `order`, given one at the end if it has none.
    private mutating func place(of key: Key) -> Int {
        if let lastPlace, order[lastPlace] == key { return lastPlace }
        let place: Int
        if let known = places[key] {
            place = known
        } else {
            place = order.count
            order.append(key)
            extents.append(Extent())
            places[key] = place
        }
        lastPlace = place
        return place
    }

    func result(references: [String], cells: CellIndex) -> [Contradiction] {
        zip(order, extents).map { key, extent in
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
