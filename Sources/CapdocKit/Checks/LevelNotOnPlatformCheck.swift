/// A service claimed to work under a level on a platform that does not offer that level.
enum LevelNotOnPlatformCheck: Check {
    public static let id = CheckID.levelNotOnPlatform
    public static let summary = "A service is claimed to work under an access level on a platform that does not offer the level."
    static let documentation = """
        A `service-available: true` claim that names a platform and a level contradicts the model's \
        `level-supported` facts when the platform lacks that level (Always on tvOS or visionOS, for \
        example). Either the claim's scope is too wide or the level facts are wrong.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let platforms = context.model.vocabulary.ids(.platform), levels = context.model.vocabulary.ids(.level)
        for claim in context.model.claims where claim.fact == .serviceAvailable && claim.value.value == .boolean(true) {
            for platform in CrossEntity.named(claim.scope.platforms, in: platforms) {
                for level in CrossEntity.named(claim.scope.levels, in: levels) {
                    guard
                        let fact = CrossEntity.falseFact(
                            context.merge, .levelSupported, subject: level, platform: platform,
                            within: claim.scope.os)
                    else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "claim '\(claim.reference)' says services work under \(level) on \(platform), but \(platform) does not offer \(level) (\(fact.os))",
                            at: claim.location, check: Self.id,
                            notes: CrossEntity.note(for: fact, merge: context.merge, saying: "says \(platform) lacks \(level)")))
                }
            }
        }
        return diagnostics
    }
}
