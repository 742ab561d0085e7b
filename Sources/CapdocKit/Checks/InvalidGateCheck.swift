/// A gate in `gates.yaml` that cannot be evaluated: its subject names the wrong kind of entity, the
/// fact it requires is not true-or-false, or gates depend on each other in a cycle.
enum InvalidGateCheck: Check {
    public static let id = CheckID.invalidGate
    public static let summary = "A gate in gates.yaml names a subject of the wrong kind, requires a fact that is not true or false, or is part of a cycle."
    static let documentation = """
        A gate says that facts of some kinds hold only where another fact is true (`requires`). Its `subject` \
        says where the required fact's subject comes from — `subject`, `level`, `from` or `trigger` of the gated \
        fact, optionally followed by a vocabulary attribute (`trigger.request`, `subject.level`) — and it must \
        name the kind of entity the required fact is about, for every gated kind. A gate cannot require a fact \
        that is gated, directly or through other gates, by the facts it gates. Reported by the loader, with \
        the position in `gates.yaml`.
        """
}
