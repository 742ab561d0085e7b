/// A relaunch claimed on a platform whose sources say the system never relaunches apps.
enum RelaunchNotOnPlatformCheck: Check {
    public static let id = CheckID.relaunchNotOnPlatform
    static let concept: FactKind? = .launchesTerminatedApp
    public static let summary = "A service is claimed to relaunch terminated apps on a platform that never relaunches apps."
    static let documentation = """
        Some sources state that a platform never relaunches apps, whatever the service (\"The system doesn’t \
        launch watchOS apps, even if they have Always access.\"): a `launches-terminated-app: false` claim \
        about `all` services that names the platform. A narrower claim that says some service does relaunch \
        there would silently win the merge, so it is reported instead.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        // Nothing to check: a domain without relaunches has no relaunch claims to compare (any is an error of the loader).
        let claims = context.model.claims.filter { $0.fact == .launchesTerminatedApp }
        let platformWide = claims.filter { $0.value.value == .boolean(false) && $0.scope.subjects == .all && $0.scope.platforms.isNamed }
        let allPlatforms = context.model.vocabulary.ids(.platform), allLevels = context.model.vocabulary.ids(.level)
        let nevers = platformWide.map { never in
            (claim: never, platforms: Set(never.scope.platforms.resolve(in: allPlatforms)), levels: Set(never.scope.levels.resolve(in: allLevels)))
        }
        var diagnostics: [Diagnostic] = []
        for claim in claims where claim.value.value == .boolean(true) && claim.scope.platforms.isNamed {
            let platforms = Set(claim.scope.platforms.resolve(in: allPlatforms))
            let levels = Set(claim.scope.levels.resolve(in: allLevels))
            for (never, neverPlatforms, neverLevels) in nevers {
                let shared = platforms.intersection(neverPlatforms)
                guard !shared.isEmpty, !levels.isDisjoint(with: neverLevels), claim.scope.os.overlaps(never.scope.os) else { continue }
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "claim '\(claim.reference)' says a terminated app is relaunched on \(shared.sorted().joined(separator: ", ")), where '\(never.reference)' says the system never relaunches apps",
                        at: claim.location, check: Self.id,
                        notes: [DiagnosticNote("'\(never.reference)' says no app is relaunched here", at: never.location)]))
            }
        }
        return diagnostics
    }
}
