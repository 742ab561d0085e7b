import Foundation
import Testing
@testable import CapdocKit

/// All of an archive's quotes found in one pass (issue 15, item 12): the batch search must agree
/// exactly with looking for each quote's parts in turn, and stay linear on adversarial quotes.
@Suite("archives: quotes looked for all at once")
struct QuoteBatchTests {
    // MARK: References

    /// The search the batch replaces: per quote, each part from where the last one ended, with memmem.
    static func searchedOneByOne(_ quote: String, in text: ArchiveText) -> Bool {
        let parts = ArchiveText.parts(of: quote).filter { !$0.isEmpty }
        guard !parts.isEmpty else { return false }
        return text.forms.contains { form in
            var start = 0
            for part in parts {
                guard let found = ArchiveText.firstOffset(of: part, in: form, from: start) else { return false }
                start = found + part.count
            }
            return true
        }
    }

    /// The same, with nothing but a byte-by-byte comparison at every offset.
    static func naive(_ parts: [[UInt8]], in text: [UInt8]) -> Bool {
        let parts = parts.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return false }
        var start = 0
        for part in parts {
            guard let found = (start..<max(start, text.count - part.count + 1)).first(where: { Array(text[$0..<$0 + part.count]) == part })
            else { return false }
            start = found + part.count
        }
        return true
    }

    // MARK: Agreement

    static let archive = """
        Apps that use location must explain why. The \u{201C}Always\u{201D} level \u{2014} it\u{2019}s rare \u{2014} relaunches apps.

        *When In Use* lets an app use location while it is in use; a a a aa aaa aaaa b ab aab.
        Caf\u{00E9}, na\u{00EF}ve, \u{65E5}\u{672C}\u{8A9E}, emoji \u{1F600}: they all count.   one two three two one
        """

    static let quotes = [
        "Apps that use location must explain why.",
        "The \"Always\" level",
        "The \u{201C}Always\u{201D} level \u{2014} it's rare",
        "When In Use lets an app",  // the Markdown form only
        "*When In Use* lets",  // the raw form only
        "Apps \u{2026} explain \u{2026} relaunches apps.",
        "relaunches apps. \u{2026} Apps",  // out of order
        "one\u{2026}three\u{2026}one", "two\u{2026}two", "three\u{2026}three", "one two\u{2026}two one\u{2026}three",
        "a\u{2026}a\u{2026}a\u{2026}a\u{2026}a", "aa\u{2026}aa\u{2026}aa\u{2026}aa", "aaa\u{2026}aaa\u{2026}aaa",
        "aaaa\u{2026}aaaa", "aab\u{2026}ab", "ab\u{2026}aab", "a a a\u{2026}a a", "a a a a",  // overlapping and nested parts
        "b ab aab", "aab aab", "a\u{2026}\u{2026}\u{2026}b", "\u{2026}b\u{2026}", "\u{2026}", "\u{2026} \u{2026}", "", "   ",
        "Cafe\u{0301}, nai\u{0308}ve", "\u{65E5}\u{672C}\u{2026}\u{1F600}", "\u{1F600}\u{2026}\u{65E5}", "emoji \u{1F600}: they",
        "count. one", "count.\u{2026}one\u{2026}one\u{2026}one", "why.\u{2026}why.",
    ]

    @Test("the batch finds exactly the quotes that searching one at a time finds")
    func trickyQuotes() {
        let text = ArchiveText(Self.archive)
        let found = text.found(quotes: Self.quotes)
        for quote in Self.quotes {
            #expect(found.contains(quote) == Self.searchedOneByOne(quote, in: text), "\(quote)")
            #expect(text.contains(quote: quote) == Self.searchedOneByOne(quote, in: text), "\(quote)")
        }
        // A sample of the expectations in words, so that the references are checked too.
        #expect(found.contains("two\u{2026}two") && !found.contains("three\u{2026}three"))
        #expect(found.contains("When In Use lets an app") && found.contains("*When In Use* lets"))
        #expect(!found.contains("relaunches apps. \u{2026} Apps") && !found.contains("\u{2026}") && !found.contains(""))
        #expect(found.contains("Cafe\u{0301}, nai\u{0308}ve") && found.contains("aa\u{2026}aa\u{2026}aa\u{2026}aa") && !found.contains("aaaa\u{2026}aaaa"))
        #expect(found.contains("ab\u{2026}aab") && !found.contains("aab\u{2026}ab") && !found.contains("aaa\u{2026}aaa\u{2026}aaa"))
    }

    @Test("random texts and quotes over a few letters agree with the naive search", arguments: 0..<8)
    func randomAgreement(seed: UInt64) {
        var random = SplitMix(state: seed)
        let alphabet = Array("abc".utf8)  // few letters: many overlapping and repeated parts
        for _ in 0..<60 {
            let texts = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                (0..<Int.random(in: 0...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            }
            let quotes: [[[UInt8]]] = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                }
            }
            let found = OrderedPartsSearch(quotes: quotes).found(in: texts)
            for (index, quote) in quotes.enumerated() {
                let expected = texts.contains { Self.naive(quote, in: $0) }
                #expect(
                    found[index] == expected,
                    "quote \(quote.map { String(decoding: $0, as: UTF8.self) }) in \(texts.map { String(decoding: $0, as: UTF8.self) })")
            }
        }
    }

    @Test("random quotes cut from a random archive, with ellipses and unicode, agree with memmem one by one", arguments: 0..<4)
    func randomQuotesFromArchive(seed: UInt64) {
        var random = SplitMix(state: 1000 + seed)
        let words = [
            "location", "the", "app", "\u{2019}s", "\u{201C}Always\u{201D}", "caf\u{00E9}", "cafe\u{0301}", "\u{65E5}\u{672C}", "a", "aa", "\n\n", "*em*",
            "\u{1F600}", "  ",
        ]
        let archive = (0..<400).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        let text = ArchiveText(archive)
        let quotes = (0..<300).map { _ in
            (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...4, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            }.joined(separator: "\u{2026}")
        }
        let found = text.found(quotes: quotes)
        #expect(!found.isEmpty && found.count < Set(quotes).count, "the sample has quotes found and not found")
        for quote in quotes {
            #expect(found.contains(quote) == Self.searchedOneByOne(quote, in: text), "\(quote)")
        }
    }

    @Test("quotes split into several automata (a pass each) are found exactly as in one", arguments: 0..<2)
    func batches(seed: UInt64) {
        var random = SplitMix(state: 2000 + seed)
        let words = ["one", "two", "three", "a", "aa", "b", "\u{201C}x\u{201D}", "caf\u{00E9}"]
        let text = ArchiveText((0..<300).map { _ in words.randomElement(using: &random)! }.joined(separator: " "))
        let quotes = (0..<400).map { _ in
            (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            }.joined(separator: "\u{2026}")
        }
        let whole = text.found(quotes: quotes)
        #expect(!whole.isEmpty && whole.count < Set(quotes).count)
        for batchBytes in [1, 7, 50, 1000] {
            #expect(text.found(quotes: quotes, batchBytes: batchBytes) == whole, "batches of \(batchBytes) bytes")
        }
    }

    // MARK: Marked positions

    @Test("marked positions answer 'the largest at or below' like a sorted set, across word and level boundaries")
    func markedPositions() {
        var random = SplitMix(state: 7)
        for count in [1, 63, 64, 65, 4096, 4097, 300_000] {
            var marks = MarkedPositions(count: count)
            var reference = Set<Int>()
            for _ in 0..<2000 {
                let position = Int.random(in: 0..<count, using: &random)
                if Bool.random(using: &random) {
                    marks.insert(position); reference.insert(position)
                } else {
                    marks.remove(position); reference.remove(position)
                }
                let probe = Int.random(in: -1..<count, using: &random)
                #expect(marks.largest(atOrBelow: probe) == reference.filter { $0 <= probe }.max(), "count \(count), probe \(probe)")
            }
        }
    }

    // MARK: Bounds

    /// A run of a's ends a, aa, aaa, … at every position: listing every part that ends there would
    /// cost run × parts. Only the parts with quotes waiting may be looked at.
    @Test("1,000 nested parts a, aa, aaa, … in a 1,000,000-letter run: linear, within the corpus bounds")
    func nestedPartsInARun() {
        let run = String(repeating: "a", count: 1_000_000)
        let text = ArchiveText(run + " b")
        // Never started (their first part is not in the text), so a^k is never waited for …
        let neverStarted = (1...1000).map { "zz \($0)\u{2026}" + String(repeating: "a", count: $0) }
        // … a^k three times, found; a^k b, found once; a^k b a^k, not found.
        let thrice = (1...1000).map { Array(repeating: String(repeating: "a", count: $0), count: 3).joined(separator: "\u{2026}") }
        let ending = (1...1000).map { String(repeating: "a", count: $0) + " b" }
        let endingTwice = (1...1000).map { String(repeating: "a", count: $0) + " b" + String(repeating: "a", count: $0) }
        let (found, measurement) = measure { text.found(quotes: neverStarted + thrice + ending + endingTwice) }
        #expect(found == Set(thrice + ending))
        measurement.expectWithinBounds("nested parts in a run")
        #expect(measurement.seconds < 15, "linear: a few seconds in the debug build, not minutes (\(measurement.seconds) s)")
    }

    @Test("100,000 distinct quotes against a 4 MB archive: one pass, within the corpus bounds")
    func manyQuotes() {
        let archive = (0..<60_000).map { "Sentence \($0) of the archived page says something about location." }.joined(separator: "\n\n")
        let text = ArchiveText(archive)
        let present = (0..<50_000).map { "Sentence \($0) of the archived page says something about location." }
        let ellipses = (0..<20_000).map { "Sentence \($0) of the \u{2026} location. Sentence \($0 + 1) of" }
        let absent = (0..<20_000).map { "Sentence \($0) of the archived page says nothing about location." }
        let reversed = (0..<10_000).map { "Sentence \($0 + 1) of the archived page \u{2026} Sentence \($0) of the archived page" }
        let (found, measurement) = measure { text.found(quotes: present + ellipses + absent + reversed) }
        #expect(found == Set(present + ellipses))
        measurement.expectWithinBounds("100,000 quotes")
    }
}
