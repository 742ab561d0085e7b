/// Availability at the top of a page, as Apple's documentation gives it: "iOS 5.0+ · macOS 10.8+ ·
/// watchOS 2.0+", each platform where the newest answer is yes, since when, and "deprecated 27.0"
/// where it is deprecated at the newest versions. Read from the same timelines as the page's tables.
extension PageContext {
    /// `exists` and `deprecated`: per platform of the vocabulary, in its order, the timelines of
    /// whether the thing exists there and whether it is deprecated there.
    func availabilityLine(exists: [[GatedFacts.Segment]], deprecated: [[GatedFacts.Segment]]) -> Block? {
        let platforms = vocabulary.ids(.platform)
        var entries: [[Inline]] = []
        for (position, platform) in platforms.enumerated() where position < exists.count {
            guard let since = Self.newestYes(exists[position]) else { continue }
            // From every version: from the platform's first, as Apple writes it ("iOS 2.0+").
            var text = name(.platform, platform) + ((since ?? vocabulary.firstVersion(of: platform)).map { " \($0)+" } ?? "")
            var value = ValueClass.yes
            if position < deprecated.count, let deprecatedSince = Self.newestYes(deprecated[position]) {
                text += ", deprecated" + (deprecatedSince.map { " \($0)" } ?? "")
                value = .deprecated
            }
            entries.append([.value(value, [.text(text)])])
        }
        guard !entries.isEmpty else { return nil }
        return .paragraph([.text("Availability: ")] + entries.enumerated().flatMap { index, entry in (index > 0 ? [.text(" · ")] : []) + entry })
    }

    /// Where the newest answer of a timeline is yes: since which version it has been (nil inside:
    /// every version); nil where the newest answer is not yes.
    static func newestYes(_ timeline: [GatedFacts.Segment]) -> Version?? {
        guard let last = timeline.last, last.answer == .value(.boolean(true)) else { return nil }
        return .some(VersionRange.runStart(of: timeline.map(\.os), endingAt: timeline.count - 1) { timeline[$0].answer == last.answer })
    }
}
