/// A flow state that no chain of transitions leads to from the initial state.
enum UnreachableStateCheck: Check {
    public static let id = CheckID.unreachableState
    static let concept: FactKind? = .transition
    public static let summary = "A flow state cannot be reached from Not Determined by any transition the sources describe."
    static let documentation = """
        Every app starts in `not-determined`. Following the merged `transition` facts (on any platform) from \
        there must reach every state of `flow.yaml`; a state that nothing leads to is shown on the flow page \
        but no answer of `capdoc query flow` can end in it. Encode the source that says how an app gets \
        there (a trigger and the transition it causes), or remove the state from the vocabulary.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        // Nothing to check: a domain without an authorization flow has no states to reach.
        let flow = Flow(merge: context.merge, vocabulary: context.model.vocabulary)
        let reached = flow.reachableStates()
        return context.model.vocabulary.all(.state).compactMap { state in
            guard !reached.contains(state.id.value) else { return nil }
            return Diagnostic(
                .error, "flow state '\(state.id.value)' is not reachable from '\(flow.initialState)': no chain of transitions leads to it",
                at: state.id.location, check: Self.id)
        }
    }
}
