import Testing
@testable import CapdocKit
import CapdocTestSupport

/// A source's `date` is a real day: the newest one is every page's "Data as of" and the dataset's `content.date`.
@Suite("Source dates")
struct SourceDateTests {
    @Test(
        "a source's date is a real day written YYYY-MM-DD",
        arguments: [
            ("2026-11-22", true), ("2024-02-29", true), ("2026-02-30", false), ("2025-02-29", false), ("2026-13-01", false),
            ("26-11-22", false), ("2026-1-22", false), ("2026-11-22T10:00", false), ("tomorrow", false), ("1900-02-29", false), ("2000-02-29", true),
        ])
    func dates(_ text: String, _ valid: Bool) {
        #expect(CalendarDate.isValid(text) == valid)
    }

    @Test("an impossible date is refused at its place")
    func refused() {
        var tree = FixtureTree.base()
        tree.replace("url: https://example.com/guide", with: "url: https://example.com/guide\ndate: 2026-02-30", in: "sources/guide.yaml")
        let errors = tree.check(archives: false).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["date '2026-02-30' is not a day written YYYY-MM-DD (such as 2026-11-22)"])
        #expect(errors.first?.location.line == 3)
    }
}
