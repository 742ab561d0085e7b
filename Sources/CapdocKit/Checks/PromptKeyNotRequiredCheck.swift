/// A prompt shows the usage string of a key that its request does not need.
enum PromptKeyNotRequiredCheck: Check {
    public static let id = CheckID.promptKeyNotRequired
    static let concept: FactKind? = .prompt
    public static let summary = "A prompt is said to show the usage string of a key that its request does not need there."
    static let documentation = """
        A `prompt` fact names the key whose usage string the prompt shows. The trigger's request \
        (`request` of the trigger in `flow.yaml`) lists the keys an app must have (`request-keys`, per \
        platform and OS version); the key a prompt shows must be one of them, or developers are told that \
        the prompt reads a string they were never asked to provide. Sources that disagree on the key are \
        usually one page written before the keys changed: encode the narrower or newer statement, or \
        adjudicate between the prompt claims.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        // Nothing to check: a domain without an authorization flow has no prompts.
        let vocabulary = context.model.vocabulary
        struct Finding: Hashable { var claim: String; var key: String }
        var order: [Finding] = []
        var found: [Finding: (places: [String], keysFact: Fact, request: String)] = [:]
        for fact in context.merge.facts(of: .prompt) {
            guard case let .keys(keys) = fact.value, let key = keys.first else { continue }
            let trigger = FlowKey.parts(fact.subject).trigger
            guard let request = vocabulary.entity(.trigger, trigger)?.attributes["request"] else { continue }
            for needed in context.merge.factSlice(.requestKeys, subject: request, platform: fact.platform) where needed.os.overlaps(fact.os) {
                guard case let .keys(required) = needed.value, !required.contains(key) else { continue }
                var overlap = fact.os
                if let from = needed.os.from, overlap.from.map({ $0 < from }) ?? true { overlap.from = from }
                if let until = needed.os.until, overlap.until.map({ until < $0 }) ?? true { overlap.until = until }
                let place = fact.platform + (overlap.isUnbounded ? "" : " (\(overlap))")
                for claim in fact.deciding {
                    let finding = Finding(claim: claim, key: key)
                    if found[finding] == nil { order.append(finding); found[finding] = ([], needed, request) }
                    if !found[finding]!.places.contains(place) { found[finding]!.places.append(place) }
                }
            }
        }
        return order.compactMap { finding in
            guard let claim = context.merge.claimsByReference[finding.claim], let entry = found[finding] else { return nil }
            var keysText = "its keys"
            if case let .keys(required) = entry.keysFact.value { keysText = required.joined(separator: ", ") }
            return Diagnostic(
                .error,
                "claim '\(claim.reference)' says the prompt shows the string of \(finding.key), but the \(entry.request) request does not need that key on \(entry.places.joined(separator: ", ")) (it needs \(keysText))",
                at: claim.value.location, check: Self.id,
                notes: CrossEntity.note(for: entry.keysFact, merge: context.merge, saying: "gives the keys of the \(entry.request) request here"))
        }
    }
}
