import Testing
@testable import CapdocKit

/// The man renderer measures cells and marks URL break points on bytes; these tests hold the byte
/// scans to the Character-level rules they replaced, on the texts where the two could differ.
@Suite("Man byte scans")
struct ManByteScanTests {
    @Test("ASCII word lengths equal the Character rules, on citations, odd brackets and every kind of ASCII space")
    func wordLengthsMatchCharacters() {
        let samples = [
            "", " ", "Yes", "before 13.0: Unknown [1][2][3]; 13.0+: Yes [1][4]", "a][][b", "]][", "[1][", "][",
            "x\ty\n\nz\r\nw\u{0B}v\u{0C}u", "  lead and trail  ", "[12][345]x [6]",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab[] \t\n1")
        let random = (0..<500).map { _ in String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        for text in samples + random {
            let ascii = ByteText.withBytes(text, ManTableLayout.asciiWordLengths)
            #expect(ascii == ManTableLayout.characterWordLengths(text), "\(text.debugDescription)")
        }
        #expect(ByteText.withBytes("café [1]", ManTableLayout.asciiWordLengths) == nil, "non-ASCII text takes the Character path")
        #expect(ManTableLayout.wordLengths("café [1][2]") == [4, 3, 3])
    }

    @Test("inlines are measured as the terminal shows them, by the Character rules")
    func inlineWordLengths() {
        let citation = { (number: Int) in Inline.citation(Citation(number: number)) }
        let cells: [(inlines: [Inline], shown: String)] = [
            (
                [
                    .value(.yes, [.text("before 13.0: Unknown")]), .text(" "), citation(1), citation(12), .text("; "), .value(.yes, [.text("13.0+: Yes")]),
                    .text(" "), citation(3),
                ],
                "before 13.0: Unknown [1][12]; 13.0+: Yes [3]"
            ),
            (
                [.link([.code("NSLocationWhenInUseUsageDescription")], .page(PageRef("keys", "k"))), .text(", "), .strong([.text("café")])],
                "NSLocationWhenInUseUsageDescription, café"
            ),
            ([.anchor("cite-1", [.text("[1]")]), .text(" "), .emphasis([.text("x")]), citation(100)], "[1] x[100]"),
            // Prose as cmark's plain text gives it.
            ([.markdown("*prose* with `code`"), citation(2)], CMarkDocument(markdown: "*prose* with `code`").plainText + "[2]"),
            ([], ""),
        ]
        for cell in cells {
            #expect(ManTableLayout.plainText(cell.inlines) == cell.shown)
            #expect(ManTableLayout.wordLengths(of: cell.inlines) == ManTableLayout.characterWordLengths(cell.shown), "\(cell.shown)")
        }
    }

    /// The byte pass on a string, to state its cases as text.
    private func breakingURLs(_ roff: String) -> String {
        String(decoding: ManPostProcessor.breakableURLs(Array(roff.utf8)), as: UTF8.self)
    }

    @Test("URLs get a break point after each slash past the scheme, and nothing else changes")
    func breakableURLs() {
        #expect(breakingURLs("see it (https://a.b/c/d) and (http://x/y z") == "see it (https://a.b/\\:c/\\:d) and (http://x/\\:y z")
        #expect(breakingURLs("no url / here (httpx") == "no url / here (httpx")
        #expect(breakingURLs("(http/a/b)") == "(http/\\:a/\\:b)", "without a scheme every slash breaks, as before")
        #expect(breakingURLs("(https://é/ü)\nnext (https://z/") == "(https://é/\\:ü)\nnext (https://z/\\:")
        #expect(breakingURLs("") == "")
    }
}
