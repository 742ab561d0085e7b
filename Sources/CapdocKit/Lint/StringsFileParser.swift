/// Parses a `.strings` file (`"key" = "value";`, the old-style property-list text Xcode localizes
/// Info.plists with), keeping each key's line, which Foundation's reader does not give.
///
/// Accepts what Foundation accepts: quoted or bare keys and values, `/* */` and `//` comments,
/// the escapes `\" \\ \n \t \r \0`, `\Uxxxx` and `\uxxxx`, a key without a value (`"key";`,
/// whose value is the key). Anything else is an error at its line and column.
struct StringsFileParser {
    private let scalars: [Unicode.Scalar]
    private let path: String
    private var index = 0
    private var line = 1
    private var column = 1

    init(text: String, path: String) {
        self.scalars = Array(text.unicodeScalars)
        self.path = path
    }

    mutating func parse() throws(LocalizedStringsError) -> [String: LocalizedInfoPlist.Entry] {
        var entries: [String: LocalizedInfoPlist.Entry] = [:]
        while true {
            try skipTrivia()
            guard index < scalars.count else { return entries }
            let keyLine = line
            let key = try string()
            try skipTrivia()
            var value = key
            if peek == "=" {
                advance()
                try skipTrivia()
                value = try string()
                try skipTrivia()
            }
            guard peek == ";" else { throw error("expected ';' after the entry for '\(key)'") }
            advance()
            entries[key] = .init(value: value, line: keyLine)
        }
    }

    // MARK: Lexing

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    private func error(_ reason: String) -> LocalizedStringsError {
        LocalizedStringsError(path: path, line: line, column: column, reason: reason)
    }

    private mutating func skipTrivia() throws(LocalizedStringsError) {
        while let scalar = peek {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let (startLine, startColumn) = (line, column)
                advance(); advance()
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                guard index < scalars.count else {
                    throw LocalizedStringsError(path: path, line: startLine, column: startColumn, reason: "a comment that is never closed")
                }
                advance(); advance()
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let next = peek, next != "\n" { _ = next; advance() }
            } else {
                return
            }
        }
    }

    /// A quoted string, or a bare word of the characters old-style plists allow unquoted.
    private mutating func string() throws(LocalizedStringsError) -> String {
        guard let first = peek else { throw error("expected a string, found the end of the file") }
        guard first == "\"" || first == "'" else {
            var word = ""
            while let scalar = peek,
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || "_$+/:.-".unicodeScalars.contains(scalar)
            {
                word.unicodeScalars.append(scalar)
                advance()
            }
            guard !word.isEmpty else { throw error("expected a quoted string, found '\(first)'") }
            return word
        }
        let (startLine, startColumn) = (line, column)
        advance()
        var result = ""
        while let scalar = peek, scalar != first {
            advance()
            guard scalar == "\\" else { result.unicodeScalars.append(scalar); continue }
            guard let escaped = peek else { break }
            advance()
            switch escaped {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "0": result += "\0"
            case "a": result += "\u{07}"
            case "b": result += "\u{08}"
            case "f": result += "\u{0C}"
            case "v": result += "\u{0B}"
            case "U", "u":
                var hex = ""
                while hex.count < 4, let digit = peek, digit.properties.isASCIIHexDigit { hex.unicodeScalars.append(digit); advance() }
                guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
                    throw error("'\\\(escaped)\(hex)' is not a valid Unicode escape")
                }
                result.unicodeScalars.append(decoded)
            default: result.unicodeScalars.append(escaped)
            }
        }
        guard peek == first else {
            throw LocalizedStringsError(path: path, line: startLine, column: startColumn, reason: "a string that is never closed")
        }
        advance()
        return result
    }
}
