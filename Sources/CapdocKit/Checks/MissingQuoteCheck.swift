/// A claim without the quote that states it.
enum MissingQuoteCheck: Check {
    public static let id = CheckID.missingQuote
    public static let summary = "A claim has no quote."
    static let documentation = """
        Every claim cites its source with the short, verbatim sentence that states it, so that a reader can \
        find it in the document and `--archives` can verify it. A claim without a quote is an opinion.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        context.model.claims.compactMap { claim in
            guard claim.quote.value.isBlank else { return nil }
            return Diagnostic(.error, "claim '\(claim.reference)' has no quote from its source", at: claim.quote.location, check: Self.id)
        }
    }
}
