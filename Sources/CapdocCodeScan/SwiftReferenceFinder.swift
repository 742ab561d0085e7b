import SwiftSyntax

/// Walks one parsed Swift file and collects the places that match the scanner's Swift patterns.
///
/// Comments and string literals are trivia or literal tokens to the parser, so they never match;
/// every branch of an `#if` is in the tree, so code for any platform is found, each place with the
/// conditions it is compiled under (``SwiftConditionStack``) for the caller to attribute to platforms.
///
/// Declarations are not uses: an app's own `func requestAlwaysAuthorization()` wrapper is not a
/// call (the call in its body is). The exception is a method the system calls and the app
/// implements, such as `didReceiveLocationPushPayload(_:completion:)` of a location push service
/// extension: by the shape of Apple's callbacks, a pattern whose first label is `_` and which has
/// more than one label (see ``isImplementedByApp(_:)``) also matches a function declaration with a
/// body, the same name and exactly those labels.
final class SwiftReferenceFinder: SyntaxAnyVisitor {
    struct Found {
        var patternIndex: Int
        var token: TokenSyntax
        var argument: String?
        var condition: BuildCondition
    }

    private let calls: SwiftCallMatcher
    private let namePatterns: [String: [Int]]
    private let implementedPatterns: [String: [(index: Int, labels: [String?])]]
    private(set) var found: [Found] = []
    private var conditions = SwiftConditionStack()

    init(patterns: [(index: Int, pattern: SwiftPattern)]) {
        var callPatterns: [(index: Int, pattern: SwiftCallPattern)] = []
        var names: [String: [Int]] = [:]
        var implemented: [String: [(index: Int, labels: [String?])]] = [:]
        for (index, pattern) in patterns {
            switch pattern {
            case .name(let name):
                names[name, default: []].append(index)
            case .call(let call):
                callPatterns.append((index, call))
                if Self.isImplementedByApp(call) { implemented[call.name, default: []].append((index, call.labels)) }
            }
        }
        calls = SwiftCallMatcher(patterns: callPatterns)
        namePatterns = names
        implementedPatterns = implemented
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether a function declaration of this pattern's shape is the app implementing a callback
    /// (`didReceiveLocationPushPayload(_:completion:)`) rather than wrapping a call (`requestLocation()`).
    static func isImplementedByApp(_ pattern: SwiftCallPattern) -> Bool {
        pattern.qualifier == nil && !pattern.isInitializer && pattern.requiredValues.isEmpty
            && pattern.labels.count > 1 && pattern.labels[0] == nil
    }

    // Every node enters and leaves the condition stack: the overridden `visit`s below enter
    // themselves, and every `visitPost` (none is overridden) comes to `visitAnyPost`.
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        conditions.enter(node)
        return .visitChildren
    }

    override func visitAnyPost(_ node: Syntax) {
        conditions.leave(node)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        conditions.enter(Syntax(node))
        if !calls.isEmpty {
            for match in calls.matches(node) {
                found.append(Found(patternIndex: match.patternIndex, token: match.token, argument: match.argument, condition: conditions.current))
            }
        }
        return .visitChildren
    }

    /// A name used as an expression: `CLGeocoder()`, `await CLMonitor(name)`, `CLMonitor.self`.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        conditions.enter(Syntax(node))
        reportName(node.baseName)
        return .visitChildren
    }

    /// A name used as a type: annotations, inheritance and conformance clauses, generic arguments, extensions.
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        conditions.enter(Syntax(node))
        reportName(node.name)
        return .visitChildren
    }

    /// The last part of a qualified type, `CoreLocation.CLMonitor`.
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        conditions.enter(Syntax(node))
        reportName(node.name)
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        conditions.enter(Syntax(node))
        if node.body != nil, let candidates = implementedPatterns[SwiftCallee.plainName(node.name)] {
            let labels = node.signature.parameterClause.parameters.map { SwiftCallee.label($0.firstName) }
            for candidate in candidates where candidate.labels == labels {
                found.append(Found(patternIndex: candidate.index, token: node.name, argument: nil, condition: conditions.current))
            }
        }
        return .visitChildren
    }

    private func reportName(_ token: TokenSyntax) {
        guard !namePatterns.isEmpty, let indices = namePatterns[SwiftCallee.plainName(token)] else { return }
        let condition = conditions.current
        for index in indices { found.append(Found(patternIndex: index, token: token, argument: nil, condition: condition)) }
    }
}
