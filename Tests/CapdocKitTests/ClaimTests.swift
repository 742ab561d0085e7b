import Testing
@testable import CapdocKit

@Suite("Claims as values")
struct ClaimTests {
    private static func claim() -> Claim {
        let at = SourceLocation(path: "sources/page.yaml", line: 3, column: 5)
        return Claim(
            sourceID: "page", id: Located("levels", at: at), fact: .levelSupported, location: at,
            scope: ClaimScope(subjects: .named([Located("always", at: at)]), platforms: .all),
            value: Located(.boolean(true), at: at), quote: Located("All platforms support Always.", at: at),
            note: "A note.")
    }

    /// Checks read claims with `for claim in claims`: that is only cheap while a claim is its fact
    /// kind and one reference to its shared fields.
    @Test func copyIsTwoWords() {
        #expect(MemoryLayout<Claim>.size <= 2 * MemoryLayout<Int>.size)
    }

    @Test func settingAFieldLeavesCopiesAlone() {
        let original = Self.claim()
        var changed = original
        changed.quote.value = "Only some platforms support Always."
        changed.scope.platforms = .silent
        #expect(original.quote.value == "All platforms support Always.")
        #expect(original.scope.platforms == .all)
        #expect(changed.quote.value == "Only some platforms support Always.")
        #expect(changed.note == "A note." && changed.reference == "page#levels")
        #expect(changed != original)
        #expect(Self.claim() == original && Self.claim().hashValue == original.hashValue)
    }
}
