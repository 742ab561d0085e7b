import Testing
@testable import CapdocKit

/// Facts are copied into every segment, cell and answer: a copy must stay one shared reference, and
/// a change must touch only the copy changed.
@Suite("Facts as values")
struct FactValueTests {
    static func fact() -> Fact {
        Fact(
            kind: .serviceAvailable, subject: "visits", platform: "ios", level: "always", os: VersionRange(from: Version(components: [8, 0]), until: nil),
            value: .boolean(true), adjudication: nil, citations: FactCitations(claims: ["guide#visits"], deciding: ["guide#visits"], sources: ["guide"]))
    }

    @Test func copyIsTwoWords() {
        #expect(MemoryLayout<Fact>.size <= 2 * MemoryLayout<Int>.size)
    }

    @Test func settingAFieldLeavesCopiesAlone() {
        let original = Self.fact()
        var cut = original
        cut.os = VersionRange(from: Version(components: [8, 0]), until: Version(components: [13, 0]))
        cut.adjudication = "a-ruling"
        #expect(original.os.until == nil && original.adjudication == nil)
        #expect(cut.os.until == Version(components: [13, 0]) && cut.adjudication == "a-ruling")
        #expect(cut != original && cut.subject == original.subject && cut.deciding == original.deciding)
    }

    @Test func equalityAndHashFollowTheFields() {
        let one = Self.fact(), other = Self.fact()  // two boxes, the same fields
        #expect(one == other && one.hashValue == other.hashValue)
        var level = other
        level.level = "when-in-use"
        #expect(one != level)
        var kind = other
        kind.kind = .launchesTerminatedApp
        #expect(one != kind)
    }
}
