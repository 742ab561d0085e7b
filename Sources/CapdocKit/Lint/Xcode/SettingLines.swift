/// The line of each build setting in `project.pbxproj`, which `PropertyListSerialization` does not
/// give: a finding about a generated Info.plist key should point at the line that sets it.
///
/// This is not a second parser of the file: Foundation parses it. This only tokenizes the text
/// (strings, punctuation, comments) and follows the nesting to find the keys written inside
/// `objects = { <id> = { buildSettings = { KEY = …; }; }; }`, so a value that spans lines, a
/// `/* comment */` or a quoted key (`"INFOPLIST_KEY_X[sdk=*]"`) cannot mislead it. On text
/// Foundation rejects it is never run; on odd text it finds fewer lines, never fails.
enum PBXSettingLines {
    /// Object id → setting key (as written, conditions included) → 1-based line. A key written
    /// twice keeps its last line, as Foundation keeps the last value.
    static func find(in data: [UInt8]) -> [String: [String: Int]] {
        var scanner = Scanner(bytes: data)
        var lines: [String: [String: Int]] = [:]
        var stack: [Container] = []
        while let token = scanner.next() {
            switch token.kind {
            case .open(let isDictionary):
                if stack.count >= maximumDepth { return lines }
                var path: [String] = []
                if let parent = stack.last {
                    let key = parent.isDictionary ? (parent.pendingKey ?? "?") : "()"
                    path = parent.path.count < 3 ? parent.path + [key] : parent.path + ["…"]
                    stack[stack.count - 1].pendingKey = nil
                }
                stack.append(Container(isDictionary: isDictionary, path: Array(path.prefix(4))))
            case .close:
                if stack.popLast() == nil { return lines }
            case .separator:
                if let top = stack.indices.last { stack[top].expectingKey = true }
            case .equals:
                break
            case .string(let text):
                guard let top = stack.indices.last, stack[top].isDictionary else { continue }
                if stack[top].expectingKey {
                    stack[top].expectingKey = false
                    stack[top].pendingKey = text
                    let path = stack[top].path
                    if path.count == 3, path[0] == "objects", path[2] == "buildSettings" {
                        lines[path[1], default: [:]][text] = token.line
                    }
                } else {
                    stack[top].pendingKey = nil
                }
            }
        }
        return lines
    }

    /// Deeper than any project file; Foundation refuses far less deep text anyway.
    private static let maximumDepth = 1024

    private struct Container {
        let isDictionary: Bool
        /// Keys from the root: `objects`, an object id, `buildSettings` (longer paths are cut).
        let path: [String]
        var expectingKey = true
        var pendingKey: String?

        init(isDictionary: Bool, path: [String]) {
            self.isDictionary = isDictionary
            self.path = path
        }
    }

    struct Token {
        enum Kind: Equatable {
            case open(isDictionary: Bool)
            case close
            /// `;` or `,`
            case separator
            case equals
            case string(String)
        }

        let kind: Kind
        let line: Int
    }

    /// Splits old-style property list text into tokens, skipping blanks, `/* */` and `//` comments.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> Token? {
            while true {
                skipBlanksAndComments()
                guard index < bytes.count else { return nil }
                if let token = token() { return token }
                // A byte no token starts with: skip it.
                advance()
            }
        }

        private mutating func token() -> Token? {
            let start = line
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                index += 1
                return Token(kind: .open(isDictionary: byte == UInt8(ascii: "{")), line: start)
            case UInt8(ascii: "}"), UInt8(ascii: ")"):
                index += 1
                return Token(kind: .close, line: start)
            case UInt8(ascii: ";"), UInt8(ascii: ","):
                index += 1
                return Token(kind: .separator, line: start)
            case UInt8(ascii: "="):
                index += 1
                return Token(kind: .equals, line: start)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                return Token(kind: .string(quoted(by: byte)), line: start)
            case UInt8(ascii: "<"):
                // <data>: not a key, skipped whole.
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { advance() }
                index += 1
                return Token(kind: .string(""), line: start)
            default:
                let begin = index
                while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
                if index == begin { return nil }
                return Token(kind: .string(String(decoding: bytes[begin..<index], as: UTF8.self)), line: start)
            }
        }

        private mutating func advance() {
            if bytes[index] == 10 || (bytes[index] == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) { line += 1 }
            index += 1
        }

        private mutating func skipBlanksAndComments() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 32 || (byte >= 9 && byte <= 13) {
                    advance()
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                        advance()
                    }
                    index = min(index + 2, bytes.count)
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
                } else {
                    return
                }
            }
        }

        /// A quoted string, its escapes decoded as far as keys need (`\"`, `\\`, `\n`, `\t`, `\U1234`).
        private mutating func quoted(by quote: UInt8) -> String {
            index += 1
            var decoded: [UInt8] = []
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    let escaped = bytes[index]
                    switch escaped {
                    case UInt8(ascii: "n"): decoded.append(10)
                    case UInt8(ascii: "t"): decoded.append(9)
                    case UInt8(ascii: "r"): decoded.append(13)
                    case UInt8(ascii: "U"):
                        let hex = bytes[(index + 1)..<min(index + 5, bytes.count)]
                        if hex.count == 4, let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value) {
                            decoded.append(contentsOf: Array(String(scalar).utf8))
                            index += 4
                        } else {
                            decoded.append(escaped)
                        }
                    default:
                        if escaped == 10 { line += 1 }
                        decoded.append(escaped)
                    }
                    index += 1
                } else {
                    decoded.append(bytes[index])
                    advance()
                }
            }
            index = min(index + 1, bytes.count)
            return String(decoding: decoded, as: UTF8.self)
        }

        /// The bytes of an unquoted old-style string: letters, digits, `_$+/:.-`, and anything
        /// beyond ASCII.
        private static func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                true
            default:
                byte >= 0x80
            }
        }
    }
}
