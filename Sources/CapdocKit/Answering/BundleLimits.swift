/// What a kind of bundle (an App Clip) may not do that an app may, on one platform at one version:
/// the access levels it may hold (`bundle-level-supported`) and whether it may run in the
/// background (`bundle-background`). An answer for such a bundle is the app's answer narrowed by
/// these limits; where no fact speaks of the bundle, it is the app's answer.
public struct BundleLimits: Sendable {
    public var bundle: String
    /// The bundle kind's name, for sentences ("App Clip").
    public var name: String
    /// Whether the bundle may hold the level asked about; nil where no source says.
    public var levelAllowed: Bool?
    /// Whether the bundle may run in the background; nil where no source says.
    public var background: Bool?
    /// The facts that decide `levelAllowed` and `background`.
    public var levelFacts: [Fact]
    public var backgroundFacts: [Fact]
    public var facts: [Fact] { levelFacts + backgroundFacts }

    init(merge: MergeResult, bundle: Entity, platform: String, level: String?, at version: Version?) {
        self.bundle = bundle.id.value
        name = bundle.name
        let bundle = bundle.id.value
        func flag(_ fact: Fact?) -> (Bool?, [Fact]) {
            guard let fact, case let .boolean(value) = fact.value else { return (nil, []) }
            return (value, [fact])
        }
        (levelAllowed, levelFacts) =
            level.map { flag(merge.fact(.bundleLevelSupported, subject: bundle, platform: platform, level: $0, at: version)) } ?? (nil, [])
        (background, backgroundFacts) = flag(merge.fact(.bundleBackground, subject: bundle, platform: platform, at: version))
    }

    /// Whether the bundle may not hold the level: the answer is then "no" whatever the app's is.
    public var closesLevel: Bool { levelAllowed == false }
    /// Whether nothing happens in the background for the bundle: no background delivery, no relaunch.
    public var closesBackground: Bool { background == false }
}
