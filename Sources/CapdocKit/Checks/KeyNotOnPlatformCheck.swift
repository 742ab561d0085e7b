/// A request said to need an Info.plist key on a platform where the key does not exist.
enum KeyNotOnPlatformCheck: Check {
    public static let id = CheckID.keyNotOnPlatform
    public static let summary = "A request is claimed to need a key on a platform that lacks the key."
    static let documentation = """
        A `request-keys` claim that names platforms must only list keys that exist there, according to the \
        `key-exists` facts. Telling developers to add a key the platform never reads sends them on a chase; \
        it usually means the claim's platform scope is too wide. A claim silent on platforms speaks for \
        every platform where it decides the request's keys (through the gates: not where the request's \
        method or level is missing), so it is held to the same rule there: a key page's complete list \
        that leaves a platform out then contradicts the request, to be ruled on by a narrower claim.
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
        diagnostics += silentClaimFindings(context)
        return diagnostics
    }

    /// The `request-keys` claims silent on platforms, where they decide a request's keys on a platform
    /// that does not read one of them: once per claim, platform and key, at the claim.
    private static func silentClaimFindings(_ context: CheckContext) -> [Diagnostic] {
        let gated = GatedFacts(merge: context.merge, model: context.model)
        var diagnostics: [Diagnostic] = []
        var reported = Set<String>()
        for request in context.model.vocabulary.ids(.request) {
            for platform in context.model.vocabulary.ids(.platform) {
                for fact in gated.holding(.requestKeys, subject: request, platform: platform) {
                    guard case let .keys(keys) = fact.value else { continue }
                    for reference in fact.deciding {
                        guard let claim = context.merge.claimsByReference[reference], !claim.scope.platforms.isNamed else { continue }
                        for key in keys {
                            guard reported.insert("\(reference) \(platform) \(key)").inserted,
                                let denial = CrossEntity.falseFact(context.merge, .keyExists, subject: key, platform: platform, within: fact.os)
                            else { continue }
                            diagnostics.append(
                                Diagnostic(
                                    .error,
                                    "claim '\(reference)' names no platform, so it says \(platform) needs \(key) (\(fact.os)), but the key does not exist on \(platform) (\(denial.os)); a narrower claim or a ruling must decide",
                                    at: claim.value.location, check: Self.id,
                                    notes: CrossEntity.note(for: denial, merge: context.merge, saying: "says \(key) does not exist on \(platform)")))
                        }
                    }
                }
            }
        }
        return diagnostics
    }
}
