import SwiftSyntax

/// The conditions around the node a walk is at, kept as the walk enters and leaves nodes, so that
/// each call found is tied to the platforms that compile it in one pass (no walk up the tree per
/// call, which a file of many calls in a deep expression would make quadratic).
///
/// What sets a condition, for everything inside the node:
/// - an `#if` / `#elseif` / `#else` clause: its condition, and that no earlier clause held;
/// - a declaration's `@available` attributes;
/// - the body of `if #available(…)` (its `else`, when the `if` checks nothing else, the opposite);
/// - in a block, the statements after `#if os(macOS) return #endif` (any clause whose statements
///   include `return`, `throw`, `break`, `continue`, `fatalError(…)` or `preconditionFailure(…)`):
///   that no such clause held; after `guard #available(…) else { … }`: the check.
struct SwiftConditionStack {
    private struct Frame {
        var node: SyntaxIdentifier
        var conditions: [BuildCondition]
        /// A block, collecting the exits met so far in it.
        var isBlock: Bool
    }

    private var frames: [Frame] = []

    /// Everything that holds at the current node.
    var current: BuildCondition { .all(of: frames.flatMap(\.conditions)) }

    mutating func enter(_ node: Syntax) {
        if let clause = node.as(IfConfigClauseSyntax.self) {
            push(node, Self.condition(of: clause))
        } else if node.is(CodeBlockItemListSyntax.self) {
            frames.append(Frame(node: node.id, conditions: [], isBlock: true))
        } else if let block = node.as(CodeBlockSyntax.self), let condition = Self.availability(guarding: block) {
            push(node, condition)
        } else if let declaration = node.asProtocol(WithAttributesSyntax.self), node.is(DeclSyntax.self) || node.is(AccessorDeclSyntax.self),
            let condition = SwiftBuildConditions.condition(ofAttributes: declaration.attributes)
        {
            push(node, condition)
        }
    }

    mutating func leave(_ node: Syntax) {
        if let last = frames.last, last.node == node.id { frames.removeLast() }
        // A statement that ends its block on some platforms, or checks availability for the rest of it.
        guard let item = node.as(CodeBlockItemSyntax.self), let index = frames.indices.last, frames[index].isBlock,
            frames[index].conditions.count < BuildConditionLimits.maximumExitsPerBlock
        else { return }
        if let exit = Self.exitCondition(of: item) {
            frames[index].conditions.append(.not(exit))
        } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
            let checks = guardStatement.conditions.compactMap { $0.condition.as(AvailabilityConditionSyntax.self) }
            if !checks.isEmpty { frames[index].conditions.append(.all(of: checks.map(SwiftBuildConditions.condition(ofAvailability:)))) }
        }
    }

    private mutating func push(_ node: Syntax, _ condition: BuildCondition) {
        frames.append(Frame(node: node.id, conditions: [condition], isBlock: false))
    }

    /// A clause's own condition (`#else`: none), with the earlier clauses' negated.
    static func condition(of clause: IfConfigClauseSyntax) -> BuildCondition {
        guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return .unknown }
        var parts: [BuildCondition] = []
        for (position, other) in list.enumerated() {
            guard position < BuildConditionLimits.maximumClauses else { return .unknown }
            let own = other.condition.map { SwiftBuildConditions.condition(of: $0) } ?? .always
            if other.id == clause.id {
                parts.append(own)
                break
            }
            parts.append(.not(own))
        }
        return .all(of: parts)
    }

    /// For the body of `if #available(…)`: the check; for its `else`, the opposite, when the `if`
    /// checks nothing but availability. nil for any other block.
    private static func availability(guarding block: CodeBlockSyntax) -> BuildCondition? {
        guard let statement = block.parent?.as(IfExprSyntax.self) else { return nil }
        let conditions = statement.conditions.map(\.condition)
        let checks = conditions.compactMap { $0.as(AvailabilityConditionSyntax.self) }
        guard !checks.isEmpty else { return nil }
        let all = BuildCondition.all(of: checks.map(SwiftBuildConditions.condition(ofAvailability:)))
        if statement.body.id == block.id { return all }
        return checks.count == conditions.count ? .not(all) : nil
    }

    /// When an `#if` statement leaves its block: the conditions of its clauses that do.
    private static func exitCondition(of item: CodeBlockItemSyntax) -> BuildCondition? {
        guard let conditional = item.item.as(IfConfigDeclSyntax.self) else { return nil }
        var exits: [BuildCondition] = []
        for clause in conditional.clauses {
            guard case .statements(let statements)? = clause.elements, statements.contains(where: { leavesBlock($0.item) }) else { continue }
            exits.append(condition(of: clause))
        }
        return exits.isEmpty ? nil : (exits.count == 1 ? exits[0] : .any(exits))
    }

    private static func leavesBlock(_ item: CodeBlockItemSyntax.Item) -> Bool {
        if item.is(ReturnStmtSyntax.self) || item.is(ThrowStmtSyntax.self) || item.is(BreakStmtSyntax.self) || item.is(ContinueStmtSyntax.self) {
            return true
        }
        if let statement = item.as(ExpressionStmtSyntax.self), let call = statement.expression.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return name == "fatalError" || name == "preconditionFailure"
        }
        if let call = item.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return name == "fatalError" || name == "preconditionFailure"
        }
        return false
    }
}
