import SwiftSyntax

/// Reads the conditions Swift code is written under into ``BuildCondition``s: the condition of an
/// `#if` clause, an `@available` attribute list, a `#available` / `#unavailable` check.
///
/// `#if` conditions are read as the compiler reads them, with `||`, `&&`, `!` and parentheses; a
/// call such as `os(iOS)` becomes the atom `os(iOS)` as written (blanks removed), and a name
/// (`DEBUG`) or anything else is unknown. Operators nested deeper than
/// ``BuildConditionLimits/maximumExpressionDepth`` are unknown too, so that a hostile
/// `#if !!!!…` cannot make the reading, or the evaluation later, recurse without bound.
enum SwiftBuildConditions {
    static func condition(of expression: ExprSyntax, depth: Int = 0) -> BuildCondition {
        guard depth < BuildConditionLimits.maximumExpressionDepth else { return .unknown }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return condition(ofSequence: Array(sequence.elements), depth: depth + 1)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            let left = condition(of: infix.leftOperand, depth: depth + 1)
            let right = condition(of: infix.rightOperand, depth: depth + 1)
            switch name {
            case "&&": return .all([left, right])
            case "||": return .any([left, right])
            default: return .unknown
            }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            // `!!x` is one operator token to the lexer: its parity decides.
            let text = prefix.operator.text
            guard !text.isEmpty, text.allSatisfy({ $0 == "!" }) else { return .unknown }
            let inner = condition(of: prefix.expression, depth: depth + 1)
            return text.count % 2 == 1 ? .not(inner) : inner
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return condition(of: only.expression, depth: depth + 1)
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .constant(literal.literal.tokenKind == .keyword(.true))
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let argument = call.arguments.map { $0.trimmedDescription.filter { !$0.isWhitespace } }.joined(separator: ",")
            return .atom("\(name.baseName.text)(\(argument))")
        }
        return .unknown
    }

    /// `a && b || !c`, unfolded as the parser leaves it: `||` binds loosest, then `&&`.
    private static func condition(ofSequence elements: [ExprSyntax], depth: Int) -> BuildCondition {
        // Operands sit at even places, operators at odd ones.
        guard elements.count % 2 == 1 else { return .unknown }
        var alternatives: [BuildCondition] = []
        var conjunction: [BuildCondition] = [condition(of: elements[0], depth: depth)]
        var index = 1
        while index + 1 < elements.count {
            guard let name = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text else { return .unknown }
            let operand = condition(of: elements[index + 1], depth: depth)
            switch name {
            case "&&": conjunction.append(operand)
            case "||":
                alternatives.append(conjunction.count == 1 ? conjunction[0] : .all(conjunction))
                conjunction = [operand]
            default: return .unknown
            }
            index += 2
        }
        alternatives.append(conjunction.count == 1 ? conjunction[0] : .all(conjunction))
        return alternatives.count == 1 ? alternatives[0] : .any(alternatives)
    }

    /// A declaration's `@available` attributes, or nil when it has none that name a platform.
    static func condition(ofAttributes attributes: AttributeListSyntax) -> BuildCondition? {
        var unavailable: [String] = []
        var introduced: [String] = []
        var versions: [String: String] = [:]
        for element in attributes {
            guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "available",
                case .availability(let arguments)? = attribute.arguments
            else { continue }
            let read = platforms(in: arguments)
            if read.isUnavailable { unavailable += read.named } else { introduced += read.introduced }
            if !read.isUnavailable { versions.merge(read.versions) { first, _ in first } }
        }
        if unavailable.isEmpty && introduced.isEmpty { return nil }
        return .declared(unavailable: unavailable, introduced: introduced, versions: versions)
    }

    /// `#available(iOS 17, *)` or `#unavailable(iOS 17)`.
    static func condition(ofAvailability check: AvailabilityConditionSyntax) -> BuildCondition {
        let read = platforms(in: check.availabilityArguments)
        let available = BuildCondition.available(read.introduced, versions: read.versions)
        return check.availabilityKeyword.tokenKind == .poundUnavailable ? .not(available) : available
    }

    /// The platforms an availability list names: `iOS 14, macOS 11, *` introduces two (from 14 and
    /// 11); `tvOS, unavailable` makes one unavailable; `iOS, introduced: 15.0` introduces one.
    private static func platforms(
        in arguments: AvailabilityArgumentListSyntax
    ) -> (named: [String], introduced: [String], versions: [String: String], isUnavailable: Bool) {
        var named: [String] = []
        var introduced: [String] = []
        var versions: [String: String] = [:]
        var isUnavailable = false
        for argument in arguments {
            switch argument.argument {
            case .token(let token):
                // `*` stays among the names: `@available(*, unavailable)` is unavailable everywhere.
                if token.text == "unavailable" { isUnavailable = true } else { named.append(token.text) }
            case .availabilityVersionRestriction(let restriction):
                introduced.append(restriction.platform.text)
                if let version = restriction.version?.trimmedDescription { versions[restriction.platform.text] = version }
            case .availabilityLabeledArgument(let labeled):
                if labeled.label.text == "introduced", let platform = named.last {
                    introduced.append(platform)
                    if case .version(let version) = labeled.value { versions[platform] = version.trimmedDescription }
                }
            }
        }
        return (named, introduced, versions, isUnavailable)
    }
}
