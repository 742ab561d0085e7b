/// Gathers the segments where claims disagree into one contradiction per set of claims (and ruling),
/// remembering where they disagree so that the message can say it.
struct ContradictionCollector: Sendable {
    private struct Key: Hashable, Sendable {
        var kind: FactKind
        var claims: [Int]
        var adjudication: String?
    }

    private struct Extent: Sendable {
        var subjects: [String] = []
        var platforms: [String] = []
        var levels: [String] = []
        var ranges: [String: [VersionRange]] = [:]
    }

    private var order: [Key] = []
    private var extents: [Key: Extent] = [:]

    /// Takes in what another collector found over later cells, keeping first-seen order.
    mutating func absorb(_ other: ContradictionCollector) {
        func union(_ list: inout [String], _ more: [String]) { for item in more where !list.contains(item) { list.append(item) } }
        for key in other.order {
            let extent = other.extents[key]!
            if extents[key] == nil { order.append(key); extents[key] = Extent() }
            union(&extents[key]!.subjects, extent.subjects)
            union(&extents[key]!.platforms, extent.platforms)
            union(&extents[key]!.levels, extent.levels)
            for (platform, ranges) in extent.ranges { extents[key]!.ranges[platform, default: []] += ranges }
        }
    }

    mutating func add(kind: FactKind, claims: [Int], adjudication: String?,
                      address: (kind: FactKind, subject: String, platform: String, level: String?), segment: VersionRange) {
        let key = Key(kind: kind, claims: claims.sorted(), adjudication: adjudication)
        if extents[key] == nil { order.append(key); extents[key] = Extent() }
        func addUnique(_ value: String, to list: inout [String]) { if !list.contains(value) { list.append(value) } }
        addUnique(address.subject, to: &extents[key]!.subjects)
        addUnique(address.platform, to: &extents[key]!.platforms)
        if let level = address.level { addUnique(level, to: &extents[key]!.levels) }
        extents[key]!.ranges[address.platform, default: []].append(segment)
    }

    func result(claims: [Claim], cells: CellIndex) -> [Contradiction] {
        order.map { key in
            let extent = extents[key]!
            let subjectOrder = cells.subjects[key.kind] ?? []
            return Contradiction(kind: key.kind, claims: key.claims.map { claims[$0].reference }, adjudication: key.adjudication,
                                 subjects: subjectOrder.filter(extent.subjects.contains),
                                 platforms: cells.platforms.filter(extent.platforms.contains),
                                 levels: cells.levels.filter(extent.levels.contains),
                                 ranges: extent.ranges.mapValues(Self.coalesce))
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
            let joins: Bool = switch (last.until, range.from) {
            case (nil, _), (_, nil): true
            case let (end?, start?): !(end < start)
            }
            if joins {
                last.until = switch (last.until, range.until) {
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
