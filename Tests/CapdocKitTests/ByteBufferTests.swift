import Testing
@testable import CapdocKit

/// `ByteBuffer` is what every table and generated block of a page is written into: held to an array
/// given the same appends, across its growth from nothing, its short and long copies, and truncation.
@Suite("Byte buffer")
struct ByteBufferTests {
    /// One append of each kind the writers make, with what it appends to an array.
    private enum Piece {
        case byte(UInt8), pair(UInt8, UInt8), bytes([UInt8]), slice([UInt8], Range<Int>), text(String), decimal(Int), literal(StaticString)
        case truncate(Int)

        func apply(to buffer: inout ByteBuffer, _ array: inout [UInt8]) {
            switch self {
            case let .byte(byte):
                buffer.append(byte)
                array.append(byte)
            case let .pair(first, second):
                buffer.append(first, second)
                array += [first, second]
            case let .bytes(bytes):
                bytes.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
                array += bytes
            case let .slice(bytes, range):
                bytes.withUnsafeBufferPointer { buffer.append(contentsOf: $0[range]) }
                array += bytes[range]
            case let .text(text):
                buffer.append(text)
                array += text.utf8
            case let .decimal(number):
                buffer.appendDecimal(number)
                array += String(number).utf8
            case let .literal(literal):
                buffer.append(literal: literal)
                array += literal.description.utf8
            case let .truncate(keep):
                let position = min(keep, array.count)
                buffer.truncate(to: position)
                array.removeSubrange(position...)
            }
        }
    }

    @Test("random appends give the bytes an array gets, from any starting capacity")
    func matchesAnArray() {
        var generator = SystemRandomNumberGenerator()
        let literals: [StaticString] = ["<", "\"", "</td>", "<a class=\"cite\" href=\"#cite-", "é", "–", "\u{1F600}", ""]
        for startingCapacity in [0, 1, 16, 300] {
            for _ in 0..<15 {
                var buffer = ByteBuffer(capacity: startingCapacity)
                var array: [UInt8] = []
                for _ in 0..<Int.random(in: 0...300, using: &generator) {
                    let length = Int.random(in: 0...(Bool.random(using: &generator) ? 20 : 700), using: &generator)
                    let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    let lower = Int.random(in: 0...length, using: &generator)
                    let piece: Piece =
                        switch Int.random(in: 0..<8, using: &generator) {
                        case 0: .byte(UInt8.random(in: 0...255, using: &generator))
                        case 1: .pair(UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator))
                        case 2: .bytes(bytes)
                        case 3: .slice(bytes, lower..<Int.random(in: lower...length, using: &generator))
                        case 4: .text(String(decoding: bytes, as: UTF8.self))
                        case 5: .decimal(Int.random(in: -5...1_000_000, using: &generator))
                        case 6: .literal(literals.randomElement(using: &generator)!)
                        default: .truncate(Int.random(in: 0...max(array.count, 1), using: &generator))
                        }
                    piece.apply(to: &buffer, &array)
                    #expect(buffer.count == array.count)
                    #expect(buffer.last == array.last)
                }
                #expect(buffer.array() == array)
                #expect(buffer.withBytes { Array($0) } == array)
                #expect(buffer.isEmpty == array.isEmpty)
            }
        }
    }

    @Test("a buffer with no capacity is empty and grows at the first append")
    func emptyBuffer() {
        var buffer = ByteBuffer()
        #expect(buffer.isEmpty && buffer.last == nil && buffer.array().isEmpty)
        buffer.truncate(to: 0)
        buffer.append(literal: "x")
        #expect(buffer.array() == [0x78])
    }
}
