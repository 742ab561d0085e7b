/// An OS range that is malformed, empty, ambiguous, or ends before the domain's authorization exists on the platform.
enum InvalidVersionRangeCheck: Check {
    public static let id = CheckID.invalidVersionRange
    public static let summary = "An OS version range is malformed, empty, has no named platforms, or predates the platform."
    static let documentation = """
    Ranges are half-open: `from` is included, `until` excluded, so `{from: "11.0", until: "13.0"}` is iOS 11 \
    and 12. A range with `from` not before `until` covers nothing. A range needs named platforms, because \
    each platform numbers its versions differently. A range that ends before the first version in which \
    the authorization status exists on a platform (from the `status-exists` claims) describes nothing real.
    """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        // The first version of the domain's authorization on each platform, from the sourced status facts.
        var firstVersion: [String: Version] = [:]
        for fact in context.merge.facts(of: .statusExists) where fact.value == .boolean(true) {
            guard let from = fact.os.from else { continue }
            if let known = firstVersion[fact.platform], known < from { continue }
            firstVersion[fact.platform] = from
        }
        // A platform whose status facts start unbounded has no known first version.
        for fact in context.merge.facts(of: .statusExists) where fact.value == .boolean(true) && fact.os.from == nil {
            firstVersion[fact.platform] = nil
        }
        var diagnostics: [Diagnostic] = []
        for claim in context.model.claims {
            guard let until = claim.scope.os.until, case let .named(platforms) = claim.scope.platforms else { continue }
            for platform in platforms {
                guard let first = firstVersion[platform.value], !(first < until) else { continue }
                diagnostics.append(Diagnostic(.error, "os range ends at \(until), before \(platform.value) \(first), the first version with \(context.model.vocabulary.domain.name)",
                                              at: claim.location, check: Self.id))
            }
        }
        return diagnostics
    }
}
