/// Finds the Objective-C patterns in one file's tokens.
///
/// - **Message sends.** `[receiver selector]` and `[receiver part:arg part:arg]`: inside a `[`, the
///   selector starts at the first identifier that follows an expression (the receiver: a name, a
///   literal, or a closing bracket) and is followed by `:` or `]`; further parts are identifiers
///   followed by `:` at the same nesting level after an argument. The whole selector must equal the
///   pattern's (`a:b:` does not match `[x a:1 b:2 c:3]`). A `?`'s colon, in `[x a:c ? y : z]`, is
///   not a part's. Array subscripts, `@[...]` literals and C++ lambda captures have no receiver
///   before their first identifier, so they are no message sends.
/// - **`@selector(...)`**, with the same selector, for target-action and `performSelector:`.
/// - **Method implementations** in an `@implementation`, for selectors of two or more parts only:
///   the way an app implements a callback the system makes (`didReceiveLocationPushPayload:completion:`).
///   Objective-C has no `_` to tell a callback's shape from a call's as Swift does, and an app rarely
///   defines a method of an Apple API's full multi-part selector except to implement it; a one-part
///   or argument-less definition (`- (void)requestLocation`) is the app's own wrapper, not a call.
/// - **Type names**: the identifier anywhere in code.
///
/// Reported at the selector's first part, or the name, with the `#if` conditions it is under
/// (``ObjCDirective``). Brackets and `#if`s of any depth are followed with stacks of their own, not
/// recursion, so hostile nesting cannot exhaust the thread's stack.
struct ObjCReferenceFinder: Sendable {
    let patterns: [(index: Int, pattern: ObjCPattern)]

    private var selectorPatterns: [String: [Int]] {
        var map: [String: [Int]] = [:]
        for case let (index, .selector(selector)) in patterns { map[selector, default: []].append(index) }
        return map
    }

    private var typeNamePatterns: [String: [Int]] {
        var map: [String: [Int]] = [:]
        for case let (index, .typeName(name)) in patterns { map[name, default: []].append(index) }
        return map
    }

    var isEmpty: Bool { patterns.isEmpty }

    func matches(in source: [UInt8]) -> FileScanOutcome {
        guard !patterns.isEmpty else { return .matches([]) }
        guard let (tokens, directives) = ObjCTokenizer.tokensAndDirectives(in: source) else {
            return .skipped("more than \(ObjCTokenizer.maximumTokens) tokens, too many to scan in bounded memory")
        }
        var search = Search(tokens: tokens, directives: directives, selectors: selectorPatterns, typeNames: typeNamePatterns)
        search.run()
        return .matches(search.matches)
    }
}

/// One pass over a file's tokens.
private struct Search {
    let tokens: [ObjCToken]
    let directives: [ObjCDirective]
    let selectors: [String: [Int]]
    let typeNames: [String: [Int]]
    private(set) var matches: [SourceMatch] = []

    /// An open `[`, `(` or `{`; for a `[`, what is known of the message it may be.
    private struct Frame {
        var opener: String
        /// The token indices of the selector's parts found so far (a part may be unnamed, `:arg`).
        var parts: [Int] = []
        /// The token of an argument-less selector, `[m foo]`.
        var argumentlessSelector: Int?
        /// `?`s in the current argument still waiting for their `:`.
        var openConditionals = 0
        /// The token index of the last part's name, whose `:` comes next.
        var partNameIndex: Int?
        /// The `#if` conditions at the selector's start, where the message is reported.
        var condition: BuildCondition = .always
        /// For a definition's body (`{`), the availability attributes written before it
        /// (``ObjCAvailability``), which hold for the calls inside.
        var declared: BuildCondition?
    }

    /// An open `#if`: each clause's own condition so far, and the current clause's full one.
    private struct Conditional {
        var owns: [BuildCondition]
        var current: BuildCondition
        /// Deeper than ``BuildConditionLimits/maximumPreprocessorDepth``: read as unknown.
        var tooDeep: Bool
    }

    private var frames: [Frame] = []
    /// How many frames of each opener are open, so that a stray closer is ignored without searching the stack.
    private var openCounts: [String: Int] = [:]
    private var insideImplementation = false
    private var conditionals: [Conditional] = []
    private var nextDirective = 0
    /// The conditions of the open `#if`s, worked out when they change.
    private var condition: BuildCondition = .always
    /// Availability attributes read at the top level, for the next body (`{`); a `;` first makes
    /// them a declaration's, which has no body.
    private var pendingAvailability = ObjCAvailability.Attribute()

    /// What holds for code here: the open `#if`s, and the availability of the definitions it is in.
    private var currentCondition: BuildCondition {
        let declared = frames.compactMap(\.declared)
        return declared.isEmpty ? condition : .all(of: [condition] + declared)
    }

    init(tokens: [ObjCToken], directives: [ObjCDirective], selectors: [String: [Int]], typeNames: [String: [Int]]) {
        self.tokens = tokens
        self.directives = directives
        self.selectors = selectors
        self.typeNames = typeNames
    }

    mutating func run() {
        var index = 0
        while index < tokens.count {
            applyDirectives(before: index)
            let token = tokens[index]
            if frames.isEmpty, let (attribute, end) = ObjCAvailability.attribute(in: tokens, at: index) {
                pendingAvailability.add(attribute)
                index = end
                continue
            }
            if frames.isEmpty, token.isPunctuation(";") { pendingAvailability = ObjCAvailability.Attribute() }
            if token.kind == .identifier, let found = typeNames[token.text] { report(found, at: index) }
            if token.isPunctuation("@"), let after = self.token(index + 1), after.kind == .identifier {
                switch after.text {
                case "selector":
                    if let end = atSelectorExpression(openingAt: index + 2) { index = end + 1; continue }
                case "implementation": insideImplementation = true
                case "end": insideImplementation = false
                default: break
                }
            }
            if insideImplementation, frames.isEmpty, token.isPunctuation("-") || token.isPunctuation("+") {
                methodImplementation(startingAt: index)
            }
            if frames.last?.opener == "[", var message = frames.popLast() {
                // Taken off the stack and put back, so that it is changed in place rather than copied.
                followMessage(&message, at: index)
                frames.append(message)
            }
            track(bracket: token, at: index)
            index += 1
        }
    }

    // MARK: Message sends

    private func followMessage(_ frame: inout Frame, at index: Int) {
        let token = tokens[index]
        let previous = self.token(index - 1)
        let next = self.token(index + 1)
        if frame.parts.isEmpty && frame.argumentlessSelector == nil {
            // The selector's start: a name after the receiver, before `:` or `]`.
            guard token.kind == .identifier, let previous, endsExpression(previous), let next else { return }
            if next.isPunctuation("]") {
                frame.argumentlessSelector = index
                frame.condition = currentCondition
            } else if next.isPunctuation(":") {
                frame.parts.append(index)
                frame.partNameIndex = index
                frame.condition = currentCondition
            }
            return
        }
        guard !frame.parts.isEmpty else { return }
        if token.isPunctuation("?") {
            frame.openConditionals += 1
        } else if token.isPunctuation(":") {
            if frame.partNameIndex == index - 1 { return }  // the colon of the part just named
            if frame.openConditionals > 0 {
                frame.openConditionals -= 1
            } else if let previous, endsExpression(previous) {
                frame.parts.append(index)  // an unnamed part: `[x a:1 :2]`
            }
        } else if token.kind == .identifier, frame.openConditionals == 0, let previous, endsExpression(previous),
            let next, next.isPunctuation(":")
        {
            frame.parts.append(index)
            frame.partNameIndex = index
        }
    }

    /// At a `[`'s closing `]`: the message's selector, if it was one.
    private mutating func closeMessage(_ frame: Frame) {
        if let index = frame.argumentlessSelector {
            reportSelector(tokens[index].text, at: index, condition: frame.condition)
        } else if let first = frame.parts.first {
            let selector = frame.parts.map { tokens[$0].kind == .identifier ? tokens[$0].text + ":" : ":" }.joined()
            reportSelector(selector, at: first, condition: frame.condition)
        }
    }

    /// A receiver's last token: a name, a literal, or the end of a bracketed expression or block.
    private func endsExpression(_ token: ObjCToken) -> Bool {
        switch token.kind {
        case .identifier, .literal: return true
        case .punctuation: return token.text == ")" || token.text == "]" || token.text == "}"
        }
    }

    // MARK: @selector

    /// `@selector(a:b:)`, given the index of its `(`; returns the index of the `)`, or nil if it is not one.
    private mutating func atSelectorExpression(openingAt open: Int) -> Int? {
        guard let opening = token(open), opening.isPunctuation("(") else { return nil }
        var selector = ""
        var index = open + 1
        while let token = token(index), !token.isPunctuation(")") {
            if token.kind == .identifier { selector += token.text } else if token.isPunctuation(":") { selector += ":" } else { return nil }
            index += 1
        }
        guard index < tokens.count, !selector.isEmpty else { return nil }
        reportSelector(selector, at: open + 1)
        return index
    }

    // MARK: Method implementations

    /// `- (void)a:(T)x b:(U)y {`: reported when the selector has two or more parts and a body follows.
    private mutating func methodImplementation(startingAt start: Int) {
        var index = start + 1
        if token(index)?.isPunctuation("(") == true { index = afterBalancedParentheses(from: index) }
        var parts: [Int] = []
        while let name = token(index), name.kind == .identifier, token(index + 1)?.isPunctuation(":") == true {
            parts.append(index)
            index += 2
            if token(index)?.isPunctuation("(") == true { index = afterBalancedParentheses(from: index) }
            if token(index)?.kind == .identifier, token(index + 1)?.isPunctuation(":") != true { index += 1 }  // the parameter's name
        }
        guard parts.count >= 2 else { return }
        // Attributes may stand between the last parameter and the body; a `;` first means a declaration.
        while let token = token(index), !token.isPunctuation("{"), !token.isPunctuation(";") {
            index = token.isPunctuation("(") ? afterBalancedParentheses(from: index) : index + 1
        }
        guard token(index)?.isPunctuation("{") == true else { return }
        let selector = parts.map { tokens[$0].text + ":" }.joined()
        reportSelector(selector, at: parts[0])
    }

    private func afterBalancedParentheses(from open: Int) -> Int {
        var depth = 0
        var index = open
        while let token = token(index) {
            if token.isPunctuation("(") {
                depth += 1
            } else if token.isPunctuation(")") {
                depth -= 1; if depth == 0 { return index + 1 }
            } else if token.isPunctuation("{") || token.isPunctuation(";") {
                return index
            }  // unbalanced: stop before the body
            index += 1
        }
        return index
    }

    // MARK: Brackets

    private mutating func track(bracket token: ObjCToken, at index: Int) {
        guard token.kind == .punctuation else { return }
        switch token.text {
        case "[", "(", "{":
            var frame = Frame(opener: token.text)
            if token.text == "{", frames.isEmpty {
                frame.declared = pendingAvailability.condition
                pendingAvailability = ObjCAvailability.Attribute()
            }
            frames.append(frame)
            openCounts[token.text, default: 0] += 1
        case "]": close("[")
        case ")": close("(")
        case "}": close("{")
        default: break
        }
    }

    /// Closes the innermost frame opened by `opener`, and any left open inside it; ignores a closer
    /// that has no opener, as broken or preprocessor-split code has.
    private mutating func close(_ opener: String) {
        guard openCounts[opener, default: 0] > 0 else { return }
        while let frame = frames.popLast() {
            openCounts[frame.opener, default: 0] -= 1
            if frame.opener == opener {
                if opener == "[" { closeMessage(frame) }
                return
            }
        }
    }

    // MARK: Conditionals

    /// Follows the `#if`s before the token at `index`.
    private mutating func applyDirectives(before index: Int) {
        var changed = false
        while nextDirective < directives.count, directives[nextDirective].tokenIndex <= index {
            apply(directives[nextDirective])
            nextDirective += 1
            changed = true
        }
        if changed { condition = .all(of: conditionals.map(\.current)) }
    }

    private mutating func apply(_ directive: ObjCDirective) {
        switch directive.kind {
        case .open(let own):
            let tooDeep = conditionals.count >= BuildConditionLimits.maximumPreprocessorDepth
            conditionals.append(Conditional(owns: [own], current: tooDeep ? .unknown : own, tooDeep: tooDeep))
        case .alternative(let own):
            startClause(own)  // a stray `#elif` (no `#if` open) is ignored
        case .otherwise:
            startClause(.always)
        case .close:
            _ = conditionals.popLast()
        }
    }

    /// A new clause of the innermost `#if`: its own condition, and that no earlier clause's held.
    private mutating func startClause(_ own: BuildCondition) {
        guard var last = conditionals.popLast() else { return }
        if last.tooDeep || last.owns.count >= BuildConditionLimits.maximumClauses {
            last.current = .unknown
        } else {
            last.current = .all(of: [own] + last.owns.map { .not($0) })
            last.owns.append(own)
        }
        conditionals.append(last)
    }

    // MARK: Reporting

    private mutating func reportSelector(_ selector: String, at index: Int, condition: BuildCondition? = nil) {
        if let found = selectors[selector] { report(found, at: index, condition: condition) }
    }

    private mutating func report(_ patternIndices: [Int], at index: Int, condition: BuildCondition? = nil) {
        let token = tokens[index]
        for patternIndex in patternIndices {
            matches.append(
                SourceMatch(patternIndex: patternIndex, argument: nil, line: token.line, column: token.column, condition: condition ?? currentCondition))
        }
    }

    private func token(_ index: Int) -> ObjCToken? { tokens[safe: index] }
}
