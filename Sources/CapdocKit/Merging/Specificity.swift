/// The refinement order between claims about the same fact.
///
/// Claim A is at least as narrow as B when, on each dimension, A names its members or B is silent,
/// and A's OS range lies inside B's. A refines B when it is at least as narrow and B is not.
struct Specificity: Sendable {
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
