/// With `--archives`, a quote that the archived page text does not contain.
public enum QuoteNotInArchiveCheck: Check {
    public static let id = "quote-not-in-archive"
    public static let summary = "A quote is not found in the archived text of its source (with --archives)."
    public static let documentation = """
    `capdoc check --archives DIR` reads the archived text of every source that names an `archive` file and \
    looks for each quote in it, ignoring differences of white space and of typographic quotes and \
    apostrophes. Markdown archives are compared by their text, as cmark reads it. A quote may leave words \
    out with an ellipsis (`…`); its parts must then be found in that order. A quote that is not \
    found was mistyped, or the page changed: fix the quote or re-encode the source. An archive file that \
    does not exist in DIR is reported too.
    """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        guard let archives = context.archives else { return [] }
        var diagnostics: [Diagnostic] = []
        for source in context.model.sources {
            guard let archive = source.archive else { continue }
            guard let text = archives.text(named: archive.value) else {
                diagnostics.append(Diagnostic(.error, "archive '\(archive.value)' not found in \(archives.description)", at: archive.location, check: Self.id))
                continue
            }
            for claim in source.claims where !claim.quote.value.isEmpty && !text.contains(quote: claim.quote.value) {
                diagnostics.append(Diagnostic(.error, "quote of '\(claim.reference)' is not in the archived text '\(archive.value)'",
                                              at: claim.quote.location, check: Self.id))
            }
        }
        return diagnostics
    }
}
