/// More eras of the flow on a platform than get a page each (`Flow.EraPaging.pagesPerPlatform`).
enum EraPagesGroupedCheck: Check {
    public static let id = CheckID.eraPagesGrouped
    public static let severity = Severity.warning
    static let concept: FactKind? = .transition
    public static let summary = "The flow's transitions change at more versions of a platform than get an era page each, so its oldest eras share one page."
    static let documentation = """
        The flow page links a page per era of each platform: the transitions that hold from one version \
        to the next change. An era page starts only at a version the platform declares (`versions` in \
        `platforms.yaml`), or at a new major version where it declares none, and a platform gets at most \
        \(Flow.EraPaging.pagesPerPlatform) of them, so that the site stays in proportion to the Content. \
        Beyond that, the oldest eras are grouped on one page, which names the versions where they change \
        and shows each transition with the versions where it holds. This is a warning: declare the \
        platform's `versions` (only those then start a page), or accept the grouped page.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        let rows = Flow(merge: context.merge, vocabulary: vocabulary).rows()
        let pages = Flow.eraPages(of: rows, vocabulary: vocabulary)
        return vocabulary.all(.platform).compactMap { platform in
            guard let platformPages = pages[platform.id.value], platformPages.grouped > 0, let oldest = platformPages.eras.first else { return nil }
            let until = oldest.range.until.map { " before \($0)" } ?? ""
            return Diagnostic(
                .warning,
                "the flow's eras on '\(platform.id.value)' would take \(platformPages.wanted) pages, more than the \(Flow.EraPaging.pagesPerPlatform) a platform gets: the oldest \(platformPages.grouped) share one page, for the versions\(until)",
                at: platform.id.location, check: Self.id)
        }
    }
}
