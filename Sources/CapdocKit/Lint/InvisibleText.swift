/// Whether a string shows nothing to a person: a permission prompt made of it is blank.
enum InvisibleText {
    /// True when every scalar is white space, a control or format character, or a default-ignorable
    /// code point (U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+00AD SOFT HYPHEN, U+FEFF, U+3164
    /// HANGUL FILLER…): App Store Connect rejects such usage strings as empty.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
            // BRAILLE PATTERN BLANK is a symbol, but draws nothing: a favourite way to fake a string.
            if scalar == "\u{2800}" { return true }
            switch properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// The invisible scalars that are not plain white space, as `U+200B`, for messages.
    static func invisibleScalars(in text: String) -> [String] {
        var seen: [String] = []
        for scalar in text.unicodeScalars where !(scalar.properties.isWhitespace && scalar.isASCII) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            if !seen.contains(name) { seen.append(name) }
            if seen.count == 4 { break }
        }
        return seen
    }
}
