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
///
/// The walk keeps a stack of its own instead of recursing (swift-syntax's `SyntaxVisitor` calls
/// itself once per level of the tree): a postfix chain such as `a()()()…` or `a.b.b.b…` makes a
/// tree as deep as the chain is long without any bracket nesting, and four million calls deep the
/// recursion ran off even ``LargeStackThread``'s stack (issue 41).
struct SwiftReferenceFinder {
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

    /// A node the walk is inside, with the children it has still to enter.
    private struct Frame {
        var node: Syntax
        var children: SyntaxChildren.Iterator
    }

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
    }

    /// Enters every node below `root` in source order (tokens aside: nothing is decided at one) and
    /// leaves it after its children, as a recursive visitor would, with the stack on the heap.
    mutating func walk(_ root: some SyntaxProtocol) {
        let root = Syntax(root)
        var stack = [Frame(node: root, children: root.children(viewMode: .sourceAccurate).makeIterator())]
        enter(root)
        while !stack.isEmpty {
            if let child = stack[stack.count - 1].children.next() {
                guard !child.is(TokenSyntax.self) else { continue }
                enter(child)
                stack.append(Frame(node: child, children: child.children(viewMode: .sourceAccurate).makeIterator()))
            } else {
                conditions.leave(stack.removeLast().node)
            }
        }
    }

    /// Every node enters the condition stack; the kinds that can match are then looked at.
    private mutating func enter(_ node: Syntax) {
        conditions.enter(node)
        switch node.kind {
        case .functionCallExpr: visit(node.cast(FunctionCallExprSyntax.self))
        case .declReferenceExpr: reportName(node.cast(DeclReferenceExprSyntax.self).baseName)
        case .identifierType: reportName(node.cast(IdentifierTypeSyntax.self).name)
        case .memberType: reportName(node.cast(MemberTypeSyntax.self).name)
        case .functionDecl: visit(node.cast(FunctionDeclSyntax.self))
        default: break
        }
    }

    /// Whether a function declaration of this pattern's shape is the app implementing a callback
    /// (`didReceiveLocationPushPayload(_:completion:)`) rather than wrapping a call (`requestLocation()`).
    static func isImplementedByApp(_ pattern: SwiftCallPattern) -> Bool {
        pattern.qualifier == nil && !pattern.isInitializer && pattern.requiredValues.isEmpty
            && pattern.labels.count > 1 && pattern.labels[0] == nil
    }

    private mutating func visit(_ node: FunctionCallExprSyntax) {
        guard !calls.isEmpty else { return }
        for match in calls.matches(node) {
            found.append(Found(patternIndex: match.patternIndex, token: match.token, argument: match.argument, condition: conditions.current))
        }
    }

    private mutating func visit(_ node: FunctionDeclSyntax) {
        if node.body != nil, let candidates = implementedPatterns[SwiftCallee.plainName(node.name)] {
            let labels = node.signature.parameterClause.parameters.map { SwiftCallee.label($0.firstName) }
            for candidate in candidates where candidate.labels == labels {
                found.append(Found(patternIndex: candidate.index, token: node.name, argument: nil, condition: conditions.current))
            }
        }
    }

    /// A name used as an expression (`CLGeocoder()`, `await CLMonitor(name)`, `CLMonitor.self`), as a
    /// type (annotations, inheritance and conformance clauses, generic arguments, extensions), or the
    /// last part of a qualified type (`CoreLocation.CLMonitor`).
    private mutating func reportName(_ token: TokenSyntax) {
        guard !namePatterns.isEmpty, let indices = namePatterns[SwiftCallee.plainName(token)] else { return }
        let condition = conditions.current
        for index in indices { found.append(Found(patternIndex: index, token: token, argument: nil, condition: condition)) }
    }
}
