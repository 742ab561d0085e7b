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

    /// The most tags a page's layout may evaluate, each section over a list counting once per item:
    /// sections over the navigation nested 7 deep made one page 8⁷ evaluations and kept a build
    /// running for minutes. The shipped layout evaluates about a hundred.
    static let mostEvaluations = 10_000
    /// The most times a layout may write the page's body (a megabyte on the largest pages): 25,000
    /// `{{{body}}}` made one page gigabytes and ran the build out of memory.
    static let mostBodies = 4
    /// The layout's values that are lists, and the most items each can have: a section over one
    /// repeats its content that many times.
    static let lists = ["nav": 16]

    enum Problem: Equatable {
        case tooDeep(line: Int, column: Int)
        case delimiterTooLong(line: Int, column: Int)
        /// Evaluating the layout for one page would evaluate more than `mostEvaluations` tags.
        case tooMuchWork(line: Int, column: Int)
        /// The layout would write the page's body more than `mostBodies` times.
        case bodyTooOften(line: Int, column: Int)
    }

    /// The first problem, with the 1-based line and column (in characters) of the tag; nil when none.
    static func problem(in template: String) -> Problem? {
        let bytes = Array(template.utf8)
        var start = Array("{{".utf8), end = Array("}}".utf8)
        var depth = 0
        var cursor = 0
        // How many times each open section's content is evaluated per page (the product of the
        // lengths of the lists it is inside), and the running counts the budgets bound.
        var repeats: [Int] = [1]
        var evaluations = 0, bodies = 0
        func at(_ offset: Int, _ problem: (Int, Int) -> Problem) -> Problem {
            let position = lineAndColumn(of: offset, in: bytes)
            return problem(position.line, position.column)
        }
        while let open = find(start, in: bytes, from: cursor) {
            let sigil = open + start.count
            guard sigil < bytes.count else { return nil }
            let times = repeats.last!
            switch bytes[sigil] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                depth += 1
                if depth > mostLevels { return at(open) { .tooDeep(line: $0, column: $1) } }
                let name = tagName(bytes, from: sigil + 1, closedBy: end)
                let items = bytes[sigil] == UInt8(ascii: "#") ? (lists[name] ?? 1) : 1
                repeats.append(min(times * items, mostEvaluations + 1))
                evaluations += times
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
                if repeats.count > 1 { repeats.removeLast() }
            case UInt8(ascii: "!"):
                break
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                evaluations += times
                if tagName(bytes, from: sigil + 1, closedBy: end) == "body" { bodies += times }
            case UInt8(ascii: "="):
                break
            default:
                evaluations += times
                if tagName(bytes, from: bytes[sigil] == UInt8(ascii: ">") ? sigil + 1 : sigil, closedBy: end) == "body" { bodies += times }
            }
            if evaluations > mostEvaluations { return at(open) { .tooMuchWork(line: $0, column: $1) } }
            if bodies > mostBodies { return at(open) { .bodyTooOften(line: $0, column: $1) } }
            switch bytes[sigil] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"), UInt8(ascii: "/"):
                break
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

    /// A tag's name: what follows its sigil up to the end delimiter (or a closing `}`), trimmed.
    private static func tagName(_ bytes: [UInt8], from index: Int, closedBy end: [UInt8]) -> String {
        guard let close = find(end, in: bytes, from: index) else { return "" }
        var name = bytes[index..<close]
        while let last = name.last, last == UInt8(ascii: "}") || last.isSpace { name = name.dropLast() }
        while let first = name.first, first.isSpace { name = name.dropFirst() }
        return String(decoding: name, as: UTF8.self)
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
