/// The refinement order between claims about the same fact.
///
/// Claim A is at least as narrow as B when, on each dimension, A names its members or B is silent,
/// and A's OS range lies inside B's. A refines B when it is at least as narrow and B is not.
struct Specificity: Sendable, Hashable {
    var platformsNamed: Bool
    var levelsNamed: Bool
    var os: VersionRange

    init(_ scope: ClaimScope) {
        platformsNamed = scope.platforms.isNamed
        levelsNamed = scope.levels.isNamed
        os = scope.os
    }

    init(platformsNamed: Bool, levelsNamed: Bool, os: VersionRange) {
        self.platformsNamed = platformsNamed
        self.levelsNamed = levelsNamed
        self.os = os
    }

    func isAtLeastAsNarrow(as other: Specificity) -> Bool {
        (platformsNamed || !other.platformsNamed) && (levelsNamed || !other.levelsNamed) && other.os.contains(os)
    }

    func refines(_ other: Specificity) -> Bool {
        isAtLeastAsNarrow(as: other) && !other.isAtLeastAsNarrow(as: self)
    }
}

extension Specificity {
    /// The claims of `covering` that no other covering claim refines — all of which contain one OS
    /// segment. Claims with equal specificity are taken together, and minimal ranges are found by a
    /// sorted sweep per combination of named dimensions: O(n log n), not O(n²), so that a cell with
    /// thousands of claims stays fast.
    static func narrowest(_ covering: [Int], _ specificities: [Specificity]) -> [Int] {
        if covering.count == 1 { return covering }
        var distinct: [Specificity] = []
        var seen = Set<Specificity>()
        for index in covering where seen.insert(specificities[index]).inserted { distinct.append(specificities[index]) }
        if distinct.count == 1 { return covering }
        // Groups by (platformsNamed, levelsNamed); a claim can only be refined from its own group or a more named one.
        func group(_ s: Specificity) -> Int { (s.platformsNamed ? 2 : 0) + (s.levelsNamed ? 1 : 0) }
        // Every range here contains the segment, so containment compares bounds: `from` higher (nil lowest), `until` lower (nil highest).
        func fromKey(_ v: Version?) -> Version { v ?? Version(components: [-1]) }
        func untilKey(_ v: Version?) -> Version { v ?? Version(components: [Int.max]) }
        // Per group: bounds sorted by `from` descending, with the running minimum of `until`.
        var sweeps: [[(from: Version, minUntil: Version)]] = Array(repeating: [], count: 4)
        for g in 0..<4 {
            let members = distinct.filter { group($0) == g }.map { (fromKey($0.os.from), untilKey($0.os.until)) }.sorted { $0.0 > $1.0 }
            var minimum = Version(components: [Int.max])
            sweeps[g] = members.map { member in
                minimum = min(minimum, member.1)
                return (member.0, minimum)
            }
        }
        /// The least `until` among members of group g whose `from` is ≥ (or >, when `strictly`) `from`.
        func leastUntil(_ g: Int, from: Version, strictly: Bool) -> Version? {
            let sweep = sweeps[g]
            var low = 0, high = sweep.count
            while low < high {
                let middle = (low + high) / 2
                if strictly ? sweep[middle].from > from : sweep[middle].from >= from { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : sweep[low - 1].minUntil
        }
        let minimal = Set(distinct.filter { candidate in
            let g = group(candidate), from = fromKey(candidate.os.from), until = untilKey(candidate.os.until)
            for h in 0..<4 where h & g == g {
                if h != g {
                    if let least = leastUntil(h, from: from, strictly: false), least <= until { return false }
                } else {
                    if let least = leastUntil(h, from: from, strictly: false), least < until { return false }
                    if let least = leastUntil(h, from: from, strictly: true), least <= until { return false }
                }
            }
            return true
        })
        return covering.filter { minimal.contains(specificities[$0]) }
    }
}
