/// Claims that overlap, neither refining the other, and disagree — with no adjudication.
enum ContradictionCheck: Check {
    public static let id = CheckID.contradiction
    public static let summary = "Two sources state different values for the same fact, and no adjudication rules on it."
    static let documentation = """
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
        for contradiction in context.merge.contradictions where contradiction.adjudication == nil && contradiction.gate == nil {
            let claims = contradiction.claims.compactMap { context.merge.claimsByReference[$0] }
            let scope = ScopeWording.describe(contradiction, vocabulary: vocabulary)
            // Computed once per contradiction, not once per claim: each claim's lists are the first few
            // claims other than itself, so a contradiction among k claims costs O(k), not O(k²).
            let head = Array(claims.prefix(Self.listed + 1))
            // The first few positions of each value, and how many claims hold it.
            var firstOfValue: [ClaimValue: [Int]] = [:]
            var countOfValue: [ClaimValue: Int] = [:]
            for (position, other) in claims.enumerated() {
                countOfValue[other.value.value, default: 0] += 1
                if firstOfValue[other.value.value, default: []].count < Self.listed { firstOfValue[other.value.value, default: []].append(position) }
            }
            for claim in claims {
                let value = claim.value.value
                // Each claim gets an error, so what each lists is capped: the output stays proportionate
                // to the claims, not to their square, when many sources disagree at once.
                let disagreeingCount = claims.count - countOfValue[value, default: 0]
                let disagreeing = firstOfValue.filter { $0.key != value }.values.flatMap { $0 }.sorted().prefix(Self.listed).map { claims[$0] }
                var otherText = disagreeing.map { "'\($0.reference)' says \($0.value.value.display)" }.joined(separator: " and ")
                if disagreeingCount > Self.listed { otherText += " and \(disagreeingCount - Self.listed) more claims" }
                let message =
                    "contradiction on \(contradiction.kind.rawValue) \(scope): this claim says \(value.display), but \(otherText); adjudicate it in adjudications.yaml"
                let others = head.filter { $0.reference != claim.reference }.prefix(Self.listed)
                var notes = others.map { DiagnosticNote("'\($0.reference)' says \($0.value.value.display) here", at: $0.location) }
                if claims.count - 1 > Self.listed, let last = claims.last(where: { $0.reference != claim.reference }) {
                    notes.append(DiagnosticNote("and \(claims.count - 1 - Self.listed) more claims, the last of them here", at: last.location))
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
