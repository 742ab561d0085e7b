/// The claims, deciding claims and sources of a fact. Most facts cite what their neighbours cite (a
/// claim about every platform decides a fact on each), so facts share one of these rather than
/// carrying three arrays each.
final class FactCitations: Sendable, Hashable {
    let claims: [String]
    let deciding: [String]
    let sources: [String]
    /// Where each deciding claim is in the model (`ClaimsByReference.position`), when the merge made
    /// these citations: it numbers claims in that order. A page numbers its citations by place, and
    /// finding the place of a reference hashed it, for every claim of every cell of every page.
    let decidingPlaces: [Int32]?

    init(claims: [String], deciding: [String], sources: [String], decidingPlaces: [Int32]? = nil) {
        self.claims = claims
        self.deciding = deciding
        self.sources = sources
        self.decidingPlaces = decidingPlaces
    }

    static func == (a: FactCitations, b: FactCitations) -> Bool {
        a === b || (a.claims == b.claims && a.deciding == b.deciding && a.sources == b.sources)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(claims)
        hasher.combine(deciding)
        hasher.combine(sources)
    }
}
