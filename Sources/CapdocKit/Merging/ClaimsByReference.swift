/// Claims by `source#claim` reference: the model's claims, found through an index of their
/// references, so that the lookup table does not hold a second copy of every claim.
///
/// The index is an `IDTable` over the references in reverse, so that should two claims share one,
/// the last is found (as a dictionary filled in order finds it): every citation on every page and in
/// the dataset looks a reference up.
struct ClaimsByReference: Sendable {
    private let claims: [Claim]
    private let lastFirst: IDTable

    /// `references[i]` is the reference of `claims[i]`; should two claims share one, the last is found.
    init(claims: [Claim], references: [String]) {
        self.claims = claims
        lastFirst = IDTable(references.reversed())
    }

    public subscript(reference: String) -> Claim? {
        position(of: reference).map { claims[$0] }
    }

    public func contains(_ reference: String) -> Bool { lastFirst[reference] != nil }

    /// The claim at a place (`position(of:)`), without hashing its reference.
    func claim(at position: Int) -> Claim { claims[position] }

    /// How many claims the model holds: every `position(of:)` is below it.
    var count: Int { claims.count }

    /// Where the claim is in the model's `claims`: a number that other tables (the dataset's order)
    /// can be indexed by, instead of building a second table of references.
    func position(of reference: String) -> Int? { lastFirst[reference].map { lastFirst.count - 1 - $0 } }

    /// Every reference once, in no particular order.
    public var keys: [String] { lastFirst.ids.uniqued() }
}
