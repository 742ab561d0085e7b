/// More versions of a platform that start a page (a flow era, a deployment target) than the
/// platform gets pages of that kind (`VersionPageLimit`).
enum VersionPagesLimitedCheck: Check {
    public static let id = CheckID.versionPagesLimited
    public static let severity = Severity.warning
    public static let summary = "A platform has more versions that start a page than the pages it gets, so its last page covers the later ones."
    static let documentation = """
        The site has, for each platform, a page per minimum version an app may require (the answers for \
        every version from one on) and, where the domain has an authorization flow, a page per era of \
        the flow (the versions over which the same transitions hold). Such a page starts only at a \
        version the platform declares (`versions` in `platforms.yaml`), or at a new major version where \
        it declares none, and a platform gets at most \(VersionPageLimit.perPlatform) pages of each \
        kind, so that the site stays in proportion to the Content. Beyond that, the last page covers \
        every later version: the last minimum version's page answers for them all, and the last era's \
        page shows each transition with the versions where it holds and names the versions where they \
        change. No answer is lost, only pages to start from. This is a warning: declare the platform's \
        `versions` (only those then start a page), or accept the last page.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        // Only a platform that declares no versions, or more than the limit, can reach it: the work of
        // finding its pages is then done, for the others (the shipped Content's) it is not.
        let platforms = vocabulary.all(.platform).filter { VersionPageLimit.mayBeReached(declared: vocabulary.declaredVersions(of: $0.id.value)) }
        guard !platforms.isEmpty else { return [] }
        let answers = AnswerTable(merge: context.merge, model: context.model)
        let eras = vocabulary.domain.flow ? Flow.eraPages(of: answers.flowRows, vocabulary: vocabulary) : [:]
        let limit = VersionPageLimit.perPlatform
        return platforms.flatMap { platform -> [Diagnostic] in
            let id = platform.id.value
            var found: [Diagnostic] = []
            if let pages = eras[id], pages.grouped > 0, let last = pages.eras.last, let from = last.range.from {
                found.append(
                    Diagnostic(
                        .warning,
                        "the flow's era pages of '\(id)' would be \(pages.wanted), more than the \(limit) a platform gets: the newest \(pages.grouped) eras share the last page, from \(from) on",
                        at: platform.id.location, check: Self.id))
            }
            let targets = answers.targetVersions(id)
            if targets.count > limit {
                found.append(
                    Diagnostic(
                        .warning,
                        "the \(vocabulary.domain.deploymentTarget) pages of '\(id)' would be \(targets.count), more than the \(limit) a platform gets: the last, \(targets[limit - 1]) and later, answers for the \(targets.count - limit) later versions too",
                        at: platform.id.location, check: Self.id))
            }
            return found
        }
    }
}
