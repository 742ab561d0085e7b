/// A service answers differently under two access levels on a platform where a source says the
/// levels are functionally equivalent.
enum EquivalentLevelsDifferCheck: Check {
    public static let id = CheckID.equivalentLevelsDiffer
    public static let summary = "A service answers differently under access levels that a source says are equivalent on the platform."
    static let documentation = """
        A `levels-equivalent` claim says that on its platforms (and versions) every access level behaves \
        the same (the levels are functionally equivalent there). Where the equivalence holds \
        for every version, a claim about one level already speaks for the others (the merge gives each \
        level the claims of all, so sources that disagree meet as a `contradiction` to adjudicate). What \
        can still differ is reported here: a gate on the level itself that is open for one level and closed \
        for another (the platform does not offer one of them), or answers inside an equivalence limited to some \
        versions. Fix the claim whose scope is too wide, or the equivalence.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        let levels = vocabulary.ids(.level)
        guard levels.count > 1 else { return [] }
        let gated = GatedFacts(merge: context.merge, model: context.model)
        let pooled = EquivalentLevels(claims: context.model.claims, cells: context.merge.cells)
        let kinds = FactKind.allCases.filter { $0.takesLevels && vocabulary.domain.has($0) }
        var diagnostics: [Diagnostic] = []
        for equivalence in context.merge.facts(of: .levelsEquivalent) where equivalence.value == .boolean(true) {
            let platform = equivalence.platform
            if let position = context.merge.cells.platformPositions[platform], pooled.platforms[position] {
                // Every level's cell holds the same claims, and so does every cell a gate requires at the
                // same level: only a gate on the level itself (`subject: level`) can tell levels apart,
                // and it does so for every service alike, so it is compared once, not per service.
                let levelGates = kinds.flatMap { kind in gated.gates(of: kind).filter { $0.subject?.part == .level }.map { (kind, $0) } }
                var seen = Set<String>()
                for (kind, gate) in levelGates where seen.insert(gate.id.value).inserted {
                    let timelines = levels.compactMap { level in
                        gated.requiredCell(gate, kind: kind, subject: "", level: level).map {
                            gated.timeline(gate.requires, subject: $0.subject, platform: platform, level: $0.level)
                        }
                    }
                    guard timelines.count == levels.count else { continue }
                    guard let difference = firstDifference(timelines, within: equivalence.os) else { continue }
                    diagnostics.append(
                        diagnostic(
                            "gate '\(gate.id.value)' (\(gate.requires.rawValue)) on \(platform)", levels: levels,
                            difference: difference, equivalence: equivalence, merge: context.merge))
                }
                continue
            }
            for kind in kinds {
                for service in vocabulary.ids(.service) {
                    let timelines = levels.map { gated.timeline(kind, subject: service, platform: platform, level: $0) }
                    guard let difference = firstDifference(timelines, within: equivalence.os) else { continue }
                    diagnostics.append(
                        diagnostic(
                            "\(kind.rawValue) for \(service) on \(platform)", levels: levels,
                            difference: difference, equivalence: equivalence, merge: context.merge))
                }
            }
        }
        return diagnostics
    }

    /// Where the first level's timeline and another's give different decided answers inside the
    /// equivalence's range: the other level's position, and the two segments there.
    private static func firstDifference(_ timelines: [[GatedFacts.Segment]], within range: VersionRange)
        -> (other: Int, first: GatedFacts.Segment, second: GatedFacts.Segment)?
    {
        for other in timelines.indices.dropFirst() {
            for segment in timelines[0] where segment.os.overlaps(range) && segment.answer != .unknown {
                for candidate in timelines[other]
                where candidate.os.overlaps(segment.os.intersection(range))
                    && candidate.answer != .unknown && candidate.answer != segment.answer
                {
                    return (other, segment, candidate)
                }
            }
        }
        return nil
    }

    /// `what`: the answer that differs, as the message names it ("launches-terminated-app for visits on ios").
    private static func diagnostic(
        _ what: String, levels: [String], difference: (other: Int, first: GatedFacts.Segment, second: GatedFacts.Segment),
        equivalence: Fact, merge: MergeResult
    ) -> Diagnostic {
        let (one, other) = (difference.first, difference.second)
        let (firstLevel, otherLevel) = (levels[0], levels[difference.other])
        let overlap = one.os.intersection(other.os).intersection(equivalence.os)
        let versions = overlap.isUnbounded ? "" : " (\(overlap))"
        var notes: [DiagnosticNote] = []
        for (segment, level) in [(one, firstLevel), (other, otherLevel)] {
            guard let reference = segment.deciding.first ?? segment.claims.first, let claim = merge.claimsByReference[reference] else { continue }
            notes.append(DiagnosticNote("'\(reference)' decides '\(segment.answer.id)' under \(level)", at: claim.location))
        }
        let location = equivalence.claims.first.flatMap { merge.claimsByReference[$0]?.location } ?? .file("")
        return Diagnostic(
            .error,
            "\(what)\(versions) is '\(one.answer.id)' under \(firstLevel) but '\(other.answer.id)' under \(otherLevel), where this claim says the levels are equivalent",
            at: location, check: id, notes: notes)
    }
}
