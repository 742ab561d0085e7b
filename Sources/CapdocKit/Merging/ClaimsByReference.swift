/// Claims by `source#claim` reference: the model's claims, found through an index of their
/// references, so that the lookup table does not hold a second copy of every claim.
struct ClaimsByReference: Sendable {
    private let claims: [Claim]
    private let positions: [String: Int32]

    /// `references[i]` is the reference of `claims[i]`; should two claims share one, the last is found.
    init(claims: [Claim], references: [String]) {
        self.claims = claims
        var positions: [String: Int32] = [:]
        positions.reserveCapacity(claims.count)
        for index in references.indices { positions[references[index]] = Int32(index) }
        self.positions = positions
    }

    public subscript(reference: String) -> Claim? {
        positions[reference].map { claims[Int($0)] }
    }

    public func contains(_ reference: String) -> Bool { positions[reference] != nil }

    /// Where the claim is in the model's `claims`: a number that other tables (the dataset's order)
    /// can be indexed by, instead of building a second table of references.
    func position(of reference: String) -> Int? { positions[reference].map(Int.init) }

    /// Every reference, in no particular order.
    public var keys: Dictionary<String, Int32>.Keys { positions.keys }

    public var count: Int { positions.count }
}
