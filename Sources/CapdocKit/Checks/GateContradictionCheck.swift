/// A claim that names its platforms and an OS range states a value where a gate from another source is closed.
enum GateContradictionCheck: Check {
    public static let id = CheckID.gateContradiction
    public static let summary = "A claim that names its platforms and OS versions states a value where a gate, from another source, says the fact cannot hold."
    static let documentation = """
        Gates (`gates.yaml`) say which facts depend on which: a service works under a level only where its API \
        exists and the platform offers the level; a request needs keys only where its method exists. Answers \
        are composed through them, so a wide claim — one that is silent about platforms, says `all`, or gives \
        no OS range — is simply trimmed where a gate is closed, and that is no diagnostic. But a claim that \
        names its platforms *and* an OS range has spoken about exactly those versions: if a gate from another \
        source is false there, the two sources disagree. The claim gets an error, with a note at the claim that \
        closes the gate. Decide which is right and record it in `adjudications.yaml`, `prevails` one side and \
        `over` the other: where the gate's claim prevails the answer is the gate's outcome (as without the \
        ruling); where the gated claim prevails, the gate is set aside for it.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        context.merge.contradictions.compactMap { contradiction -> Diagnostic? in
            guard let gate = contradiction.gate, contradiction.adjudication == nil,
                let claim = contradiction.claims.first.flatMap({ context.merge.claimsByReference[$0] })
            else { return nil }
            let closing = contradiction.claims.dropFirst().compactMap { context.merge.claimsByReference[$0] }
            let scope = ScopeWording.describe(contradiction, vocabulary: context.model.vocabulary)
            let said = closing.map { "'\($0.reference)' says \($0.fact.rawValue) \($0.value.value.display)" }.joined(separator: " and ")
            let message =
                "gate '\(gate)' is closed \(scope): this claim says \(claim.value.value.display) there, but \(said); adjudicate it in adjudications.yaml"
            let notes = closing.prefix(ContradictionCheck.listed).map { DiagnosticNote("'\($0.reference)' closes the gate here", at: $0.location) }
            return Diagnostic(.error, message, at: claim.location, check: Self.id, notes: Array(notes))
        }
    }
}
