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

    @Test("a flow key's parts: from, trigger and the choice, missing parts empty, a fourth ignored")
    func flowKeyParts() {
        func parts(_ key: String) -> [String?] {
            let (from, trigger, choice) = FlowKey.parts(key)
            return [from, trigger, choice]
        }
        #expect(parts("when-in-use|request-always|allow") == ["when-in-use", "request-always", "allow"])
        #expect(parts(FlowKey.transition(from: "a", trigger: "b", choice: nil)) == ["a", "b", nil])
        #expect(parts(FlowKey.prompt(from: "a", trigger: "b")) == ["a", "b", nil])
        #expect(parts("a|b|c|d") == ["a", "b", "c"])
        #expect(parts("a") == ["a", "", nil])
        #expect(parts("") == ["", "", nil])
        #expect(parts("||c") == ["", "", "c"])
        #expect(parts("état|é|ü") == ["état", "é", "ü"])
    }
}
