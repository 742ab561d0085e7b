/// Claims that overlap, neither refining the other, and disagree — with no adjudication.
public enum ContradictionCheck: Check {
    public static let id = "contradiction"
    public static let summary = "Two sources state different values for the same fact, and no adjudication rules on it."
    public static let documentation = """
    Claims merge per fact (kind, subject, platform, level, OS versions). A narrower claim refines a wider \
    one; claims that overlap with neither narrower and with different values contradict each other. \
    Each claim of the contradiction gets an error, with notes at the others. Decide which source is right \
    and record it in `adjudications.yaml` with `prevails`, `over` and the `reason`; the outputs then show \
    the contradiction and the ruling.
    """

    /// How many other claims one diagnostic names.
    static let listed = 5

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let vocabulary = context.model.vocabulary
        for contradiction in context.merge.contradictions where contradiction.adjudication == nil {
            let claims = contradiction.claims.compactMap { context.merge.claimsByReference[$0] }
            let scope = ScopeWording.describe(contradiction, vocabulary: vocabulary)
            for claim in claims {
                let others = claims.filter { $0.reference != claim.reference }
                let disagreeing = others.filter { $0.value.value != claim.value.value }
                // Each claim gets an error, so what each lists is capped: the output stays proportionate
                // to the claims, not to their square, when many sources disagree at once.
                var otherText = disagreeing.prefix(Self.listed).map { "'\($0.reference)' says \($0.value.value.display)" }.joined(separator: " and ")
                if disagreeing.count > Self.listed { otherText += " and \(disagreeing.count - Self.listed) more claims" }
                let message = "contradiction on \(contradiction.kind.rawValue) \(scope): this claim says \(claim.value.value.display), but \(otherText); adjudicate it in adjudications.yaml"
                var notes = others.prefix(Self.listed).map { DiagnosticNote("'\($0.reference)' says \($0.value.value.display) here", at: $0.location) }
                if others.count > Self.listed, let last = others.last {
                    notes.append(DiagnosticNote("and \(others.count - Self.listed) more claims, the last of them here", at: last.location))
                }
                diagnostics.append(Diagnostic(.error, message, at: claim.location, check: Self.id, notes: notes))
            }
        }
        return diagnostics
    }
}

/// Words for where a contradiction lies: "for visits under when-in-use on every platform (all versions)".
enum ScopeWording {
    static func describe(_ contradiction: Contradiction, vocabulary: Vocabulary) -> String {
        var parts: [String] = []
        if contradiction.kind.isFlow {
            parts.append(contradiction.subjects.map(FlowKey.describe).joined(separator: "; "))
        } else if let subjectKind = contradiction.kind.subjectKind {
            parts.append("for " + list(contradiction.subjects, every: vocabulary.ids(subjectKind), noun: subjectKind.plural))
        }
        if !contradiction.levels.isEmpty {
            parts.append("under " + list(contradiction.levels, every: vocabulary.ids(.level), noun: "levels"))
        }
        // Platforms that conflict over the same versions are named together: "on ios (13.0 and later), on tvos, watchos".
        var groups: [(platforms: [String], ranges: [VersionRange])] = []
        for platform in contradiction.platforms {
            let ranges = contradiction.ranges[platform] ?? []
            if let index = groups.firstIndex(where: { $0.ranges == ranges }) {
                groups[index].platforms.append(platform)
            } else {
                groups.append(([platform], ranges))
            }
        }
        let places = groups.map { group -> String in
            let versions = group.ranges == [.all] ? "" : " (" + group.ranges.map(\.description).joined(separator: ", ") + ")"
            return "on " + list(group.platforms, every: vocabulary.ids(.platform), noun: "platforms") + versions
        }
        return (parts + [places.joined(separator: ", ")]).joined(separator: " ")
    }

    static func list(_ ids: [String], every universe: [String], noun: String) -> String {
        if ids.count == universe.count, universe.count > 1 { return "every one of the \(universe.count) \(noun)" }
        return ids.joined(separator: ", ")
    }
}
