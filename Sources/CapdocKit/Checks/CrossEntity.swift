/// Shared reading of resolved facts for the cross-entity checks.
enum CrossEntity {
    /// Whether the resolved facts say `false` for this address anywhere inside `range`; returns that fact.
    static func falseFact(_ merge: MergeResult, _ kind: FactKind, subject: String, platform: String, level: String? = nil,
                          within range: VersionRange) -> Fact? {
        merge.factSlice(kind, subject: subject, platform: platform, level: level)
            .first { $0.value == .boolean(false) && $0.os.overlaps(range) }
    }

    /// The first claim behind a fact, for a note.
    static func note(for fact: Fact, merge: MergeResult, saying text: String) -> [DiagnosticNote] {
        guard let reference = fact.claims.first, let claim = merge.claimsByReference[reference] else { return [] }
        return [DiagnosticNote("'\(reference)' \(text)", at: claim.location)]
    }

    /// The members a claim names: its list, or every member for `all`; nothing when it is silent
    /// (a silent claim speaks generally, and these checks hold only claims that name a platform to account).
    static func named(_ selection: Selection, in universe: [String]) -> [String] {
        switch selection {
        case .silent: []
        case .all: universe
        case let .named(ids): ids.map(\.value)
        }
    }
}
