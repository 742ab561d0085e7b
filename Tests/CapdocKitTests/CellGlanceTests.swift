import Testing

@testable import CapdocKit

/// A cell's answer at a glance: the newest answer in a few words, since when.
@Suite struct CellGlanceTests {
    private func range(_ from: String?, _ until: String?) -> VersionRange {
        VersionRange(from: from.flatMap { Version($0) }, until: until.flatMap { Version($0) })
    }

    private func glance(_ runs: [CellGlance.Run], deprecated: Version?? = nil) -> String {
        guard case let .value(value, inlines)? = CellGlance.inlines(runs, deprecated: deprecated).first, case let .text(text)? = inlines.first
        else { return "" }
        return "\(value): \(text)"
    }

    @Test func aPositiveAnswerSaysSinceWhen() {
        #expect(glance([(range(nil, "5.0"), "No", .no), (range("5.0", nil), "Yes", .yes)]) == "yes: 5.0+")
        #expect(glance([(.all, "Yes", .yes)]) == "yes: Yes")
    }

    @Test func aDeprecationSplittingARangeKeepsItsStart() {
        let runs: [CellGlance.Run] = [
            (range(nil, "5.0"), "Not on platform", .na), (range("5.0", "13.0"), "No", .no), (range("13.0", "27.0"), "Yes", .yes),
            (range("27.0", nil), "Yes", .deprecated),
        ]
        #expect(glance(runs, deprecated: .some(Version("27.0"))) == "deprecated: 13.0+, deprecated 27.0")
        #expect(glance(runs, deprecated: .some(nil)) == "deprecated: 13.0+, deprecated")
    }

    @Test func anAnswerTakenAwaySaysSinceWhen() {
        #expect(glance([(range(nil, "13.0"), "Yes", .yes), (range("13.0", nil), "No", .no)]) == "no: No since 13.0")
        // A negative answer that never was positive needs no date.
        #expect(glance([(range(nil, "5.0"), "Not on platform", .na), (range("5.0", nil), "No", .no)]) == "no: No")
    }

    @Test func noRangeIsUnknown() {
        #expect(glance([]) == "unknown: Unknown")
    }
}
