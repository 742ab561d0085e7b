/// An `.xcconfig` file, parsed line by line as Xcode reads one: `NAME[cond=pattern] = value`
/// (a trailing `;` dropped, a trailing `\` continuing the value on the next line), `//` starting
/// a comment anywhere, even inside a value (so `https://x` reads as `https:`, as in Xcode), and
/// `#include "file"` / `#include? "file"` relative to this file's folder.
struct XCConfigFile: Sendable, Hashable {
    enum Entry: Sendable, Hashable {
        case assignment(XcodeSettingAssignment)
        /// `path`: absolute, or nil when the name cannot be resolved (`<DEVELOPER_DIR>/…`).
        case include(name: String, path: String?, optional: Bool, line: Int)
    }

    /// Absolute.
    let path: String
    let entries: [Entry]
    /// Lines that are none of the above, as `file:line: what`.
    let problems: [String]

    init(text: String, path: String, displayPath: String) {
        self.path = path
        var parser = Parser(lines: Self.lines(of: text), folder: XcodePath.parent(path), displayPath: displayPath)
        parser.parse()
        entries = parser.entries
        problems =
            parser.problems
            + (parser.unreportedProblems > 0
                ? ["\(displayPath): \(parser.unreportedProblems) more lines not understood"] : [])
    }

    /// Problems reported for one file; past this, they are only counted.
    static let maximumProblems = 20

    /// Lines split at `\n`, `\r\n`, `\r` and the Unicode line and paragraph separators.
    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { character in
            character == "\n" || character == "\r\n" || character == "\r" || character == "\u{2028}" || character == "\u{2029}"
        }
    }

    private struct Parser {
        let lines: [Substring]
        let folder: String
        let displayPath: String
        var entries: [Entry] = []
        var problems: [String] = []
        var unreportedProblems = 0
        var index = 0

        init(lines: [Substring], folder: String, displayPath: String) {
            self.lines = lines
            self.folder = folder
            self.displayPath = displayPath
        }

        mutating func parse() {
            while index < lines.count {
                let number = index + 1
                let line = Self.withoutComment(lines[index]).drop(while: Self.isBlank)
                index += 1
                if line.isEmpty { continue }
                if line.first == "#" {
                    directive(line.dropFirst(), line: number)
                } else if let first = line.unicodeScalars.first, XcodeSettingAssignment.isNameScalar(first, first: true) {
                    assignment(line, line: number)
                } else {
                    problem(number, "unexpected ‘\(line.prefix(1))’")
                }
            }
        }

        private mutating func directive(_ text: Substring, line: Int) {
            let rest = text.drop(while: Self.isBlank)
            let keyword = rest.prefix { !Self.isBlank($0) && $0 != "\"" }
            guard keyword == "include" || keyword == "include?" else {
                return problem(line, "unsupported directive ‘#\(keyword)’")
            }
            let quoted = rest.dropFirst(keyword.count).drop(while: Self.isBlank)
            guard quoted.first == "\"", let close = quoted.dropFirst().firstIndex(of: "\"") else {
                return problem(line, "#\(keyword) needs a file name in double quotes")
            }
            let name = String(quoted[quoted.index(after: quoted.startIndex)..<close])
            guard !name.isEmpty, quoted[quoted.index(after: close)...].allSatisfy(Self.isBlank) else {
                return problem(line, "#\(keyword) needs one file name in double quotes")
            }
            let path: String? = name.hasPrefix("<") ? nil : XcodePath.join(folder, name)
            entries.append(.include(name: name, path: path, optional: keyword == "include?", line: line))
        }

        private mutating func assignment(_ text: Substring, line: Int) {
            guard let equals = Self.assignmentEquals(in: text),
                let key = XcodeSettingAssignment.parseKey(String(text[..<equals]))
            else { return problem(line, "expected NAME = value") }
            // A value ending in `\` goes on over the next lines, joined by a space.
            var pieces: [Substring] = []
            var value = Self.trimmed(text[text.index(after: equals)...])
            while value.hasSuffix("\\") {
                let piece = Self.trimmed(value.dropLast())
                if !piece.isEmpty { pieces.append(piece) }
                guard index < lines.count else {
                    value = ""
                    break
                }
                value = Self.trimmed(Self.withoutComment(lines[index]))
                index += 1
            }
            if !value.isEmpty { pieces.append(value) }
            entries.append(
                .assignment(
                    XcodeSettingAssignment(
                        name: key.name, conditions: key.conditions, value: pieces.joined(separator: " "), file: displayPath, line: line)))
        }

        /// The `=` after the name and its `[…]` conditions (whose patterns hold `=` too).
        private static func assignmentEquals(in text: Substring) -> Substring.Index? {
            var inCondition = false
            for index in text.indices {
                switch text[index] {
                case "[": inCondition = true
                case "]": inCondition = false
                case "=" where !inCondition: return index
                default: continue
                }
            }
            return nil
        }

        private mutating func problem(_ line: Int, _ what: String) {
            guard problems.count < XCConfigFile.maximumProblems else { return unreportedProblems += 1 }
            problems.append("\(displayPath):\(line): \(what)")
        }

        /// The line up to `//`, wherever it is.
        private static func withoutComment(_ line: Substring) -> Substring {
            guard let slash = line.firstRange(of: "//") else { return line }
            return line[..<slash.lowerBound]
        }

        /// Without surrounding blanks, and without one trailing `;`.
        private static func trimmed(_ text: Substring) -> Substring {
            var value = text.drop(while: isBlank)
            while let last = value.last, isBlank(last) { value = value.dropLast() }
            if value.last == ";" {
                value = value.dropLast()
                while let last = value.last, isBlank(last) { value = value.dropLast() }
            }
            return value
        }

        /// Space, tab, vertical tab, form feed: the blanks of an `.xcconfig` line.
        private static func isBlank(_ character: Character) -> Bool {
            character == " " || character == "\t" || character == "\u{0B}" || character == "\u{0C}"
        }
    }
}
