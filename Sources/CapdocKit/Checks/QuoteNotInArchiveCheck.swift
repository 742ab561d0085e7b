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
    does not exist in DIR, or cannot be read (larger than 8 MiB, not a regular file), is reported too.
    """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        guard let archives = context.archives else { return [] }
        // Each archive is read and normalized once, however many sources name it, and each distinct
        // quote is looked up once per archive: the work is bounded by the sizes of the archives and
        // of the quotes, not by how many times Content repeats them.
        var texts: [String: Result<ArchiveText, ArchiveLibrary.Failure>] = [:]
        var verdicts: [String: [String: Bool]] = [:]
        var diagnostics: [Diagnostic] = []
        for source in context.model.sources {
            guard let archive = source.archive else { continue }
            let lookup = texts[archive.value] ?? archives.lookUp(archive.value)
            texts[archive.value] = lookup
            let text: ArchiveText
            switch lookup {
            case let .success(found):
                text = found
            case .failure(.notFound):
                diagnostics.append(Diagnostic(.error, "archive '\(archive.value)' not found in \(archives.description)", at: archive.location, check: Self.id))
                continue
            case let .failure(.unreadable(path, reason)):
                diagnostics.append(Diagnostic(.error, "archive '\(path)' cannot be used: \(reason)", at: archive.location, check: Self.id))
                continue
            }
            for claim in source.claims where !claim.quote.value.isEmpty {
                let quote = claim.quote.value
                let found = verdicts[archive.value]?[quote] ?? text.contains(quote: quote)
                verdicts[archive.value, default: [:]][quote] = found
                if !found {
                    diagnostics.append(Diagnostic(.error, "quote of '\(claim.reference)' is not in the archived text '\(archive.value)'",
                                                  at: claim.quote.location, check: Self.id))
                }
            }
        }
        return diagnostics
    }
}
