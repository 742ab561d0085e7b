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
}
