/// A service answers differently under two access levels on a platform where a source says the
/// levels are functionally equivalent.
enum EquivalentLevelsDifferCheck: Check {
    public static let id = CheckID.equivalentLevelsDiffer
    public static let summary = "A service answers differently under access levels that a source says are equivalent on the platform."
    static let documentation = """
    A `levels-equivalent` claim says that on its platforms (and versions) every access level behaves \
    the same: on macOS, When In Use and Always are functionally equivalent. Where the equivalence holds \
    for every version, a claim about one level already speaks for the others (the merge gives each \
    level the claims of all, so sources that disagree meet as a `contradiction` to adjudicate). What \
    can still differ is reported here: an answer closed by a gate for one level only (the level is not \
    offered there), or answers inside an equivalence limited to some versions. Fix the claim whose \
    scope is too wide, or the equivalence.
    """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        let levels = vocabulary.ids(.level)
        guard levels.count > 1 else { return [] }
        let gated = GatedFacts(merge: context.merge, model: context.model)
        var diagnostics: [Diagnostic] = []
        for equivalence in context.merge.facts(of: .levelsEquivalent) where equivalence.value == .boolean(true) {
            let platform = equivalence.platform
            for kind in FactKind.allCases where kind.takesLevels && vocabulary.domain.has(kind) {
                for service in vocabulary.ids(.service) {
                    let timelines = levels.map { gated.timeline(kind, subject: service, platform: platform, level: $0) }
                    guard let difference = firstDifference(timelines, within: equivalence.os) else { continue }
                    diagnostics.append(diagnostic(kind: kind, service: service, platform: platform, levels: levels,
                                                  difference: difference, equivalence: equivalence, merge: context.merge))
                }
            }
        }
        return diagnostics
    }

    /// Where the first level's timeline and another's give different decided answers inside the
    /// equivalence's range: the other level's position, and the two segments there.
    private static func firstDifference(_ timelines: [[GatedFacts.Segment]], within range: VersionRange)
        -> (other: Int, first: GatedFacts.Segment, second: GatedFacts.Segment)? {
        for other in timelines.indices.dropFirst() {
            for segment in timelines[0] where segment.os.overlaps(range) && segment.answer != .unknown {
                for candidate in timelines[other] where candidate.os.overlaps(segment.os.intersection(range))
                    && candidate.answer != .unknown && candidate.answer != segment.answer {
                    return (other, segment, candidate)
                }
            }
        }
        return nil
    }

    private static func diagnostic(kind: FactKind, service: String, platform: String, levels: [String],
                                   difference: (other: Int, first: GatedFacts.Segment, second: GatedFacts.Segment),
                                   equivalence: Fact, merge: MergeResult) -> Diagnostic {
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
        return Diagnostic(.error, "\(kind.rawValue) for \(service) on \(platform)\(versions) is '\(one.answer.id)' under \(firstLevel) but '\(other.answer.id)' under \(otherLevel), where this claim says the levels are equivalent",
                          at: location, check: id, notes: notes)
    }
}
