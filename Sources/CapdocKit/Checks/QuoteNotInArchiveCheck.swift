/// With `--archives`, a quote that the archived page text does not contain.
enum QuoteNotInArchiveCheck: Check {
    public static let id = CheckID.quoteNotInArchive
    public static let summary = "A quote is not found in the archived text of its source (with --archives)."
    static let documentation = """
        `capdoc check --archives DIR` reads the archived text of every source that names an `archive` file and \
        looks for each quote in it, ignoring differences of white space and of typographic quotes and \
        apostrophes. Markdown archives are compared by their text, as cmark reads it. A quote may leave words \
        out with an ellipsis (`…`); its parts must then be found in that order. A quote that is not \
        found was mistyped, or the page changed: fix the quote or re-encode the source. An archive file that \
        does not exist in DIR, or cannot be read (larger than 8 MiB, not a regular file), is reported too.
        """

    /// What checking an archive's quotes came to.
    private enum Outcome {
        case failed(ArchiveLibrary.Failure)
        /// Whether each distinct quote was found.
        case checked([String: Bool])
    }

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        guard let archives = context.archives else { return [] }
        // The distinct quotes of each archive, however many sources name it and repeat them.
        var quotes: [String: Set<String>] = [:]
        var names: [String] = []
        for source in context.model.sources {
            guard let archive = source.archive?.value else { continue }
            if quotes[archive] == nil { names.append(archive) }
            quotes[archive, default: []].formUnion(source.claims.map(\.quote.value).filter { !$0.isEmpty })
        }
        // One archive at a time, read and normalized once, its distinct quotes looked for together in
        // one pass, then released: the work is each archive's size plus its quotes', and the memory
        // one archive's and its quotes'.
        var outcomes: [String: Outcome] = [:]
        for name in names {
            switch archives.lookUp(name) {
            case let .failure(failure):
                outcomes[name] = .failed(failure)
            case let .success(text):
                let distinct = quotes[name, default: []]
                let found = text.found(quotes: distinct)
                outcomes[name] = .checked(Dictionary(uniqueKeysWithValues: distinct.map { ($0, found.contains($0)) }))
            }
        }
        var diagnostics: [Diagnostic] = []
        for source in context.model.sources {
            guard let archive = source.archive, let outcome = outcomes[archive.value] else { continue }
            switch outcome {
            case .failed(.notFound):
                diagnostics.append(Diagnostic(.error, "archive '\(archive.value)' not found in \(archives.description)", at: archive.location, check: Self.id))
            case let .failed(.unreadable(path, reason)):
                diagnostics.append(Diagnostic(.error, "archive '\(path)' cannot be used: \(reason)", at: archive.location, check: Self.id))
            case let .checked(found):
                for claim in source.claims where !claim.quote.value.isEmpty && found[claim.quote.value] == false {
                    diagnostics.append(
                        Diagnostic(
                            .error, "quote of '\(claim.reference)' is not in the archived text '\(archive.value)'",
                            at: claim.quote.location, check: Self.id))
                }
            }
        }
        return diagnostics
    }
}
