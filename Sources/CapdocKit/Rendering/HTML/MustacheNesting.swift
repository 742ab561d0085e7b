/// How deeply a Mustache template nests its sections, found by scanning its tags as swift-mustache
/// reads them, before swift-mustache parses it.
///
/// Why: swift-mustache parses each section by recursion and copies the text of every enclosing
/// section, so a template of 3,000 nested sections (60 KB) overflowed the stack and crashed the
/// build, and 1,000 levels took 35 s. Templates are third-party files: their nesting is bounded first.
/// The scan is linear: it only looks for tags (`{{#`, `{{^`, `{{$`, `{{<` open a section, `{{/`
/// closes one) and follows set-delimiter tags (`{{=<% %>=}}`), whose delimiters it bounds too.
enum MustacheNesting {
    /// The most sections a template may nest: the shipped layout nests 2.
    static let mostLevels = 50
    /// The longest delimiter a set-delimiter tag may choose (finding a long delimiter costs its length at every character).
    static let longestDelimiter = 16

    enum Problem: Equatable {
        case tooDeep(line: Int, column: Int)
        case delimiterTooLong(line: Int, column: Int)
    }

    /// The first problem, with the 1-based line and column (in characters) of the tag; nil when none.
    static func problem(in template: String) -> Problem? {
        let bytes = Array(template.utf8)
        var start = Array("{{".utf8), end = Array("}}".utf8)
        var depth = 0
        var cursor = 0
        while let open = find(start, in: bytes, from: cursor) {
            let sigil = open + start.count
            guard sigil < bytes.count else { return nil }
            switch bytes[sigil] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                depth += 1
                if depth > mostLevels {
                    let position = lineAndColumn(of: open, in: bytes)
                    return .tooDeep(line: position.line, column: position.column)
                }
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "="):
                // `{{=START END=}}`: white space separates the two; the old end delimiter closes the tag.
                guard let (newStart, newEnd, after) = setDelimiters(bytes, from: sigil + 1, closedBy: end) else { return nil }
                if newStart.count > longestDelimiter || newEnd.count > longestDelimiter {
                    let position = lineAndColumn(of: open, in: bytes)
                    return .delimiterTooLong(line: position.line, column: position.column)
                }
                start = newStart
                end = newEnd
                cursor = after
                continue
            default:
                break
            }
            guard let close = find(end, in: bytes, from: sigil) else { return nil }
            cursor = close + end.count
        }
        return nil
    }

    /// The delimiters of a set-delimiter tag whose `=` is just before `index`, and where the tag ends;
    /// nil when it is malformed (swift-mustache then reports it).
    private static func setDelimiters(_ bytes: [UInt8], from index: Int, closedBy end: [UInt8]) -> ([UInt8], [UInt8], Int)? {
        var cursor = index
        func skipSpace() { while cursor < bytes.count, bytes[cursor].isSpace { cursor += 1 } }
        skipSpace()
        let startBegin = cursor
        while cursor < bytes.count, !bytes[cursor].isSpace { cursor += 1 }
        let newStart = Array(bytes[startBegin..<cursor])
        skipSpace()
        let endBegin = cursor
        while cursor < bytes.count, !bytes[cursor].isSpace, bytes[cursor] != UInt8(ascii: "=") { cursor += 1 }
        let newEnd = Array(bytes[endBegin..<cursor])
        skipSpace()
        guard !newStart.isEmpty, !newEnd.isEmpty, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "="),
            bytes[(cursor + 1)...].starts(with: end)
        else { return nil }
        return (newStart, newEnd, cursor + 1 + end.count)
    }

    /// The first occurrence of `needle` at or after `from`. Delimiters are short (`longestDelimiter`), so this is linear.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column)
    }
}
