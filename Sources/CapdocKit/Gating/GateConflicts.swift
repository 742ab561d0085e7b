/// Claims that a gate contradicts: a claim that names its platforms and an OS range, and states a
/// positive value where a gate of its kind is closed by claims of another source. "visits works under
/// Always on iOS 7 to 9" while the visits API exists only from iOS 8 is such a case: the two sources
/// disagree about iOS 7, and a maintainer rules on it like on any contradiction.
///
/// Wide claims — silent or `all` platforms, or no OS range — are trimmed by the gates without a
/// word: "every service works under Always" does not claim a service exists where it does not.
enum GateConflicts {
    public struct Result: Sendable {
        public var contradictions: [Contradiction]
        var usedAdjudications: Set<String>
    }

    static func find(model: ContentModel, merge: MergeResult) -> Result {
        guard !model.gates.isEmpty else { return Result(contradictions: [], usedAdjudications: []) }
        let gated = GatedFacts(merge: merge, model: model)
        let vocabulary = model.vocabulary
        let gatedKinds = Set(model.gates.flatMap(\.gated))
        struct Key: Hashable {
            var claim: String
            var gate: String
            var gateClaims: [String]
        }
        var order: [Key] = []
        var found: [Key: (kind: FactKind, subjects: [String], platforms: [String], levels: [String], ranges: [String: [VersionRange]])] = [:]
        // The closed segments of a gate's cell, worked out once: thousands of claims on one cell, each
        // with an OS range of its own, asked for the same timeline each (issue 41.1).
        struct CellKey: Hashable {
            var gate: Int
            var kind: FactKind
            var subject: String
            var platform: String
            var level: String?
        }
        var closed: [CellKey: [GatedFacts.Segment]] = [:]
        for claim in model.claims where gatedKinds.contains(claim.fact) {
            guard case let .named(platformIDs) = claim.scope.platforms, !claim.scope.os.isUnbounded,
                claim.value.value != .boolean(false)
            else { continue }
            let subjects: [String] =
                if claim.fact.isFlow { claim.flowKey.map { [$0] } ?? [] } else if let kind = claim.fact.subjectKind {
                    claim.scope.subjects.resolve(in: vocabulary.ids(kind))
                } else { [""] }
            let levels: [String?] = claim.fact.takesLevels ? claim.scope.levels.resolve(in: vocabulary.ids(.level)) : [nil]
            for platform in platformIDs.map(\.value) where vocabulary.contains(.platform, platform) {
                for subject in subjects {
                    for level in levels {
                        for (gateIndex, gate) in gated.gates(of: claim.fact).enumerated() {
                            let cellKey = CellKey(gate: gateIndex, kind: claim.fact, subject: subject, platform: platform, level: level)
                            let segments =
                                closed[cellKey]
                                ?? gated.closedSegments(gate, kind: claim.fact, subject: subject, platform: platform, level: level)
                            closed[cellKey] = segments
                            for segment in segments where segment.os.overlaps(claim.scope.os) {
                                let gateClaims = segment.deciding
                                // A source that bounds its own claim is not contradicting itself.
                                guard !gateClaims.isEmpty,
                                    gateClaims.contains(where: { merge.claimsByReference[$0]?.sourceID != claim.sourceID })
                                else { continue }
                                let key = Key(claim: claim.reference, gate: gate.id.value, gateClaims: gateClaims)
                                if found[key] == nil { order.append(key); found[key] = (claim.fact, [], [], [], [:]) }
                                if !found[key]!.subjects.contains(subject) { found[key]!.subjects.append(subject) }
                                if !found[key]!.platforms.contains(platform) { found[key]!.platforms.append(platform) }
                                if let level, !found[key]!.levels.contains(level) { found[key]!.levels.append(level) }
                                let overlap = segment.os.intersection(claim.scope.os)
                                if !(found[key]!.ranges[platform]?.contains(overlap) ?? false) { found[key]!.ranges[platform, default: []].append(overlap) }
                            }
                        }
                    }
                }
            }
        }
        var used = Set<String>()
        let contradictions = order.map { key -> Contradiction in
            let entry = found[key]!
            let ruling = model.adjudications.first { adjudication in
                resolves(adjudication, gated: key.claim, gateClaims: key.gateClaims, platforms: entry.platforms, ranges: entry.ranges)
            }
            if let ruling { used.insert(ruling.id.value) }
            return Contradiction(
                kind: entry.kind, claims: [key.claim] + key.gateClaims, adjudication: ruling?.id.value, gate: key.gate,
                subjects: entry.subjects, platforms: vocabulary.ids(.platform).filter(entry.platforms.contains),
                levels: vocabulary.ids(.level).filter(entry.levels.contains), ranges: entry.ranges)
        }
        return Result(contradictions: contradictions, usedAdjudications: used)
    }

    /// Whether an adjudication rules between the gated claim and the claims that close its gate, everywhere they conflict.
    static func resolves(_ adjudication: Adjudication, gated: String, gateClaims: [String], platforms: [String], ranges: [String: [VersionRange]]) -> Bool {
        let over = Set(adjudication.over.map(\.value))
        let sides =
            adjudication.prevails.value == gated
            ? gateClaims.allSatisfy(over.contains)
            : gateClaims.contains(adjudication.prevails.value) && over.contains(gated)
        guard sides else { return false }
        if case let .named(ids) = adjudication.platforms, !platforms.allSatisfy({ platform in ids.contains { $0.value == platform } }) { return false }
        return ranges.values.allSatisfy { $0.allSatisfy(adjudication.os.contains) }
    }
}

extension GatedFacts {
    /// Where one gate of a cell is closed, over OS versions, with the facts that close it.
    func closedSegments(_ gate: Gate, kind: FactKind, subject: String, platform: String, level: String?) -> [Segment] {
        guard let required = requiredCell(gate, kind: kind, subject: subject, level: level) else { return [] }
        return timeline(gate.requires, subject: required.subject, platform: platform, level: required.level).filter { segment in
            switch segment.answer {
            case .value(.boolean(false)), .closed: true
            default: false
            }
        }
    }
}
