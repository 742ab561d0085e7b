import Testing
@testable import CapdocKit

@Suite("IDTable")
struct IDTableTests {
    /// The table must answer as the dictionary it replaced ("first place wins" for an id given
    /// twice), for ids of every length, non-ASCII ones, the empty id and ids not in it.
    @Test func answersAsADictionaryWithFirstWins() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghij-0123456789é€🙂".map(String.init))
        for round in 0..<40 {
            let count = round < 5 ? round : Int.random(in: 1...3_000, using: &generator)
            let ids: [String] = (0..<count).map { _ in
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            }
            let table = IDTable(ids)
            let dictionary = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(table.count == ids.count)
            for id in ids { #expect(table[id] == dictionary[id]) }
            for probe in ["", "absent", "svc-99999", ids.first.map { $0 + "x" } ?? "y"] {
                #expect(table[probe] == dictionary[probe])
            }
        }
    }

    @Test func appendingGivesTheNextPlace() {
        var table = IDTable()
        for number in 0..<1_000 { table.append("svc-\(number)") }
        table.append("svc-5")  // a second place; the first is the one found
        #expect(table.count == 1_001)
        #expect(table["svc-0"] == 0)
        #expect(table["svc-999"] == 999)
        #expect(table["svc-5"] == 5)
        #expect(table["svc-1000"] == nil)
    }
}

@Suite("uniqued")
struct UniquedTests {
    /// Short lists are compared in place, long ones hashed (a Set, or an IDTable for strings): every
    /// way keeps each element once, where it first occurs.
    @Test func keepsFirstOccurrencesAtEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 23, 24, 25, 26, 100, 2_000] {
            let numbers = (0..<count).map { _ in Int.random(in: 0..<max(1, count / 3), using: &generator) }
            var seen = Set<Int>()
            let expected = numbers.filter { seen.insert($0).inserted }
            #expect(numbers.uniqued() == expected)
            #expect(numbers.map { "claim-\($0)" }.uniqued() == expected.map { "claim-\($0)" })
        }
    }
}

@Suite("Claims by reference")
struct ClaimsByReferenceTests {
    /// Two claims with one reference (Content the check refuses, read anyway): the last is found, as a
    /// dictionary filled in order found it.
    @Test func theLastOfTwoWithOneReferenceIsFound() {
        let references = ["a#one", "b#two", "a#one", "c#three", "b#two", "a#one"]
        let table = ClaimsByReference(claims: [], references: references)
        var dictionary: [String: Int] = [:]
        for index in references.indices { dictionary[references[index]] = index }
        for reference in references + ["missing#x", ""] {
            #expect(table.position(of: reference) == dictionary[reference])
            #expect(table.contains(reference) == (dictionary[reference] != nil))
        }
        #expect(table.keys.sorted() == dictionary.keys.sorted())
    }
}
