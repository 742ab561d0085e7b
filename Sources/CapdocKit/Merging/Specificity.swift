/// The refinement order between claims about the same fact.
///
/// Claim A is at least as narrow as B when, on each dimension, A names its members or B is silent,
/// and A's OS range lies inside B's. A refines B when it is at least as narrow and B is not.
/// `NarrowestClaims` finds the claims that nothing refines, segment by segment.
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

    /// The named dimensions as bits (platforms 2, levels 1): A names at least what B names when
    /// `a & b == b`. There are four combinations, 0 to 3.
    var dimensions: UInt8 { (platformsNamed ? 2 : 0) | (levelsNamed ? 1 : 0) }

    /// `refines`, on dimension bits and `VersionRanks`.
    static func refines(
        dimensions a: UInt8, from aFrom: Int32, until aUntil: Int32,
        dimensions b: UInt8, from bFrom: Int32, until bUntil: Int32
    ) -> Bool {
        let aAtLeastAsNarrow = a & b == b && aFrom >= bFrom && aUntil <= bUntil
        let bAtLeastAsNarrow = a & b == a && bFrom >= aFrom && bUntil <= aUntil
        return aAtLeastAsNarrow && !bAtLeastAsNarrow
    }
}
