#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte-level text rewriting for the render path. Foundation's `replacingOccurrences`,
/// `trimmingCharacters` and `split` go through NSString on Linux and dominated build profiles; the
/// rewrites capdoc needs only ever touch ASCII bytes, which UTF-8 never uses inside other characters.
/// Each function scans the string's own UTF-8 storage and allocates only when something changes.
enum ByteText {
    /// Replaces single ASCII bytes by strings; returns the text itself when nothing matches.
    static func replacing(_ text: String, _ replacements: ByteReplacements) -> String {
        withBytes(text) { bytes in
            // Searched in a loop of its own, a fifth cheaper than `firstIndex(where:)` with the set's
            // method (callgrind): every id of a table's rows and cells is escaped, a quarter of a million
            // in a build of 2,000 services.
            let wanted = replacements.wanted
            var first = 0
            while first < bytes.count, !wanted.contains(bytes[first]) { first += 1 }
            guard first < bytes.count else { return text }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                if replacements.wanted.contains(byte) { output.append(contentsOf: replacements.table[Int(byte)]) } else { output.append(byte) }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Replaces every occurrence of an ASCII `pattern` by `replacement`.
    static func replacing(_ text: String, _ pattern: String, with replacement: String) -> String {
        let needle = Array(pattern.utf8)
        guard let first = needle.first else { return text }
        return withBytes(text) { bytes in
            var output: [UInt8] = []
            var copied = 0  // bytes before this index are in `output` (once something changed)
            var index = 0
            var changed = false
            while let found = bytes[index...].firstIndex(of: first) {
                guard found + needle.count <= bytes.count else { break }
                if bytes[found..<(found + needle.count)].elementsEqual(needle) {
                    if !changed { output.reserveCapacity(bytes.count + 16); changed = true }
                    output.append(contentsOf: bytes[copied..<found])
                    output.append(contentsOf: replacement.utf8)
                    copied = found + needle.count
                    index = copied
                } else {
                    index = found + 1
                }
            }
            guard changed else { return text }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Where `needle` (not empty) first occurs in `bytes` at or after `from`.
    static func firstRange(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = from
        while index < bytes.count, let found = firstIndex(of: first, in: bytes, from: index) {
            guard found + needle.count <= bytes.count else { return nil }
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }

    /// Where `byte` first occurs in `bytes` at or after `from` (nil from the end on), by memchr: the man
    /// pages' passes look for a few bytes through whole pages, which a search byte by byte walked slowly.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress, from < bytes.count else { return nil }
        return memchr(base + from, Int32(byte), bytes.count - from).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
    }

    /// Drops newlines (and carriage returns) at both ends.
    static func trimmingNewlines(_ text: String) -> String {
        let bytes = text.utf8
        guard let start = bytes.firstIndex(where: { $0 != 0x0A && $0 != 0x0D }) else { return "" }
        let end = bytes.lastIndex(where: { $0 != 0x0A && $0 != 0x0D })!
        if start == bytes.startIndex, bytes.index(after: end) == bytes.endIndex { return text }
        return String(text[start...end])
    }

    /// The words of `text` joined by single spaces: `text.split(whereSeparator: \.isWhitespace)
    /// .joined(separator: " ")`, which walks the text character by character (4% of composing a
    /// service page went there, for its description). Plain ASCII is split on its bytes; other text the slow way.
    static func collapsingWhitespace(_ text: String) -> String {
        let collapsed: String? = withBytes(text) { bytes in
            // ASCII's white space, as Character.isWhitespace says: tab, line feed, vertical tab, form
            // feed, carriage return and space (CR LF, one character, is white space too).
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if isSpace(byte) {
                    pendingSpace = !output.isEmpty
                } else {
                    if pendingSpace { output.append(0x20); pendingSpace = false }
                    output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        return collapsed ?? text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An integer in decimal, as `String(number)` writes it, without making the String: pages write a
    /// citation number at every cell, and the dataset millions of positions.
    static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
        forEachDecimalByte(of: number) { output.append($0) }
    }

    /// The bytes of `String(number)`, one by one: what `appendDecimal` and `ByteBuffer.appendDecimal`
    /// append. Most numbers written are citation numbers and positions under 100: their digits come
    /// from divisions by constants (a multiply), not the general loop's divisions by a variable.
    @inline(__always)
    static func forEachDecimalByte(of number: Int, _ body: (UInt8) -> Void) {
        if number < 0 {
            String(number).utf8.forEach(body)
        } else if number < 10 {
            body(0x30 &+ UInt8(truncatingIfNeeded: number))
        } else if number < 100 {
            body(0x30 &+ UInt8(truncatingIfNeeded: number / 10))
            body(0x30 &+ UInt8(truncatingIfNeeded: number % 10))
        } else {
            forEachDecimalDigit(of: UInt64(number), body)
        }
    }

    /// The ASCII digits of a number, most significant first, as `String(number)` writes them: the one
    /// digit loop behind `appendDecimal`, versions and the man tables' citation widths.
    @inline(__always)
    static func forEachDecimalDigit(of number: UInt64, _ body: (UInt8) -> Void) {
        var divisor: UInt64 = 1
        while divisor <= number / 10 { divisor *= 10 }
        var rest = number
        repeat {
            body(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Runs `body` over a literal's UTF-8 bytes where they lie. `StaticString.withUTF8Buffer` alone
    /// was left out of line with its closure, a call per tag written; a one-character literal (held
    /// as its scalar, not as bytes) still goes through it.
    @inline(__always)
    static func withBytes<Result>(_ literal: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if literal.hasPointerRepresentation {
            return body(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
        return literal.withUTF8Buffer(body)
    }

    /// Runs `body` over the text's UTF-8 bytes without copying them when the string is native.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's bytes where they lie: a String literal's `.utf8` is first copied out of a
    /// small string, and tables append markup at every cell.
    mutating func append(literal: StaticString) {
        ByteText.withBytes(literal) { append(contentsOf: $0) }
    }
}

/// Single bytes and what replaces them, made once: `ByteText.replacing` runs for every cell of a table.
struct ByteReplacements: Sendable {
    let wanted: ByteSet
    let table: [[UInt8]]

    init(_ replacements: [UInt8: String]) {
        var wanted = ByteSet()
        var table = [[UInt8]](repeating: [], count: 256)
        for (byte, replacement) in replacements {
            wanted.insert(byte)
            table[Int(byte)] = Array(replacement.utf8)
        }
        self.wanted = wanted
        self.table = table
    }

    /// Newlines as spaces: generated text is one line in man, where a newline could start a request.
    static let lineBreaksAsSpaces = ByteReplacements([0x0A: " ", 0x0D: " "])
    /// What HTML text and attribute values escape.
    static let html = ByteReplacements([0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;"])
    /// swift-mustache's `{{x}}` escaping of ASCII text: `html` and the apostrophe.
    static let mustacheHTML = ByteReplacements([0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;", 0x27: "&#39;"])
    /// A Markdown table cell: on one line, its column separator escaped.
    static let markdownCell = ByteReplacements([0x0A: " ", 0x7C: "\\|"])
}

/// A set of bytes as a 256-bit mask: membership without hashing.
struct ByteSet: Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// The word is picked by address, not by a switch: the text scans ask for every byte a build
    /// writes, and a branch per byte cost more than the test itself.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        withUnsafeBytes(of: words) { raw in
            (raw.load(fromByteOffset: Int(byte >> 6) &* 8, as: UInt64.self) >> UInt64(byte & 63)) & 1 != 0
        }
    }
}
