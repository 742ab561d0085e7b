/// A request said to need an Info.plist key on a platform where the key does not exist.
enum KeyNotOnPlatformCheck: Check {
    public static let id = CheckID.keyNotOnPlatform
    public static let summary = "A request is claimed to need an Info.plist key on a platform that lacks the key."
    static let documentation = """
        A `request-keys` claim that names platforms must only list keys that exist there, according to the \
        `key-exists` facts. Telling developers to add a key the platform never reads sends them on a chase; \
        it usually means the claim's platform scope is too wide.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let platforms = context.model.vocabulary.ids(.platform)
        for claim in context.model.claims where claim.fact == .requestKeys {
            guard case let .keys(keys) = claim.value.value else { continue }
            for platform in CrossEntity.named(claim.scope.platforms, in: platforms) {
                for key in keys {
                    guard
                        let fact = CrossEntity.falseFact(
                            context.merge, .keyExists, subject: key, platform: platform,
                            within: claim.scope.os)
                    else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .error, "claim '\(claim.reference)' says \(platform) needs \(key), but the key does not exist on \(platform) (\(fact.os))",
                            at: claim.value.location, check: Self.id,
                            notes: CrossEntity.note(for: fact, merge: context.merge, saying: "says \(key) does not exist on \(platform)")))
                }
            }
        }
        return diagnostics
    }
}
