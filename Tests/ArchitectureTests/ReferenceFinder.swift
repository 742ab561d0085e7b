import SwiftSyntax

/// A reference from a file to a declaration of a folder that the file's folder may not use.
struct Finding: Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var folder: String
    var name: String
    var declaration: Declaration

    var description: String {
        "\(path):\(line): \(folder) uses \(name) (declared in \(declaration.modulePath)), which it may not"
    }
}

/// Walks one file's type references (`Flow`, `PageContext.Row`) and declaration references
/// (`joinPath(…)`, `UnsafeFileCheck.id`'s `UnsafeFileCheck`) and reports those that lead to a folder
/// the file's folder may not use. A member after a dot (`x.id`) is not looked up: members are not
/// in the index, and a top-level name after a dot would be a member of the same name.
final class ReferenceFinder: SyntaxVisitor {
    private let file: ParsedFile
    private let index: DeclarationIndex
    private let rules: LayerRules
    private let localNames: Set<String>
    private(set) var findings: [Finding] = []

    init(file: ParsedFile, index: DeclarationIndex, rules: LayerRules) {
        self.file = file
        self.index = index
        self.rules = rules
        localNames = LocalNames.of(file)
        super.init(viewMode: .sourceAccurate)
    }

    static func findings(in file: ParsedFile, index: DeclarationIndex, rules: LayerRules) -> [Finding] {
        let finder = ReferenceFinder(file: file, index: index, rules: rules)
        finder.walk(file.tree)
        return finder.findings
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        check(bare: node.name.text, at: node)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.baseType.as(IdentifierTypeSyntax.self) {
            check(qualified: "\(base.name.text).\(node.name.text)", at: node)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
            if let base = access.base?.as(DeclReferenceExprSyntax.self) {
                check(qualified: "\(base.baseName.text).\(node.baseName.text)", at: node)
            }
        } else {
            check(bare: node.baseName.text, at: node)
        }
        return .visitChildren
    }

    private func check(bare name: String, at node: some SyntaxProtocol) {
        guard !localNames.contains(name) else { return }
        check(qualified: name, at: node)
    }

    private func check(qualified name: String, at node: some SyntaxProtocol) {
        let candidates = index[name]
        guard let declaration = candidates.first,
            !candidates.contains(where: { rules.allows(file.folder, toUse: $0.folder) })
        else { return }
        findings.append(Finding(path: file.path, line: file.line(of: node), folder: file.folder, name: name, declaration: declaration))
    }
}
