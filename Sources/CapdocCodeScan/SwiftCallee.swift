import SwiftSyntax

/// What an expression in callee position names: `requestLocation` in `requestLocation()`,
/// `manager?.startMonitoring` (name `startMonitoring`), `PHAsset.fetchAssets` (qualifier
/// `PHAsset`). Used both for the code scanned and for the pattern spellings, so that the two
/// are read the same way.
struct SwiftCallee {
    /// The last name, without backticks.
    var name: String
    /// The token of that name: where a reference is reported.
    var nameToken: TokenSyntax
    /// The last name of the receiver when it is a plain or qualified name (`PHAsset` in
    /// `PHAsset.fetchAssets`, also in `Photos.PHAsset.fetchAssets`); nil otherwise.
    var qualifier: String?
    /// The token of the qualifier, if any.
    var qualifierToken: TokenSyntax?
    /// `.member` with no receiver written.
    var isImplicitMember: Bool
    /// The labels of a compound name (`startMonitoring(for:)`), nil standing for `_`; nil for a plain name.
    var argumentNames: [String?]?

    init?(_ expression: ExprSyntax) {
        var expression = expression
        while let specialized = expression.as(GenericSpecializationExprSyntax.self) { expression = specialized.expression }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            self.init(reference: reference, base: nil, isImplicitMember: false)
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            self.init(reference: member.declName, base: member.base, isImplicitMember: member.base == nil)
        } else {
            return nil
        }
    }

    private init(reference: DeclReferenceExprSyntax, base: ExprSyntax?, isImplicitMember: Bool) {
        name = Self.plainName(reference.baseName)
        nameToken = reference.baseName
        argumentNames = reference.argumentNames.map { names in names.arguments.map { Self.label($0.name) } }
        self.isImplicitMember = isImplicitMember
        qualifierToken = base.flatMap(Self.lastName(of:))
        qualifier = qualifierToken.map(Self.plainName)
    }

    /// The last name of a receiver that is a plain or qualified name (`PHAsset`, `Photos.PHAsset`),
    /// looked at one level down only: a receiver `a.b.b.b…` millions of names long is not walked.
    private static func lastName(of receiver: ExprSyntax) -> TokenSyntax? {
        var receiver = receiver
        while let specialized = receiver.as(GenericSpecializationExprSyntax.self) { receiver = specialized.expression }
        if let reference = receiver.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        return receiver.as(MemberAccessExprSyntax.self)?.declName.baseName
    }

    /// A token's identifier without the backticks that let a keyword be a name (`` `default` ``).
    static func plainName(_ token: TokenSyntax) -> String {
        token.identifier?.name ?? token.text
    }

    /// An argument label, nil for none or `_`.
    static func label(_ token: TokenSyntax?) -> String? {
        guard let token, token.tokenKind != .wildcard else { return nil }
        let name = plainName(token)
        return name == "_" ? nil : name
    }
}
