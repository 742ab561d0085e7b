/// An adjudication that no longer resolves any contradiction.
enum StaleAdjudicationCheck: Check {
    public static let id = CheckID.staleAdjudication
    public static let summary = "An adjudication resolves no contradiction."
    static let documentation = """
        An adjudication rules on claims that disagree. When the claims change so that they no longer \
        disagree (a quote was corrected, a scope narrowed, a source removed), the ruling is stale and would \
        mislead readers of the conflicts page: remove it, or re-point it at the claims that now disagree.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let claims = context.merge.claimsByReference
        func known(_ reference: String) -> Bool { claims.contains(reference) }
        return context.model.adjudications.compactMap { adjudication in
            guard !context.merge.usedAdjudications.contains(adjudication.id.value) else { return nil }
            // An adjudication naming unknown claims is already an unknown-id error.
            guard known(adjudication.prevails.value), adjudication.over.allSatisfy({ known($0.value) }) else { return nil }
            return Diagnostic(
                .error,
                "adjudication '\(adjudication.id.value)' resolves no contradiction: '\(adjudication.prevails.value)' does not disagree with \(adjudication.over.map { "'\($0.value)'" }.joined(separator: ", ")) anywhere it applies",
                at: adjudication.id.location, check: Self.id)
        }
    }
}
