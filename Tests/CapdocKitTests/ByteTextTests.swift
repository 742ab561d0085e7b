import Testing
@testable import CapdocKit

/// `ByteText.appendDecimal` writes every citation number and dataset position; its short paths for
/// one and two digits are held to `String(number)`, as is the general loop past them.
@Suite("Byte text")
struct ByteTextTests {
    @Test("decimal numbers are written as String(number) writes them, at every length")
    func decimals() {
        var numbers = Array(0...1_100) + [9_999, 10_000, 65_535, 1_000_000, 123_456_789, Int(Int32.max), Int.max, -1, -42, Int.min]
        var generator = SystemRandomNumberGenerator()
        numbers += (0..<500).map { _ in Int.random(in: 0...Int.max, using: &generator) }
        for number in numbers {
            var output: [UInt8] = Array("x".utf8)
            ByteText.appendDecimal(number, to: &output)
            #expect(output == Array("x\(number)".utf8), "\(number)")
        }
    }

    @Test("white space collapses as splitting on Character.isWhitespace and joining with spaces does, ASCII or not")
    func collapsingWhitespace() {
        var texts = [
            "", " ", "word", "  two  words  ", "a\tb\nc\u{0B}d\u{0C}e\rf", "line\r\nbreak", "\r\n", "x\u{1C}y\u{1F}z",
            "no\u{00A0}break", "para\u{2029}graph", "e\u{301} acute", " \u{301}mark after a space", "日本 語", "tab\t\t",
        ]
        var generator = SystemRandomNumberGenerator()
        // Random ASCII with every control and white space byte, and some with a character beyond it.
        let alphabet = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) } + ["\u{85}", "\u{A0}", "é"]
        texts += (0..<300).map { index in
            String(
                (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                    index % 3 == 0 ? alphabet.randomElement(using: &generator)! : alphabet[Int.random(in: 0..<0x80, using: &generator)]
                })
        }
        for text in texts {
            #expect(ByteText.collapsingWhitespace(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "), "\(Array(text.unicodeScalars))")
        }
    }
}
