/// The claims, deciding claims and sources of a fact. Most facts cite what their neighbours cite (a
/// claim about every platform decides a fact on each), so facts share one of these rather than
/// carrying three arrays each.
final class FactCitations: Sendable, Hashable {
    let claims: [String]
    let deciding: [String]
    let sources: [String]

    init(claims: [String], deciding: [String], sources: [String]) {
        self.claims = claims
        self.deciding = deciding
        self.sources = sources
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
