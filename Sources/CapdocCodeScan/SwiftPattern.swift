import SwiftParser
import SwiftSyntax

/// A Swift spelling of an API (``APIPattern/swift``), read by the Swift parser itself: every
/// spelling in Apple's documentation is a valid Swift expression (`startMonitoring(for:)` is a
/// compound name, `CLServiceSession(authorization: .always)` a call), so no second grammar is needed.
enum SwiftPattern: Sendable, Hashable {
    /// A bare name (`CLMonitor`): any use of that identifier as an expression or as a type.
    case name(String)
    /// A call (`startMonitoring(for:)`, `PHAsset.fetchAssets(with:)`, `CLServiceSession(authorization: .always)`).
    case call(SwiftCallPattern)

    /// The pattern `spelling` stands for, or nil if it is not one of the shapes above.
    init?(spelling: String) {
        let file = Parser.parse(source: spelling)
        guard !file.hasError, file.statements.count == 1,
            let expression = file.statements.first?.item.as(ExprSyntax.self)
        else { return nil }

        if let call = expression.as(FunctionCallExprSyntax.self) {
            // A call spelled with arguments: each argument is a value the call must pass.
            guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
                let callee = SwiftCallee(call.calledExpression), callee.argumentNames == nil
            else { return nil }
            let labels = call.arguments.map { SwiftCallee.label($0.label) }
            let values = call.arguments.map { argument in
                RequiredArgumentValue(label: SwiftCallee.label(argument.label), value: ArgumentValue(argument.expression))
            }
            self = .call(SwiftCallPattern(qualifier: callee.qualifier, name: callee.name, labels: labels, requiredValues: values))
        } else if let callee = SwiftCallee(expression) {
            if let argumentNames = callee.argumentNames {
                // A compound name such as `startMonitoring(for:)`: labels only, any values.
                self = .call(SwiftCallPattern(qualifier: callee.qualifier, name: callee.name, labels: argumentNames, requiredValues: []))
            } else if callee.qualifier == nil, !callee.isImplicitMember {
                self = .name(callee.name)
            } else {
                return nil  // `Type.member` without parentheses: neither a call nor a type name.
            }
        } else {
            return nil
        }
    }
}

/// A call the app makes, as a pattern: the callee and the argument labels.
struct SwiftCallPattern: Sendable, Hashable {
    /// `Type` in `Type.member(...)`; nil when any receiver (or none) will do.
    var qualifier: String?
    /// The method or function name; for an initializer, the type's name.
    var name: String
    /// The argument labels in order, nil standing for `_`.
    var labels: [String?]
    /// The argument values the spelling requires (`.always` in `CLServiceSession(authorization: .always)`).
    var requiredValues: [RequiredArgumentValue]

    /// `CLServiceSession(...)` names a type, so it stands for that type's initializer. Swift types
    /// are capitalised and functions are not, which is all the spelling can tell.
    var isInitializer: Bool { qualifier == nil && name.first?.isUppercase == true }
}

/// An argument value that a call pattern requires, under its label.
struct RequiredArgumentValue: Sendable, Hashable {
    var label: String?
    var value: ArgumentValue
}

/// How an argument value is compared with the pattern's.
enum ArgumentValue: Sendable, Hashable {
    /// `.always`: any member access whose last name is `always` (`.always`,
    /// `CLServiceSession.AuthorizationRequirement.always`), the ways Swift lets an enum case be written.
    case member(String)
    /// Anything else: the same text, whitespace and comments aside.
    case text(String)

    init(_ expression: ExprSyntax) {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil {
            self = .member(SwiftCallee.plainName(member.declName.baseName))
        } else {
            self = .text(expression.trimmedDescription)
        }
    }

    func matches(_ expression: ExprSyntax) -> Bool {
        switch self {
        case .member(let name):
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return false }
            return SwiftCallee.plainName(member.declName.baseName) == name
        case .text(let text):
            return expression.trimmedDescription == text
        }
    }
}
