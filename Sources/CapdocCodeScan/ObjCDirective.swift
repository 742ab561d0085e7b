/// A conditional preprocessor line of Objective-C (`#if TARGET_OS_IOS && !TARGET_OS_MACCATALYST`,
/// `#ifdef DEBUG`, `#elif`, `#else`, `#endif`), read into a ``BuildCondition``.
///
/// An `#if` expression is read with `||`, `&&`, `!`, parentheses, names (each an atom: the
/// `TARGET_OS_*` macros of `TargetConditionals.h` are 0 or 1) and numbers (`#if 0`). Anything else
/// (`defined(X)`, which holds for every `TARGET_OS_*`, comparisons, `__has_include`, macros with
/// arguments) makes the whole condition unknown, and so does `#ifdef` / `#ifndef`: code under them
/// counts on every platform, as it did before conditions were read.
struct ObjCDirective: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `#if`, `#ifdef`, `#ifndef`: opens a conditional.
        case open(BuildCondition)
        /// `#elif`, `#elifdef`, `#elifndef`.
        case alternative(BuildCondition)
        case otherwise
        case close
    }

    /// Longer lines are read as unknown: no hand-written condition is that long.
    static let maximumLength = 4096

    var kind: Kind
    var line: Int
    /// The index of the first token after the directive.
    var tokenIndex: Int

    /// `text`: the line after its `#`, comments left out; nil for a directive that is no conditional.
    init?(text: [UInt8], line: Int, tokenIndex: Int) {
        self.line = line
        self.tokenIndex = tokenIndex
        var lexer = DirectiveLexer(bytes: text)
        guard case .name(let word)? = lexer.next() else { return nil }
        let rest = text.count >= Self.maximumLength ? nil : lexer.remaining()
        func expression() -> BuildCondition { rest.flatMap(DirectiveExpression.parse) ?? .unknown }
        switch word {
        case "if": kind = .open(expression())
        case "ifdef", "ifndef": kind = .open(.unknown)
        case "elif": kind = .alternative(expression())
        case "elifdef", "elifndef": kind = .alternative(.unknown)
        case "else": kind = .otherwise
        case "endif": kind = .close
        default: return nil
        }
    }
}

/// The tokens of a directive's expression.
private enum DirectiveToken: Equatable {
    case name(String)
    case number(Int?)
    case symbol(String)
}

private struct DirectiveLexer {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func remaining() -> [DirectiveToken] {
        var tokens: [DirectiveToken] = []
        while let token = next() { tokens.append(token) }
        return tokens
    }

    mutating func next() -> DirectiveToken? {
        while position < bytes.count, bytes[position] == ASCII.space || bytes[position] == ASCII.tab || bytes[position] == ASCII.carriageReturn {
            position += 1
        }
        guard position < bytes.count else { return nil }
        let start = position
        let byte = bytes[position]
        if ASCII.isIdentifierStart(byte) {
            while position < bytes.count, ASCII.isIdentifierContinuation(bytes[position]) { position += 1 }
            return .name(String(decoding: bytes[start..<position], as: UTF8.self))
        }
        if ASCII.isDigit(byte) {
            while position < bytes.count, ASCII.isIdentifierContinuation(bytes[position]) { position += 1 }
            // Decimal only, with `u`/`l` suffixes (`1L`); anything else (`0x1`) is a number of unknown value.
            let digits = bytes[start..<position].prefix(while: ASCII.isDigit)
            let suffix = bytes[(start + digits.count)..<position]
            let plain = digits.count < 10 && suffix.allSatisfy { "uUlL".utf8.contains($0) }
            return .number(plain ? Int(String(decoding: digits, as: UTF8.self)) : nil)
        }
        position += 1
        if (byte == UInt8(ascii: "|") || byte == UInt8(ascii: "&")), position < bytes.count, bytes[position] == byte {
            position += 1
            return .symbol(String(decoding: [byte, byte], as: UTF8.self))
        }
        if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">"),
            position < bytes.count, bytes[position] == UInt8(ascii: "=")
        {
            position += 1
            return .symbol(String(decoding: [byte, UInt8(ascii: "=")], as: UTF8.self))
        }
        return .symbol(String(decoding: [byte], as: UTF8.self))
    }
}

/// `||`, `&&`, `!`, parentheses, names and numbers; nil for anything else, or nesting deeper than
/// ``BuildConditionLimits/maximumExpressionDepth``.
private struct DirectiveExpression {
    let tokens: [DirectiveToken]
    var position = 0

    static func parse(_ tokens: [DirectiveToken]) -> BuildCondition? {
        var parser = DirectiveExpression(tokens: tokens)
        guard let condition = parser.disjunction(depth: 0), parser.position == tokens.count else { return nil }
        return condition
    }

    private mutating func disjunction(depth: Int) -> BuildCondition? {
        guard var parts = conjunction(depth: depth).map({ [$0] }) else { return nil }
        while peek() == .symbol("||") {
            position += 1
            guard let next = conjunction(depth: depth) else { return nil }
            parts.append(next)
        }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    private mutating func conjunction(depth: Int) -> BuildCondition? {
        guard var parts = unary(depth: depth).map({ [$0] }) else { return nil }
        while peek() == .symbol("&&") {
            position += 1
            guard let next = unary(depth: depth) else { return nil }
            parts.append(next)
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private mutating func unary(depth: Int) -> BuildCondition? {
        guard depth < BuildConditionLimits.maximumExpressionDepth, let token = peek() else { return nil }
        position += 1
        switch token {
        case .symbol("!"):
            return unary(depth: depth + 1).map { .not($0) }
        case .symbol("("):
            guard let inner = disjunction(depth: depth + 1), peek() == .symbol(")") else { return nil }
            position += 1
            return inner
        case .name(let name):
            // `defined(X)` and function-like macros: not something a platform decides.
            if name == "defined" || peek() == .symbol("(") { return nil }
            return .atom(name)
        case .number(let value?):
            return .constant(value != 0)
        default:
            return nil
        }
    }

    private func peek() -> DirectiveToken? { position < tokens.count ? tokens[position] : nil }
}
