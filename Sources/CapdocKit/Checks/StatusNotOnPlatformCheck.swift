/// A flow state occurs on a platform whose `authorizationStatus` cannot report the state's status.
enum StatusNotOnPlatformCheck: Check {
    public static let id = CheckID.statusNotOnPlatform
    static let concept: FactKind? = .transition
    public static let summary = "A transition on a platform starts from, or reports, a status that does not exist there."
    static let documentation = """
        Each flow state reports one status (`flow.yaml`, or the transition's `status`). Where a transition \
        holds, its state occurs: the status it reports and the status of the state it starts from must exist \
        on that platform, according to the `status-exists` facts (`authorizedWhenInUse` does not exist on \
        macOS, for example). A finding usually means the transition's platform scope is too wide, or that the \
        platform reports a different status for that state: state it with `status`, citing the source that \
        says so.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        struct Finding: Hashable { var claim: String; var status: String; var reported: Bool }
        var order: [Finding] = []
        var found: [Finding: (platforms: [String], facts: [Fact])] = [:]
        for fact in context.merge.facts(of: .transition) {
            guard case let .transition(outcome) = fact.value else { continue }
            let from = FlowKey.parts(fact.subject).from
            var statuses: [(String, Bool)] = []
            if let status = outcome.status { statuses.append((status, true)) }
            if let status = vocabulary.entity(.state, from)?.attributes["status"] { statuses.append((status, false)) }
            for (status, reported) in statuses {
                guard let missing = CrossEntity.falseFact(context.merge, .statusExists, subject: status, platform: fact.platform, within: fact.os) else {
                    continue
                }
                for claim in fact.deciding {
                    let finding = Finding(claim: claim, status: status, reported: reported)
                    if found[finding] == nil { order.append(finding); found[finding] = ([], []) }
                    if !found[finding]!.platforms.contains(fact.platform) {
                        found[finding]!.platforms.append(fact.platform)
                        found[finding]!.facts.append(missing)
                    }
                }
            }
        }
        return order.compactMap { finding in
            guard let claim = context.merge.claimsByReference[finding.claim], let entry = found[finding] else { return nil }
            let platforms = vocabulary.ids(.platform).filter(entry.platforms.contains).joined(separator: ", ")
            let role = finding.reported ? "reports" : "starts from a state that reports"
            let notes = entry.facts.prefix(1).flatMap {
                CrossEntity.note(for: $0, merge: context.merge, saying: "says \(finding.status) does not exist on \($0.platform)")
            }
            return Diagnostic(
                .error,
                "claim '\(claim.reference)' holds on \(platforms) and \(role) \(finding.status), which does not exist there; narrow its platforms or state the status that platform reports",
                at: finding.reported ? claim.value.location : claim.location, check: Self.id, notes: notes)
        }
    }
}
