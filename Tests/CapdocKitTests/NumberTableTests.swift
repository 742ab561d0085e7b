import Testing
@testable import CapdocKit

@Suite("NumberTable")
struct NumberTableTests {
    /// The table must answer as a dictionary would, across growth, for keys set twice and keys absent.
    @Test func answersAsADictionary() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<30 {
            var table = NumberTable()
            var dictionary: [Int32: Int32] = [:]
            let range: ClosedRange<Int32> = round.isMultiple(of: 2) ? 0...50 : 0...2_000_000
            for _ in 0..<Int.random(in: 0...5_000, using: &generator) {
                let key = Int32.random(in: range, using: &generator), value = Int32.random(in: 0...Int32.max, using: &generator)
                table.set(key, to: value)
                dictionary[key] = value
            }
            #expect(table.count == dictionary.count)
            for (key, value) in dictionary { #expect(table[key] == value) }
            for _ in 0..<200 {
                let probe = Int32.random(in: 0...2_000_001, using: &generator)
                #expect(table[probe] == dictionary[probe])
            }
        }
    }
}

@Suite("CitationBook by place")
struct CitationBookPlacesTests {
    /// Citing by place gives the numbers citing by reference gives, whichever way each claim was cited
    /// first on the page, and a claim without a place (-1) is numbered by its reference.
    @Test func numbersAsByReference() {
        var generator = SystemRandomNumberGenerator()
        let references = (0..<300).map { "source-\($0 % 17)#claim-\($0)" }
        for _ in 0..<50 {
            var byReference = CitationBook(), mixed = CitationBook()
            for _ in 0..<Int.random(in: 1...200, using: &generator) {
                let picked = Array(Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0..<references.count, using: &generator) }))
                let claims = picked.map { references[$0] }
                let places = picked.map { Int32($0.isMultiple(of: 29) ? -1 : $0) }
                let expected = byReference.citeInOrder(claims)
                let got = Bool.random(using: &generator) ? mixed.citeInOrder(claims, places: places) : mixed.citeInOrder(claims)
                #expect(got.map(\.number) == expected.map(\.number))
            }
            #expect(mixed.references == byReference.references)
        }
    }
}
