/// Shared reading of resolved facts for the cross-entity checks.
enum CrossEntity {
    /// Whether the resolved facts say `false` for this address anywhere inside `range`; returns that fact.
    ///
    /// A range open below speaks of the versions where what it names exists, not of the time before
    /// an introduction: "a second call has no effect" is not wrong because the status it starts from
    /// came in iOS 8. So for such a range, `false` before the first `true` (an availability line's
    /// "not before 8.0") does not count; `false` after it, or with no `true` at all, does.
    static func falseFact(
        _ merge: MergeResult, _ kind: FactKind, subject: String, platform: String, level: String? = nil,
        within range: VersionRange
    ) -> Fact? {
        let facts = merge.factSlice(kind, subject: subject, platform: platform, level: level)
        let introduction = range.from == nil ? facts.first { $0.value == .boolean(true) }?.os.from : nil
        return facts.first { fact in
            guard fact.value == .boolean(false), fact.os.overlaps(range) else { return false }
            if let introduction, let until = fact.os.until, !(introduction < until) { return false }
            return true
        }
    }

    /// The first claim behind a fact, for a note.
    static func note(for fact: Fact, merge: MergeResult, saying text: String) -> [DiagnosticNote] {
        guard let reference = fact.firstClaim, let claim = merge.claimsByReference[reference] else { return [] }
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
