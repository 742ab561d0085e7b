import Foundation

/// Merges claims into facts and finds contradictions.
///
/// Claims are grouped per fact cell (kind × subject × platform × level) — never compared pair by pair
/// across the whole model — so that merging stays linear in the number of claims and the cells they
/// cover. Inside a cell, the OS versions are cut into segments at every claim's bounds; in each
/// segment the narrowest claims win (see `Specificity`), and narrowest claims that disagree are a
/// contradiction, unless an adjudication rules on them.
enum Merger {
    /// Merges every cell; with `memory` (`capdoc serve`), only the cells an edit changed since the
    /// last merge it remembers, when it may (`IncrementalMerge`): the result is the same.
    static func merge(_ model: ContentModel, memory: MergeMemory? = nil) -> MergeResult {
        let tables = MergeTables(model)
        if let memory, let previous = memory.previous,
            let (result, added, mergedCells) = IncrementalMerge.merge(tables, model: model, after: previous)
        {
            memory.remember(model, tables, result, added, mergedCells: mergedCells, incremental: true)
            return result
        }
        let (result, added) = mergeEveryCell(tables)
        memory?.remember(model, tables, result, added, mergedCells: tables.cells.count, incremental: false)
        return result
    }

    /// Merges every cell; also gives the contradictions' segments as added (`MergeMemory`).
    private static func mergeEveryCell(_ tables: MergeTables) -> (MergeResult, [ContradictionCollector.Added]) {
        let (claims, cells, columns, members) = (tables.claims, tables.cells, tables.columns, tables.members)
        // Cells are independent: rows of cells (one kind × subject each) are merged in runs on every
        // core, and the runs' results joined in cell order, so the output does not depend on timing.
        // The table of claims by reference is built beside them, as one more task.
        var rows: [(kind: FactKind, subject: Int)] = []
        for kind in FactKind.allCases {
            for subject in cells.subjects(kind).indices { rows.append((kind, subject)) }
        }
        let runCount = min(rows.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let cellRows = rows
        let work = parallelMap(runCount + 1) { task -> MergeWork in
            guard task > 0 else { return .references(ClaimsByReference(claims: claims, references: columns.references)) }
            let run = (cellRows.count * (task - 1) / runCount)..<(cellRows.count * task / runCount)
            var merger = tables.cellMerger()
            let counts = merge(cellRows[run], cells: cells, members: members, into: &merger)
            return .cells(merger, counts: counts)
        }
        var claimsByReference: ClaimsByReference?
        var runs: [(merger: CellMerger, counts: [Int32])] = []
        for result in work {
            switch result {
            case let .references(table): claimsByReference = table
            case let .cells(merger, counts): runs.append((merger, counts))
            }
        }
        let facts = FactStore.join(runs.map(\.merger.facts))
        var cellStarts = [Int32](repeating: 0, count: cells.count + 1)
        var contradictions = ContradictionCollector()
        var used = Set<String>()
        var cell = 0
        for run in runs {
            for count in run.counts {
                cellStarts[cell + 1] = cellStarts[cell] + count
                cell += 1
            }
            contradictions.absorb(run.merger.contradictions)
            used.formUnion(run.merger.used)
        }
        let result = MergeResult(
            facts: facts, cells: cells, cellStarts: cellStarts,
            contradictions: contradictions.result(references: columns.references, cells: cells),
            usedAdjudications: used, claimsByReference: claimsByReference!)
        return (result, contradictions.added)
    }

    /// What the tasks of the merge hand back.
    private enum MergeWork: Sendable {
        case cells(CellMerger, counts: [Int32])
        case references(ClaimsByReference)
    }

    /// Merges the cells of some rows, in cell order; returns how many facts each cell has.
    private static func merge(
        _ rows: ArraySlice<(kind: FactKind, subject: Int)>, cells: CellIndex, members: CellMembers,
        into merger: inout CellMerger
    ) -> [Int32] {
        var counts: [Int32] = []
        for (kind, subject) in rows {
            let subjectID = cells.subjects(kind)[subject]
            var cell = cells.index(kind: kind.ordinal, takesLevels: kind.takesLevels, subject: subject, platform: 0, level: 0)
            for platform in cells.platforms.indices {
                let generalRow = cells.generalRow(kind: kind.ordinal, platform: platform, level: 0)
                for level in 0..<cells.levelCount(kind) {
                    let before = merger.facts.count
                    merger.merge(
                        CellMerger.Cell(
                            address: .init(kind: kind, subject: subject, platform: platform, level: kind.takesLevels ? level : nil),
                            subject: subjectID, platform: cells.platforms[platform],
                            level: kind.takesLevels ? cells.levels[level] : nil),
                        named: members.named(cell), general: members.general(generalRow + level))
                    counts.append(Int32(merger.facts.count - before))
                    cell += 1
                }
            }
        }
        return counts
    }

    /// The claim numbers of the references that adjudications name (the last claim, should two share one).
    static func claimIndex(namedBy adjudications: [Adjudication], references: [String]) -> [String: Int] {
        let named = Set(adjudications.flatMap { [$0.prevails.value] + $0.over.map(\.value) })
        var index: [String: Int] = [:]
        guard !named.isEmpty else { return index }
        for run in parallelRuns(references.count, { run in run.filter { named.contains(references[$0]) } }) {
            for claim in run { index[references[claim]] = claim }
        }
        return index
    }

    /// Every OS version that bounds a claim or an adjudication.
    static func bounds(of claims: [Claim], _ adjudications: [Adjudication]) -> [Version] {
        var bounds: [Version] = []
        for claim in claims {
            if let from = claim.scope.os.from { bounds.append(from) }
            if let until = claim.scope.os.until { bounds.append(until) }
        }
        for adjudication in adjudications { bounds += [adjudication.os.from, adjudication.os.until].compactMap { $0 } }
        return bounds
    }

    /// OS segments cut at every bound of some ranges and at `extraBounds` (the matrix cuts its rows so).
    /// The ranges between bounds already gathered: from before the first to after the last (`.all`
    /// without bounds). What a timeline walks, once per answer asked.
    static func segments(between bounds: VersionBounds) -> [VersionRange] {
        guard !bounds.isEmpty else { return [.all] }
        let sorted = bounds.sorted
        var result: [VersionRange] = []
        result.reserveCapacity(sorted.count + 1)
        result.append(VersionRange(from: nil, until: sorted[0]))
        for index in 1..<sorted.count { result.append(VersionRange(from: sorted[index - 1], until: sorted[index])) }
        result.append(VersionRange(from: sorted[sorted.count - 1], until: nil))
        return result
    }

    static func segments(of group: [Int], ranges: [VersionRange], extraBounds: [Version]) -> [VersionRange] {
        if extraBounds.isEmpty, group.allSatisfy({ ranges[$0].isUnbounded }) { return [.all] }
        var bounds = VersionBounds(extraBounds)
        for index in group {
            if let from = ranges[index].from { bounds.insert(from) }
            if let until = ranges[index].until { bounds.insert(until) }
        }
        if bounds.isEmpty { return [.all] }
        let sorted = bounds.sorted
        var result = [VersionRange(from: nil, until: sorted[0])]
        for (lower, upper) in zip(sorted, sorted.dropFirst()) { result.append(VersionRange(from: lower, until: upper)) }
        result.append(VersionRange(from: sorted.last!, until: nil))
        return result
    }

    /// Subjects that come from the claims: note topics, and the state × trigger × choice of flow facts.
    static func freeSubjects(of claims: [Claim]) -> [FactKind: [String]] {
        var freeSubjects: [FactKind: [String]] = [:]
        var seen: [FactKind: Set<String>] = [:]
        for claim in claims where claim.fact.hasFreeTopic || claim.fact.isFlow {
            guard let subject = claim.topic ?? claim.flowKey else { continue }
            if seen[claim.fact, default: []].insert(subject).inserted { freeSubjects[claim.fact, default: []].append(subject) }
        }
        return freeSubjects
    }
}
