import Foundation

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

        // Columns of what the inner loop reads, computed once: no Claim is copied and no
        // `source#claim` string is built per fact.
        let columns = ClaimColumns(claims: claims, specificities: specificities)
        let references = columns.references
        var claimsByReference: [String: Claim] = [:]
        var claimIndexByReference: [String: Int] = [:]
        claimsByReference.reserveCapacity(claims.count)
        claimIndexByReference.reserveCapacity(claims.count)
        for (index, claim) in claims.enumerated() {
            claimsByReference[references[index]] = claim
            claimIndexByReference[references[index]] = index
        }
        let rulings = Ruling.prepare(model.adjudications, claimIndex: claimIndexByReference)

        // Group: every claim goes into each cell it covers, in compressed rows (count, offsets, fill),
        // so that a large matrix does not allocate one array per cell.
        let covered: [(subjects: [Int], platforms: [Int], levels: [Int])] = claims.map { claim in
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
            return (subjects, positions(claim.scope.platforms, in: cells.platformPositions, count: cells.platforms.count),
                    claim.fact.takesLevels ? positions(claim.scope.levels, in: cells.levelPositions, count: cells.levels.count) : [0])
        }
        var rowStarts = [Int32](repeating: 0, count: cells.count + 1)
        func forEachCell(of index: Int, _ body: (Int) -> Void) {
            let kind = claims[index].fact
            for subject in covered[index].subjects {
                for platform in covered[index].platforms {
                    for level in covered[index].levels { body(cells.index(kind: kind, subject: subject, platform: platform, level: level)) }
                }
            }
        }
        for index in claims.indices { forEachCell(of: index) { rowStarts[$0 + 1] += 1 } }
        for cell in 0..<cells.count { rowStarts[cell + 1] += rowStarts[cell] }
        var members = [Int32](repeating: 0, count: Int(rowStarts[cells.count]))
        var fill = rowStarts
        for index in claims.indices {
            forEachCell(of: index) { cell in
                members[Int(fill[cell])] = Int32(index)
                fill[cell] += 1
            }
        }

        // Cells are independent: rows of cells (one kind × subject each) are merged in chunks on every
        // core, and the chunks' results joined in cell order, so the output does not depend on timing.
        var rows: [(kind: FactKind, subject: String, firstCell: Int)] = []
        var nextCell = 0
        for kind in FactKind.allCases {
            for subject in cells.subjects[kind]! {
                rows.append((kind, subject, nextCell))
                nextCell += cells.platforms.count * cells.levelCount(kind)
            }
        }
        let chunkCount = rows.isEmpty ? 0 : min(rows.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let chunkRows = (0..<chunkCount).map { chunk in (rows.count * chunk / chunkCount)..<(rows.count * (chunk + 1) / chunkCount) }
        let memberRows = members
        let starts = rowStarts
        let cellRows = rows
        let chunks = parallelMap(chunkCount) { chunk -> MergeChunk in
            var result = MergeChunk()
            for row in cellRows[chunkRows[chunk]] {
                var cell = row.firstCell
                for platform in cells.platforms {
                    for level in row.kind.takesLevels ? cells.levels.map(Optional.some) : [nil] {
                        let group = memberRows[Int(starts[cell])..<Int(starts[cell + 1])].map(Int.init)
                        let before = result.facts.count
                        if !group.isEmpty {
                            mergeCell(kind: row.kind, subject: row.subject, platform: platform, level: level, group: group,
                                      columns: columns, rulings: rulings, into: &result)
                        }
                        result.counts.append(Int32(result.facts.count - before))
                        cell += 1
                    }
                }
            }
            return result
        }
        var facts: [Fact] = []
        facts.reserveCapacity(chunks.reduce(0) { $0 + $1.facts.count })
        var cellStarts = [Int32](repeating: 0, count: cells.count + 1)
        var contradictions = ContradictionCollector()
        var used = Set<String>()
        var cell = 0
        for chunk in chunks {
            facts += chunk.facts
            for count in chunk.counts {
                cellStarts[cell + 1] = cellStarts[cell] + count
                cell += 1
            }
            contradictions.absorb(chunk.contradictions)
            used.formUnion(chunk.used)
        }
        return MergeResult(facts: facts, cells: cells, cellStarts: cellStarts,
                           contradictions: contradictions.result(claims: claims, cells: cells),
                           usedAdjudications: used, claimsByReference: claimsByReference)
    }

    /// Merges one cell: cuts it into OS segments, finds the narrowest claims of each, applies rulings.
    private static func mergeCell(kind: FactKind, subject: String, platform: String, level: String?, group: [Int],
                                  columns: ClaimColumns, rulings: Ruling.Book, into result: inout MergeChunk) {
        let values = columns.values, ranges = columns.ranges, specificities = columns.specificities
        let address = (kind: kind, subject: subject, platform: platform, level: level)
        func fact(os: VersionRange, value: ClaimValue, claims indices: [Int], deciding: [Int], adjudication: String?) -> Fact {
            var sources: [String] = []
            for index in indices where !sources.contains(columns.sourceIDs[index]) { sources.append(columns.sourceIDs[index]) }
            return Fact(kind: kind, subject: subject, platform: platform, level: level, os: os, value: value,
                        claims: indices.map { columns.references[$0] }, deciding: deciding.map { columns.references[$0] },
                        sources: sources.sorted(), adjudication: adjudication)
        }
        if kind == .note {
            for index in group {
                result.facts.append(fact(os: ranges[index], value: values[index], claims: [index], deciding: [index], adjudication: nil))
            }
            return
        }
        var previous: Fact?
        for segment in segments(of: group, ranges: ranges, extraBounds: rulings.bounds(for: platform)) {
            let covering = group.filter { ranges[$0].contains(segment) }
            guard !covering.isEmpty else { continue }
            let narrowest = Specificity.narrowest(covering, specificities)
            var value = values[narrowest[0]]
            var adjudication: String?
            if narrowest.contains(where: { values[$0] != value }) {
                let ruling = rulings.ruling(for: narrowest, values: values, platform: platform, segment: segment)
                result.contradictions.add(kind: kind, claims: narrowest, adjudication: ruling?.id, address: address, segment: segment)
                guard let ruling else { continue }
                result.used.insert(ruling.id)
                value = values[ruling.prevails]
                adjudication = ruling.id
            }
            let agreeing = covering.filter { values[$0] == value }
            let deciding = narrowest.filter { values[$0] == value }
            let next = fact(os: segment, value: value, claims: agreeing, deciding: deciding, adjudication: adjudication)
            if var last = previous, last.value == next.value, last.claims == next.claims, last.deciding == next.deciding,
               last.adjudication == next.adjudication, last.os.until == segment.from {
                last.os.until = segment.until
                previous = last
                result.facts[result.facts.count - 1] = last
            } else {
                result.facts.append(next)
                previous = next
            }
        }
    }

    private static func positions(_ selection: Selection, in positions: [String: Int], count: Int) -> [Int] {
        switch selection {
        case .silent, .all: return Array(0..<count)
        case let .named(ids): return ids.compactMap { positions[$0.value] }
        }
    }

    /// The OS segments of a cell: cut at every bound of its claims (and of rulings on its platform).
    static func segments(of group: [Int], ranges: [VersionRange], extraBounds: [Version]) -> [VersionRange] {
        if extraBounds.isEmpty, group.allSatisfy({ ranges[$0].isUnbounded }) { return [.all] }
        var bounds = Set<Version>(extraBounds)
        for index in group {
            if let from = ranges[index].from { bounds.insert(from) }
            if let until = ranges[index].until { bounds.insert(until) }
        }
        if bounds.isEmpty { return [.all] }
        let sorted = bounds.sorted()
        var result = [VersionRange(from: nil, until: sorted[0])]
        for (lower, upper) in zip(sorted, sorted.dropFirst()) { result.append(VersionRange(from: lower, until: upper)) }
        result.append(VersionRange(from: sorted.last!, until: nil))
        return result
    }
}

/// What the merge reads of each claim, as columns: no Claim is copied and no `source#claim`
/// string is built in the inner loop.
struct ClaimColumns: Sendable {
    let references: [String]
    let sourceIDs: [String]
    let values: [ClaimValue]
    let ranges: [VersionRange]
    let specificities: [Specificity]

    init(claims: [Claim], specificities: [Specificity]) {
        references = claims.map(\.reference)
        sourceIDs = claims.map(\.sourceID)
        values = claims.map(\.value.value)
        ranges = claims.map(\.scope.os)
        self.specificities = specificities
    }
}

/// The merge of a run of cells: their facts in cell order, how many per cell, and what they found.
struct MergeChunk: Sendable {
    var facts: [Fact] = []
    var counts: [Int32] = []
    var contradictions = ContradictionCollector()
    var used = Set<String>()
}
