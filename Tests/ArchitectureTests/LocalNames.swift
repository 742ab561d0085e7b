import SwiftSyntax

/// Every name a file declares below its top level: nested types, generic parameters, members,
/// parameters and local variables. A bare reference to one of them means the file's own
/// declaration, not a type or function of the same name elsewhere in the module.
final class LocalNames: SyntaxVisitor {
    private(set) var names: Set<String> = []

    static func of(_ file: ParsedFile) -> Set<String> {
        let visitor = LocalNames(viewMode: .sourceAccurate)
        visitor.walk(file.tree)
        return visitor.names
    }

    private func isTopLevel(_ node: some SyntaxProtocol) -> Bool {
        node.parent?.is(CodeBlockItemSyntax.self) == true && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    }

    private func nested(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if let name = DeclarationIndex.typeName(of: node), !isTopLevel(node) { names.insert(name) }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { nested(node) }

    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if !isTopLevel(node.parent?.parent?.parent ?? Syntax(node)) { names.insert(node.identifier.text) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if !isTopLevel(node) { names.insert(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }
}
