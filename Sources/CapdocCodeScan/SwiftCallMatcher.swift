import SwiftSyntax

/// One call pattern found at a call.
struct SwiftCallMatch {
    /// The pattern's position in the scanner's list.
    var patternIndex: Int
    /// Where to report it: the callee's name.
    var token: TokenSyntax
    /// The text of the argument whose value the pattern required, if it required one.
    var argument: String?
}

/// Decides which call patterns a function-call expression matches.
///
/// The rules, in the order they are applied:
/// - **Callee.** `name(...)` matches any call whose callee's last name is `name`, whatever the
///   receiver (`requestLocation()`, `manager.requestLocation()`, `self.manager?.requestLocation()`).
///   `Type.member(...)` also needs the receiver to be the name `Type` (possibly module-qualified).
///   A capitalised `Type(...)` is an initializer: `Type(...)`, `Module.Type(...)` or `Type.init(...)`.
/// - **Labels.** The labels of the arguments inside the parentheses must be a subsequence of the
///   pattern's, `_` standing for an unlabelled argument, because Swift lets defaulted arguments be
///   left out (`liveUpdates()` and `liveUpdates(.fitness)` both match `liveUpdates(_:)`). Closures
///   after the last other argument are ignored, whether written as trailing closures or inside the
///   parentheses: they are completion handlers, which Apple's spellings often leave out.
/// - **Overloads.** When some pattern for the same callee has exactly the call's labels, only such
///   patterns match, as Swift picks the overload that needs no default: so
///   `CLServiceSession(authorization: .whenInUse)` is not also `CLServiceSession(authorization:fullAccuracyPurposeKey:)`.
/// - **Values.** A pattern spelled with argument values (`CLServiceSession(authorization: .always)`)
///   matches when the call passes each of those values under the same label, whatever its other
///   arguments: `CLServiceSession(authorization: .always, fullAccuracyPurposeKey: "k")` asks for
///   Always authorization too.
struct SwiftCallMatcher: Sendable {
    private let patternsByName: [String: [(index: Int, pattern: SwiftCallPattern)]]

    init(patterns: [(index: Int, pattern: SwiftCallPattern)]) {
        patternsByName = Dictionary(grouping: patterns, by: { $0.pattern.name })
    }

    var isEmpty: Bool { patternsByName.isEmpty }

    func matches(_ call: FunctionCallExprSyntax) -> [SwiftCallMatch] {
        guard let callee = SwiftCallee(call.calledExpression) else { return [] }
        let candidates = candidates(for: callee)
        guard !candidates.isEmpty else { return [] }

        let labels = Self.labelsWithoutTrailingClosures(call.arguments)
        let someOverloadHasExactLabels = candidates.contains { $0.pattern.labels == labels }
        var matches: [SwiftCallMatch] = []
        for (index, pattern, token) in candidates {
            if pattern.requiredValues.isEmpty {
                guard Self.isSubsequence(labels, of: pattern.labels),
                    !someOverloadHasExactLabels || pattern.labels == labels
                else { continue }
                matches.append(SwiftCallMatch(patternIndex: index, token: token, argument: nil))
            } else if let argument = Self.argumentPassingRequiredValues(pattern.requiredValues, in: call.arguments) {
                matches.append(SwiftCallMatch(patternIndex: index, token: token, argument: argument))
            }
        }
        return matches
    }

    /// The patterns whose callee this is, each with the token to report.
    private func candidates(for callee: SwiftCallee) -> [(index: Int, pattern: SwiftCallPattern, token: TokenSyntax)] {
        var found: [(index: Int, pattern: SwiftCallPattern, token: TokenSyntax)] = []
        for (index, pattern) in patternsByName[callee.name] ?? [] {
            if pattern.isInitializer {
                guard !callee.isImplicitMember else { continue }
            } else if let qualifier = pattern.qualifier {
                guard callee.qualifier == qualifier else { continue }
            }
            found.append((index, pattern, callee.nameToken))
        }
        // `Type.init(...)`: reported at `Type`, the name the pattern spells.
        if callee.name == "init", let typeName = callee.qualifier, let typeToken = callee.qualifierToken {
            for (index, pattern) in patternsByName[typeName] ?? [] where pattern.isInitializer {
                found.append((index, pattern, typeToken))
            }
        }
        return found
    }

    /// The labels of the arguments in parentheses, less any closures at the end.
    static func labelsWithoutTrailingClosures(_ arguments: LabeledExprListSyntax) -> [String?] {
        var kept = Array(arguments)
        while let last = kept.last, last.expression.is(ClosureExprSyntax.self) { kept.removeLast() }
        return kept.map { SwiftCallee.label($0.label) }
    }

    static func isSubsequence(_ labels: [String?], of patternLabels: [String?]) -> Bool {
        var remaining = patternLabels[...]
        for label in labels {
            guard let position = remaining.firstIndex(where: { $0 == label }) else { return false }
            remaining = remaining[(position + 1)...]
        }
        return true
    }

    /// The text of the argument carrying the first required value, if every required value is passed.
    private static func argumentPassingRequiredValues(_ required: [RequiredArgumentValue], in arguments: LabeledExprListSyntax) -> String? {
        var firstText: String?
        for requirement in required {
            guard let argument = arguments.first(where: { SwiftCallee.label($0.label) == requirement.label && requirement.value.matches($0.expression) })
            else { return nil }
            if firstText == nil { firstText = argument.expression.trimmedDescription }
        }
        return firstText
    }
}
