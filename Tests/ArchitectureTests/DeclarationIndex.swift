import SwiftSyntax

/// A type-level or top-level declaration and where it is declared.
struct Declaration: Equatable {
    var name: String
    var folder: String
    var modulePath: String
}

/// Every type and top-level function, constant and variable of the module, by name. Members are
/// left out on purpose: names such as `id` or `run` are declared by many types, and a reference
/// to one could not be told from another without type checking.
struct DeclarationIndex {
    /// By simple name; a type declared in an extension by its qualified name, `PageContext.Row`,
    /// since it belongs to the extension's folder, not to the extended type's.
    private(set) var byName: [String: [Declaration]] = [:]

    init(_ files: [ParsedFile]) {
        for file in files {
            for item in file.tree.statements {
                collect(item.item, extending: nil, in: file)
            }
        }
    }

    subscript(name: String) -> [Declaration] { byName[name, default: []] }

    private mutating func collect(_ item: some SyntaxProtocol, extending: String?, in file: ParsedFile) {
        let qualified = { (name: String) in extending.map { "\($0).\(name)" } ?? name }
        if let name = Self.typeName(of: item) {
            add(qualified(name), file)
        } else if extending == nil, let function = item.as(FunctionDeclSyntax.self) {
            add(function.name.text, file)
        } else if extending == nil, let variable = item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { add(pattern.identifier.text, file) }
            }
        } else if extending == nil, let extensionDecl = item.as(ExtensionDeclSyntax.self) {
            let extended = extensionDecl.extendedType.trimmedDescription
            for member in extensionDecl.memberBlock.members {
                collect(member.decl, extending: extended, in: file)
            }
        } else if let conditional = item.as(IfConfigDeclSyntax.self) {
            for clause in conditional.clauses {
                if let items = clause.elements?.as(CodeBlockItemListSyntax.self) {
                    for element in items { collect(element.item, extending: extending, in: file) }
                } else if let members = clause.elements?.as(MemberBlockItemListSyntax.self) {
                    for member in members { collect(member.decl, extending: extending, in: file) }
                }
            }
        }
    }

    private mutating func add(_ name: String, _ file: ParsedFile) {
        byName[name, default: []].append(Declaration(name: name, folder: file.folder, modulePath: file.modulePath))
    }

    /// The name a type declaration introduces, or nil for anything else.
    static func typeName(of node: some SyntaxProtocol) -> String? {
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ProtocolDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(TypeAliasDeclSyntax.self) { return decl.name.text }
        return nil
    }
}
