/// One token of Objective-C code, with where it starts.
struct ObjCToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A name or keyword (`manager`, `self`, `CLGeocoder`, `selector` after `@`).
        case identifier
        /// A string, character or number literal; its text is not kept.
        case literal
        /// One punctuation character, or `::` (so that C++ scope never reads as a selector's colon).
        case punctuation
    }

    var kind: Kind
    /// The identifier or punctuation; empty for a literal.
    var text: String
    /// 1-based line and column, the column counted in UTF-8 bytes.
    var line: Int
    var column: Int

    func isPunctuation(_ text: String) -> Bool { kind == .punctuation && self.text == text }
}

/// Splits Objective-C (and Objective-C++) source into tokens, leaving out what cannot be a call:
/// comments, the contents of string and character literals, and preprocessor lines (`#import`,
/// `#define`, `#if`...). Code between `#if` and `#endif` is kept, whichever branch it is in, since
/// any branch may be the one an app ships.
///
/// No parser for Objective-C is available to Swift on every platform, and finding message sends
/// does not need one: tokens and bracket nesting are enough (see ``ObjCReferenceFinder``). The
/// tokenizer works on the file's bytes, so columns are exact even in a file that is not valid UTF-8;
/// bytes beyond ASCII are treated as parts of identifiers, as clang does for UTF-8 names.
struct ObjCTokenizer {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// Nothing but blanks so far on this line: a `#` here starts a preprocessor line.
    private var atLineStart = true
    private var tokens: [ObjCToken] = []
    private var directives: [ObjCDirective] = []
    /// The text of the preprocessor line being skipped, comments and splices left out.
    private var directiveText: [UInt8] = []

    /// How many tokens and directives one file may hold. Each token keeps its text and position, and
    /// each `[` the finder's frame, about a hundred bytes together: eight million `[` took 900 MB.
    /// A million is an ordinary file of about 4 MB.
    static let maximumTokens = 1_000_000

    /// The tokens, and the conditional directives (`#if`, `#elif`, `#else`, `#endif`…) between them;
    /// nil when there are more than ``maximumTokens`` (the tokenizer stops there).
    static func tokensAndDirectives(in bytes: [UInt8]) -> (tokens: [ObjCToken], directives: [ObjCDirective])? {
        var tokenizer = ObjCTokenizer(bytes: bytes)
        guard tokenizer.run() else { return nil }
        return (tokenizer.tokens, tokenizer.directives)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a byte-order mark is not code
    }

    /// Tokenizes the file; false if it holds more than ``maximumTokens``.
    private mutating func run() -> Bool {
        while let byte = peek() {
            guard tokens.count + directives.count <= Self.maximumTokens else { return false }
            switch byte {
            case ASCII.newline:
                advanceOverNewline()
            case ASCII.space, ASCII.tab, ASCII.carriageReturn, ASCII.formFeed, ASCII.verticalTab:
                position += 1
            case ASCII.backslash where isLineSplice(at: position):
                skipLineSplice()
            case ASCII.hash where atLineStart:
                skipPreprocessorLine()
            case ASCII.slash where peek(1) == ASCII.slash:
                skipLineComment()
            case ASCII.slash where peek(1) == ASCII.asterisk:
                skipBlockComment()
            case ASCII.doubleQuote, ASCII.singleQuote:
                let start = mark()
                skipQuoted(closingWith: byte)
                emit(.literal, "", at: start)
            case _ where ASCII.isDigit(byte) || (byte == ASCII.dot && peek(1).map(ASCII.isDigit) == true):
                let start = mark()
                skipNumber()
                emit(.literal, "", at: start)
            case _ where ASCII.isIdentifierStart(byte):
                scanIdentifierOrPrefixedLiteral()
            case ASCII.colon where peek(1) == ASCII.colon:
                let start = mark()
                position += 2
                emit(.punctuation, "::", at: start)
            default:
                let start = mark()
                position += 1
                emit(.punctuation, String(decoding: [byte], as: UTF8.self), at: start)
            }
        }
        return tokens.count + directives.count <= Self.maximumTokens
    }

    // MARK: Tokens

    private mutating func scanIdentifierOrPrefixedLiteral() {
        let start = mark()
        let first = position
        while let byte = peek(), ASCII.isIdentifierContinuation(byte) { position += 1 }
        let name = String(decoding: bytes[first..<position], as: UTF8.self)
        // Prefixed literals: `L"…"`, `u8"…"`, and C++11 raw strings `R"x(…)x"`. (`@"…"` needs nothing:
        // `@` is punctuation and the string follows.)
        if let quote = peek(), quote == ASCII.doubleQuote || quote == ASCII.singleQuote {
            if ["R", "LR", "uR", "UR", "u8R"].contains(name), quote == ASCII.doubleQuote {
                skipRawString()
                emit(.literal, "", at: start)
                return
            }
            if ["L", "u", "U", "u8"].contains(name) {
                skipQuoted(closingWith: quote)
                emit(.literal, "", at: start)
                return
            }
        }
        emit(.identifier, name, at: start)
    }

    private mutating func emit(_ kind: ObjCToken.Kind, _ text: String, at start: (line: Int, column: Int)) {
        tokens.append(ObjCToken(kind: kind, text: text, line: start.line, column: start.column))
        atLineStart = false
    }

    private func mark() -> (line: Int, column: Int) { (line, position - lineStart + 1) }

    // MARK: Skipping what is not code

    /// A quoted literal, escapes included; an unterminated one ends at the end of its line.
    private mutating func skipQuoted(closingWith quote: UInt8) {
        position += 1
        while let byte = peek() {
            if byte == quote { position += 1; return }
            if byte == ASCII.newline { return }
            if byte == ASCII.backslash {
                if isLineSplice(at: position) { skipLineSplice() } else { position = min(position + 2, bytes.count) }
                continue
            }
            position += 1
        }
    }

    /// `R"delimiter( … )delimiter"`, which may span lines and has no escapes.
    private mutating func skipRawString() {
        position += 1  // the opening quote
        let delimiterStart = position
        while let byte = peek(), byte != ASCII.openParenthesis, byte != ASCII.newline, position - delimiterStart < 16 { position += 1 }
        guard peek() == ASCII.openParenthesis else { return }  // not a raw string after all: resume as code
        let terminator = [ASCII.closeParenthesis] + Array(bytes[delimiterStart..<position]) + [ASCII.doubleQuote]
        position += 1
        while position < bytes.count {
            if bytes[position] == terminator[0], bytes[position...].starts(with: terminator) {
                position += terminator.count
                return
            }
            if bytes[position] == ASCII.newline { advanceOverNewline() } else { position += 1 }
        }
    }

    private mutating func skipNumber() {
        while let byte = peek() {
            if ASCII.isIdentifierContinuation(byte) || byte == ASCII.dot {
                position += 1
            } else if (byte == ASCII.plus || byte == ASCII.minus), let previous = bytes[safe: position - 1], "eEpP".utf8.contains(previous) {
                position += 1  // an exponent's sign: 1e-5, 0x1p+3
            } else if byte == ASCII.singleQuote, let following = peek(1), ASCII.isIdentifierContinuation(following) {
                position += 1  // a C++14 digit separator: 1'000'000
            } else {
                return
            }
        }
    }

    private mutating func skipLineComment() {
        while let byte = peek(), byte != ASCII.newline {
            if byte == ASCII.backslash, isLineSplice(at: position) { skipLineSplice() } else { position += 1 }
        }
    }

    private mutating func skipBlockComment() {
        position += 2
        while let byte = peek() {
            if byte == ASCII.asterisk, peek(1) == ASCII.slash { position += 2; return }
            if byte == ASCII.newline { advanceOverNewline() } else { position += 1 }
        }
    }

    /// From `#` to the end of the line, following `\` line splices; comments and quoted text inside
    /// are skipped as such, so that `#define X "/*"` does not open a comment.
    /// A conditional directive is kept (``ObjCDirective``), at the place of the next token.
    private mutating func skipPreprocessorLine() {
        let line = self.line
        position += 1
        directiveText.removeAll(keepingCapacity: true)
        while let byte = peek(), byte != ASCII.newline {
            switch byte {
            case ASCII.backslash where isLineSplice(at: position):
                skipLineSplice()
                directiveText.append(ASCII.space)
            case ASCII.slash where peek(1) == ASCII.slash:
                skipLineComment()
            case ASCII.slash where peek(1) == ASCII.asterisk:
                skipBlockComment()
                directiveText.append(ASCII.space)
            case ASCII.doubleQuote, ASCII.singleQuote:
                let start = position
                skipQuoted(closingWith: byte)
                if directiveText.count < ObjCDirective.maximumLength { directiveText += bytes[start..<position] }
            default:
                if directiveText.count < ObjCDirective.maximumLength { directiveText.append(byte) }
                position += 1
            }
        }
        if let directive = ObjCDirective(text: directiveText, line: line, tokenIndex: tokens.count) { directives.append(directive) }
    }

    // MARK: Lines

    private func isLineSplice(at index: Int) -> Bool {
        bytes[safe: index + 1] == ASCII.newline
            || (bytes[safe: index + 1] == ASCII.carriageReturn && bytes[safe: index + 2] == ASCII.newline)
    }

    /// A backslash and the line break after it, which join two lines into one.
    private mutating func skipLineSplice() {
        position += 1
        if peek() == ASCII.carriageReturn { position += 1 }
        let keepsLineStart = atLineStart
        advanceOverNewline()
        atLineStart = keepsLineStart
    }

    private mutating func advanceOverNewline() {
        position += 1
        line += 1
        lineStart = position
        atLineStart = true
    }

    private func peek(_ offset: Int = 0) -> UInt8? { bytes[safe: position + offset] }
}

/// The bytes the tokenizer tells apart.
enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let formFeed: UInt8 = 0x0C
    static let verticalTab: UInt8 = 0x0B
    static let backslash = UInt8(ascii: "\\")
    static let hash = UInt8(ascii: "#")
    static let slash = UInt8(ascii: "/")
    static let asterisk = UInt8(ascii: "*")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isIdentifierContinuation(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
