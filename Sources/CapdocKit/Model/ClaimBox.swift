/// Every field of a claim but its fact kind, in one immutable box that all copies of the claim share.
///
/// A claim holds a dozen strings, arrays and locations. Stored inline, each copy of a claim retained
/// every one of them, so checks walked the claims by index to avoid copies; boxed, a copy retains the
/// box once, and code can read claims as values. The box is never changed: a setter on `Claim`
/// builds a new box (the loader builds each claim whole, so that does not happen on any hot path).
final class ClaimBox: Sendable, Hashable {
    let fields: ClaimFields

    init(_ fields: ClaimFields) {
        self.fields = fields
    }

    /// A new box with one change: the old one may be shared by other copies of the claim.
    func with(_ change: (inout ClaimFields) -> Void) -> ClaimBox {
        var fields = fields
        change(&fields)
        return ClaimBox(fields)
    }

    static func == (a: ClaimBox, b: ClaimBox) -> Bool { a === b || a.fields == b.fields }

    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

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
