/// Turns away the Swift files that swift-syntax could not parse in bounded time, before it tries.
///
/// The parser is linear on real code, but three shapes make it blow up, all far from anything
/// written by hand (measured on swift-syntax 603):
/// - **Nested square brackets.** At each `[` the parser looks ahead to see whether it starts an
///   `InlineArray` type (`[3 of Int]`); that look-ahead tries every nested `[` twice, so `[[[…` costs
///   2ⁿ for n levels (twenty levels take seconds, a hundred never end). The guard adds up 2^depth for
///   every `[` and refuses a file whose sum passes ``squareBracketBudget``: a hand-written file,
///   even a large table of nested literals, stays far below it.
/// - **Nested `#if`s**, which cost the square of their depth, and far more once past the parser's
///   nesting limit. More than ``maximumConditionalDepth`` levels are refused.
/// - **Nested generic arguments**, `A<A<A<…>>>`, whose look-ahead costs the square of their depth.
///   A `<` written straight after a name or a `>` is taken for one; since `i<n` looks the same, the
///   count starts again at each line, `;` and brace. More than ``maximumGenericDepth`` are refused.
/// - **Nesting past the parser's limit** (``SwiftSourceScanner/maximumNestingLevel``): the parser
///   would stop there and leave the rest of the file unscanned, which is better said than done
///   silently. Brackets, braces, parentheses and `#if`s count, as they do for the parser.
///
/// - **Too many tokens.** swift-syntax keeps the whole tree, a few hundred bytes per token, and
///   spends tens of microseconds on each in a debug build, whatever their shape: two million `a;`
///   take 650 MB and 80 s. A file of more than ``maximumTokens`` is refused, which bounds the memory
///   and time of one file; an ordinary file of that many tokens is about 4 MB.
///
/// The guard reads the text with a small lexer of its own that knows comments (nested, as Swift's
/// are) and string literals (raw, multi-line, with interpolations), so that a bracket in a comment
/// or a string does not count and one in an interpolation does.
struct SwiftNestingGuard {
    /// 2^18: eighteen nested `[` after a name (`let t [[[…`, found by the fuzzer) took 15 s to parse in
    /// a debug build at 2^19; a table of 2,000 rows of `[[1, 2], [3, 4]]` costs 40,000.
    static let squareBracketBudget = 1 << 18
    static let maximumConditionalDepth = 16
    static let maximumGenericDepth = 16
    /// Names, numbers, punctuation and string literals outside comments, counted roughly (an
    /// operator of three characters counts three): the parser's memory grows with them.
    static let maximumTokens = 1_000_000
    /// A little under the parser's limit, which also counts the `<` of generic arguments; this lexer
    /// cannot tell those from less-than signs, so leaves them out.
    static let maximumDepth = SwiftSourceScanner.maximumNestingLevel - 16

    /// Why `source` should not be parsed, or nil if it is safe to.
    static func reasonToSkip(_ source: UnsafeBufferPointer<UInt8>) -> String? {
        var scan = SwiftNestingGuard(bytes: source)
        return scan.run()
    }

    private enum Context {
        /// Code: the file itself, or an interpolation `\( … )` with its count of open parentheses.
        case code(interpolationParentheses: Int?)
        /// A string literal, with the number of `#`s around it (a raw string) and whether it is `"""`.
        case string(hashes: Int, multiline: Bool)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var contexts: [Context] = [.code(interpolationParentheses: nil)]
    private var depth = 0
    private var squareDepth = 0
    private var conditionalDepth = 0
    private var genericDepth = 0
    private var squareCost = 0
    private var tokens = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func run() -> String? {
        while position < bytes.count {
            switch contexts[contexts.count - 1] {
            case .code(let parentheses):
                if let reason = stepInCode(interpolationParentheses: parentheses) { return reason }
            case .string(let hashes, let multiline):
                if let reason = stepInString(hashes: hashes, multiline: multiline) { return reason }
            }
        }
        return nil
    }

    private mutating func stepInCode(interpolationParentheses: Int?) -> String? {
        let byte = bytes[position]
        if startsToken(byte) {
            tokens += 1
            if tokens > Self.maximumTokens { return "more than \(Self.maximumTokens) tokens, too many to parse in bounded memory" }
        }
        switch byte {
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while position < bytes.count, bytes[position] != ASCII.newline { position += 1 }
            return nil
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
            return nil
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            if let (hashes, multiline, length) = stringOpening() {
                contexts.append(.string(hashes: hashes, multiline: multiline))
                position += length
                return nil
            }
            if byte == UInt8(ascii: "#") { return directive() }
            position += 1
            return nil
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            position += 1
            if byte == UInt8(ascii: "{") { genericDepth = 0 }
            if let open = interpolationParentheses, byte == UInt8(ascii: "(") {
                contexts[contexts.count - 1] = .code(interpolationParentheses: open + 1)
            }
            return open()
        case UInt8(ascii: "["):
            position += 1
            squareDepth += 1
            squareCost += 1 << min(squareDepth, 40)
            if squareCost > Self.squareBracketBudget {
                return "square brackets nested too deeply to parse in reasonable time"
            }
            return open()
        case UInt8(ascii: ")"):
            position += 1
            close()
            if let open = interpolationParentheses {
                if open == 0 { contexts.removeLast() } else { contexts[contexts.count - 1] = .code(interpolationParentheses: open - 1) }
            }
            return nil
        case UInt8(ascii: "]"):
            position += 1
            squareDepth = max(0, squareDepth - 1)
            close()
            return nil
        case UInt8(ascii: "}"):
            position += 1
            genericDepth = 0
            close()
            return nil
        case UInt8(ascii: "<"):
            let previous = position > 0 ? bytes[position - 1] : 0
            position += 1
            guard ASCII.isIdentifierContinuation(previous) || previous == UInt8(ascii: ">") else { return nil }
            genericDepth += 1
            return genericDepth > Self.maximumGenericDepth
                ? "generic arguments nested more than \(Self.maximumGenericDepth) deep" : nil
        case UInt8(ascii: ">"):
            if position == 0 || bytes[position - 1] != UInt8(ascii: "-") { genericDepth = max(0, genericDepth - 1) }
            position += 1
            return nil
        case ASCII.newline, UInt8(ascii: ";"):
            position += 1
            genericDepth = 0
            return nil
        default:
            position += 1
            return nil
        }
    }

    private mutating func stepInString(hashes: Int, multiline: Bool) -> String? {
        let byte = bytes[position]
        if byte == ASCII.backslash, hashesFollow(at: position + 1, count: hashes) {
            position += 1 + hashes
            if peek() == UInt8(ascii: "(") {
                position += 1
                contexts.append(.code(interpolationParentheses: 0))
                return open()  // the interpolation's parenthesis, which the parser counts
            } else {
                position += 1  // the escaped character
            }
        } else if byte == UInt8(ascii: "\""), quotesFollow(at: position, count: multiline ? 3 : 1),
            hashesFollow(at: position + (multiline ? 3 : 1), count: hashes)
        {
            position += (multiline ? 3 : 1) + hashes
            contexts.removeLast()
        } else if byte == ASCII.newline, !multiline {
            position += 1
            contexts.removeLast()  // unterminated: the lexer ends it at the line's end too
        } else {
            position += 1
        }
        return nil
    }

    /// At `"`, `"""`, `#"` or `##"""`: the string's hashes, whether it is multi-line, and the length of its opening.
    private func stringOpening() -> (hashes: Int, multiline: Bool, length: Int)? {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        guard peek(hashes) == UInt8(ascii: "\"") else { return nil }
        let multiline = quotesFollow(at: position + hashes, count: 3)
        return (hashes, multiline, hashes + (multiline ? 3 : 1))
    }

    /// `#if` and `#endif` change the nesting; other `#` words (`#else`, `#selector`) do not.
    private mutating func directive() -> String? {
        position += 1
        let start = position
        while position < bytes.count, ASCII.isIdentifierContinuation(bytes[position]) { position += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if word == "if" {
            conditionalDepth += 1
            if conditionalDepth > Self.maximumConditionalDepth {
                return "#if blocks nested more than \(Self.maximumConditionalDepth) deep"
            }
            return open()
        }
        if word == "endif" {
            conditionalDepth = max(0, conditionalDepth - 1)
            close()
        }
        return nil
    }

    /// Whether the byte at the position starts a token: not white space, not the start of a
    /// comment, not within a name or number.
    private func startsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn, ASCII.formFeed, ASCII.verticalTab, 0:
            return false
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"):
            return false
        default:
            return !(ASCII.isIdentifierContinuation(byte) && position > 0 && ASCII.isIdentifierContinuation(bytes[position - 1]))
        }
    }

    private mutating func open() -> String? {
        depth += 1
        return depth > Self.maximumDepth ? "nested more than \(Self.maximumDepth) levels deep" : nil
    }

    private mutating func close() { depth = max(0, depth - 1) }

    private mutating func skipBlockComment() {
        var level = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                level += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                level -= 1
                position += 2
                if level == 0 { return }
            } else {
                position += 1
            }
        }
    }

    private func quotesFollow(at index: Int, count: Int) -> Bool {
        (0..<count).allSatisfy { index + $0 < bytes.count && bytes[index + $0] == UInt8(ascii: "\"") }
    }

    private func hashesFollow(at index: Int, count: Int) -> Bool {
        (0..<count).allSatisfy { index + $0 < bytes.count && bytes[index + $0] == UInt8(ascii: "#") }
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }
}
