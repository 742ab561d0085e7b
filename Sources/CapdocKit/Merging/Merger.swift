/// Merges claims into facts and finds contradictions.
///
/// Claims are grouped per fact cell (kind × subject × platform × level) — never compared pair by pair
/// across the whole model — so that merging stays linear in the number of claims and the cells they
/// cover. Inside a cell, the OS versions are cut into segments at every claim's bounds; in each
/// segment the narrowest claims win (see `Specificity`), and narrowest claims that disagree are a
/// contradiction, unless an adjudication rules on them.
public enum Merger {
    public static func merge(_ model: ContentModel) -> MergeResult {
        let claims = model.claims
        let specificities = claims.map { Specificity($0.scope) }
        // Subjects that come from the claims: note topics, and the state × trigger × choice of flow facts.
        var freeSubjects: [FactKind: [String]] = [:]
        var seen: [FactKind: Set<String>] = [:]
        for claim in claims {
            guard let subject = claim.topic ?? claim.flowKey else { continue }
            if seen[claim.fact, default: []].insert(subject).inserted { freeSubjects[claim.fact, default: []].append(subject) }
        }
        let cells = CellIndex(vocabulary: model.vocabulary, freeSubjects: freeSubjects)

        var claimsByReference: [String: Claim] = [:]
        var claimIndexByReference: [String: Int] = [:]
        for (index, claim) in claims.enumerated() {
            claimsByReference[claim.reference] = claim
            claimIndexByReference[claim.reference] = index
        }
        let rulings = Ruling.prepare(model.adjudications, claimIndex: claimIndexByReference)

        // Group: every claim goes into each cell it covers.
        var members = [[Int32]](repeating: [], count: cells.count)
        for (index, claim) in claims.enumerated() {
            let subjectPositions = cells.subjectPositions[claim.fact]!
            let subjects: [Int]
            if claim.fact.isFlow {
                subjects = claim.flowKey.flatMap { subjectPositions[$0] }.map { [$0] } ?? []
            } else {
                subjects = switch claim.scope.subjects {
                case .silent, .all: Array(cells.subjects[claim.fact]!.indices)
                case let .named(ids): ids.compactMap { subjectPositions[$0.value] }
                }
            }
            let platforms = positions(claim.scope.platforms, in: cells.platforms)
            let levels = claim.fact.takesLevels ? positions(claim.scope.levels, in: cells.levels) : [0]
            for subject in subjects {
                for platform in platforms {
                    for level in levels {
                        members[cells.index(kind: claim.fact, subject: subject, platform: platform, level: level)].append(Int32(index))
                    }
                }
            }
        }

        var facts: [Fact] = []
        var contradictions = ContradictionCollector()
        var used = Set<String>()
        for cell in members.indices where !members[cell].isEmpty {
            let address = cells.address(of: cell)
            let group = members[cell].map(Int.init)
            if address.kind == .note {
                for index in group {
                    facts.append(fact(address, os: claims[index].scope.os, value: claims[index].value.value,
                                      claims: [index], deciding: [index], adjudication: nil, all: claims))
                }
                continue
            }
            var previous: Fact?
            for segment in segments(of: group, claims: claims, extraBounds: rulings.bounds(for: address.platform)) {
                let covering = group.filter { claims[$0].scope.os.contains(segment) }
                guard !covering.isEmpty else { continue }
                let narrowest = covering.filter { candidate in
                    !covering.contains { other in other != candidate && specificities[other].refines(specificities[candidate]) }
                }
                var value = claims[narrowest[0]].value.value
                var adjudication: String?
                if narrowest.contains(where: { claims[$0].value.value != value }) {
                    let ruling = rulings.ruling(for: narrowest, claims: claims, platform: address.platform, segment: segment)
                    contradictions.add(kind: address.kind, claims: narrowest, adjudication: ruling?.id, address: address, segment: segment)
                    guard let ruling else { continue }
                    used.insert(ruling.id)
                    value = claims[ruling.prevails].value.value
                    adjudication = ruling.id
                }
                let agreeing = covering.filter { claims[$0].value.value == value }
                let deciding = narrowest.filter { claims[$0].value.value == value }
                let next = fact(address, os: segment, value: value, claims: agreeing, deciding: deciding, adjudication: adjudication, all: claims)
                if var last = previous, last.value == next.value, last.claims == next.claims, last.deciding == next.deciding,
                   last.adjudication == next.adjudication,
                   last.os.until == segment.from {
                    last.os.until = segment.until
                    previous = last
                    facts[facts.count - 1] = last
                } else {
                    facts.append(next)
                    previous = next
                }
            }
        }
        return MergeResult(facts: facts, contradictions: contradictions.result(claims: claims, cells: cells),
                           usedAdjudications: used, claimsByReference: claimsByReference)
    }

    private static func positions(_ selection: Selection, in universe: [String]) -> [Int] {
        switch selection {
        case .silent, .all: return Array(universe.indices)
        case let .named(ids): return ids.compactMap { id in universe.firstIndex(of: id.value) }
        }
    }

    /// The OS segments of a cell: cut at every bound of its claims (and of rulings on its platform).
    static func segments(of group: [Int], claims: [Claim], extraBounds: [Version]) -> [VersionRange] {
        var bounds = Set<Version>(extraBounds)
        for index in group {
            if let from = claims[index].scope.os.from { bounds.insert(from) }
            if let until = claims[index].scope.os.until { bounds.insert(until) }
        }
        if bounds.isEmpty { return [.all] }
        let sorted = bounds.sorted()
        var result = [VersionRange(from: nil, until: sorted[0])]
        for (lower, upper) in zip(sorted, sorted.dropFirst()) { result.append(VersionRange(from: lower, until: upper)) }
        result.append(VersionRange(from: sorted.last!, until: nil))
        return result
    }

    private static func fact(_ address: (kind: FactKind, subject: String, platform: String, level: String?), os: VersionRange,
                             value: ClaimValue, claims indices: [Int], deciding: [Int], adjudication: String?, all claims: [Claim]) -> Fact {
        Fact(kind: address.kind, subject: address.subject, platform: address.platform, level: address.level, os: os, value: value,
             claims: indices.map { claims[$0].reference }, deciding: deciding.map { claims[$0].reference },
             sources: Array(Set(indices.map { claims[$0].sourceID })).sorted(), adjudication: adjudication)
    }
}
