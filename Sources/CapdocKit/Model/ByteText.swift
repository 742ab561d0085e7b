/// Byte-level text rewriting for the render path. Foundation's `replacingOccurrences`,
/// `trimmingCharacters` and `split` go through NSString on Linux and dominated build profiles; the
/// rewrites capdoc needs only ever touch ASCII bytes, which UTF-8 never uses inside other characters.
enum ByteText {
    /// Replaces single ASCII bytes by strings; returns the text itself when nothing matches.
    static func replacing(_ text: String, _ replacements: [UInt8: String]) -> String {
        guard text.utf8.contains(where: { replacements[$0] != nil }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let replacement = replacements[byte] { output.append(contentsOf: replacement.utf8) } else { output.append(byte) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Replaces every occurrence of an ASCII `pattern` by `replacement`.
    static func replacing(_ text: String, _ pattern: String, with replacement: String) -> String {
        let needle = Array(pattern.utf8)
        let bytes = Array(text.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return text }
        var output: [UInt8] = []
        var index = 0
        var changed = false
        while index < bytes.count {
            if bytes[index] == first, index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                if !changed { output.reserveCapacity(bytes.count + 16); output.append(contentsOf: bytes[0..<index]); changed = true }
                output.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                if changed { output.append(bytes[index]) }
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// Drops newlines (and carriage returns) at both ends.
    static func trimmingNewlines(_ text: String) -> String {
        let bytes = text.utf8
        guard let start = bytes.firstIndex(where: { $0 != 0x0A && $0 != 0x0D }) else { return "" }
        let end = bytes.lastIndex(where: { $0 != 0x0A && $0 != 0x0D })!
        if start == bytes.startIndex, bytes.index(after: end) == bytes.endIndex { return text }
        return String(text[start...end])
    }

    /// The lines of a text, split at "\n" (empty lines kept).
    static func lines(_ text: String) -> [Substring] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
    }
}
