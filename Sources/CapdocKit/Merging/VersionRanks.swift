/// Every OS version that bounds a claim or a ruling, numbered in order, so that the merge compares
/// and sorts small integers rather than versions (each an array of components).
///
/// A missing `from` is rank `unboundedFrom` (below every version), a missing `until` is
/// `unboundedUntil` (above every version): a range is then a pair of ranks, and one range contains
/// another when its `from` is at most and its `until` at least the other's.
struct VersionRanks: Sendable {
    /// The distinct versions, in order; a version's rank is its position here.
    let versions: [Version]
    private let ranks: [Version: Int32]

    static let unboundedFrom: Int32 = -1
    var unboundedUntil: Int32 { Int32(versions.count) }

    init(_ bounds: some Sequence<Version>) {
        versions = Array(Set(bounds)).sorted()
        ranks = Dictionary(uniqueKeysWithValues: versions.enumerated().map { ($1, Int32($0)) })
    }

    func from(_ range: VersionRange) -> Int32 { range.from.map { ranks[$0]! } ?? Self.unboundedFrom }
    func until(_ range: VersionRange) -> Int32 { range.until.map { ranks[$0]! } ?? unboundedUntil }

    /// The range between two ranks (either may be unbounded).
    func range(from: Int32, until: Int32) -> VersionRange {
        VersionRange(
            from: from == Self.unboundedFrom ? nil : versions[Int(from)],
            until: until == unboundedUntil ? nil : versions[Int(until)])
    }
}
