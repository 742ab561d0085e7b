/// An OS range that is malformed, empty, ambiguous, or reaches before the platform existed.
enum InvalidVersionRangeCheck: Check {
    public static let id = CheckID.invalidVersionRange
    public static let summary = "An OS version range is malformed, empty, has no named platforms, or predates the platform."
    static let documentation = """
        Ranges are half-open: `from` is included, `until` excluded, so `{from: A, until: B}` covers A and the \
        versions after it, up to but not including B. A range with `from` not before `until` covers nothing. A range needs named platforms, because \
        each platform numbers its versions differently. A platform's `first-version` (`platforms.yaml`) is \
        where its history starts: a range that starts before it, or ends at or before it, speaks of versions \
        that never existed. A range with no `from` is not one of them: "before A" (the `-before` claims of \
        an availability line) starts where the platform does.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        // Each platform's first version and name looked up once, not for each of 100,000 claims
        // (a first version is parsed from its text each time it is asked for).
        var platformFirsts: [String: (first: Version, name: String)?] = [:]
        func firstAndName(_ platform: String) -> (first: Version, name: String)? {
            if let known = platformFirsts[platform] { return known }
            let found = vocabulary.firstVersion(of: platform).map { ($0, vocabulary.name(.platform, platform) ?? platform) }
            platformFirsts[platform] = .some(found)
            return found
        }
        var diagnostics: [Diagnostic] = []
        for claim in context.model.claims {
            let os = claim.scope.os
            guard os.from != nil || os.until != nil, case let .named(platforms) = claim.scope.platforms else { continue }
            for platform in platforms {
                guard let (first, name) = firstAndName(platform.value) else { continue }
                if let until = os.until, !(first < until) {
                    diagnostics.append(
                        Diagnostic(
                            .error, "os range ends at \(until), not after \(name) \(first), the platform's first version: it covers no version of \(name)",
                            at: claim.location, check: Self.id))
                } else if let from = os.from, from < first {
                    diagnostics.append(
                        Diagnostic(
                            .error, "os range starts at \(from), before \(name) \(first), the platform's first version",
                            at: claim.location, check: Self.id))
                }
            }
        }
        return diagnostics
    }
}
