/// One source says a call shows no prompt, another describes a prompt for the same call.
enum PromptConflictCheck: Check {
    public static let id = CheckID.promptConflict
    static let concept: FactKind? = .prompt
    public static let summary = "A transition without a prompt holds where a prompt, or a choice at one, is also described."
    static let documentation = """
        A `transition` without `choice` says that no prompt appears when the trigger happens in the state \
        (a call that does nothing is one). Where it holds, no `prompt` fact and no transition with a \
        `choice` may hold for the same state, trigger, platform and OS versions: either the call prompts or \
        it does not. Narrow one of the claims to where it is true, or remove the one that is wrong.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        // Nothing to check: a domain without an authorization flow has no prompts.
        var promptFacts: [String: [Fact]] = [:]
        for fact in context.merge.facts(of: .prompt) {
            promptFacts[fact.subject + "@" + fact.platform, default: []].append(fact)
        }
        for fact in context.merge.facts(of: .transition) {
            let parts = FlowKey.parts(fact.subject)
            if parts.choice != nil {
                promptFacts[FlowKey.prompt(from: parts.from, trigger: parts.trigger) + "@" + fact.platform, default: []].append(fact)
            }
        }
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        for fact in context.merge.facts(of: .transition) {
            let parts = FlowKey.parts(fact.subject)
            guard parts.choice == nil else { continue }
            let others = (promptFacts[FlowKey.prompt(from: parts.from, trigger: parts.trigger) + "@" + fact.platform] ?? []).filter { $0.os.overlaps(fact.os) }
            guard let other = others.first else { continue }
            for reference in fact.deciding {
                guard let claim = context.merge.claimsByReference[reference], seen.insert(reference + "|" + (other.deciding.first ?? "")).inserted else {
                    continue
                }
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "claim '\(reference)' says no prompt appears \(FlowKey.describe(FlowKey.prompt(from: parts.from, trigger: parts.trigger))) on \(fact.platform), but '\(other.deciding.first ?? "")' describes a prompt there",
                        at: claim.location, check: Self.id,
                        notes: CrossEntity.note(for: other, merge: context.merge, saying: "describes the prompt")))
            }
        }
        return diagnostics
    }
}
