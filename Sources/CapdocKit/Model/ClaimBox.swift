/// Every field of a claim but its fact kind, in one box all copies of the claim share (`SharedBox`):
/// the loader builds each claim whole, so a setter's new box is on no hot path.
typealias ClaimBox = SharedBox<ClaimFields>

/// The fields of `ClaimBox`: see `Claim` for what each means.
struct ClaimFields: Sendable, Hashable {
    var sourceID: String
    var id: Located<String>
    var location: SourceLocation
    var scope: ClaimScope
    var value: Located<ClaimValue>
    var quote: Located<String>
    var topic: String?
    var note: String?
    var trigger: Located<String>?
    var choice: Located<String>?
    var references: [ValueReference]
    var replacement: String?
}
