import Foundation

/// Merges again only the cells an edit changed (`DirtyCells`), and keeps every other cell's facts
/// and contradictions from the earlier merge (`MergeMemory`): `capdoc serve` after a one-claim edit
/// merges a few cells instead of every one of 20,000 services.
///
/// The result is the merge of every cell's (`IncrementalMergeTests` compares them after random
/// edits). It merges incrementally only when what every cell reads beside its claims is as before:
/// - the same cells, numbered alike (platforms, levels, subjects; note topics and flow keys, which
///   come from the claims, in the same order), the same equivalent levels and first versions — a
///   change to the vocabulary, the domain or a `levels-equivalent` claim merges every cell;
/// - every unchanged claim keeps its number (facts and contradictions cite claims by number): an
///   edit that adds or removes claims before others merges every cell.
/// A changed adjudication (added, removed or edited) counts the claims it names as changed: a
/// ruling decides only in cells where its prevailing claim is among the narrowest. The claims and
/// rulings are read whole each time (`MergeTables`); only the cells are merged by need.
enum IncrementalMerge {
    /// The merge of `model`, its contradictions' segments and how many cells it merged; nil when it
    /// must merge every cell.
    static func merge(
        _ tables: MergeTables, model: ContentModel, after previous: MergeMemory.Previous
    ) -> (MergeResult, [ContradictionCollector.Added], mergedCells: Int)? {
        let cells = tables.cells
        guard cells.numbersCellsAs(previous.cells), tables.equivalent.platforms == previous.equivalent.platforms,
            tables.firstVersions == previous.firstVersions
        else { return nil }
        let changes = ClaimChanges(from: previous.sources, to: model.sources)
        guard changes.keepsNumbers else { return nil }
        var dirty = DirtyCells(cellCount: cells.count)
        let coverage = Coverage(cells: cells, equivalent: tables.equivalent)
        dirty.mark(changes.before, of: previous.claims, coverage: coverage)
        dirty.mark(changes.after, of: tables.claims, coverage: coverage)
        if previous.adjudications != model.adjudications {
            let named = namedReferences(of: Set(previous.adjudications).symmetricDifference(model.adjudications))
            dirty.mark(numbers(of: previous.claims, named), of: previous.claims, coverage: coverage)
            dirty.mark(
                tables.columns.references.indices.filter { named.contains(tables.columns.references[$0]) }.map(Int32.init), of: tables.claims,
                coverage: coverage)
        }
        dirty.finish()

        let merged = mergeCells(dirty.cells, tables)
        let (facts, cellStarts) = join(previous, kept: dirty, merged: merged.facts, counts: merged.counts, cellCount: cells.count)
        let added = ordered(previous.contradictions.filter { !dirty.isDirty[cells.index(of: $0.address)] }, merged.contradictions.added, cells: cells)
        let contradictions = ContradictionCollector.replaying(added)
        let result = MergeResult(
            facts: facts, cells: cells, cellStarts: cellStarts,
            contradictions: contradictions.result(references: tables.columns.references, cells: cells),
            usedAdjudications: contradictions.usedAdjudications, claimsByReference: merged.claimsByReference)
        return (result, added, dirty.cells.count)
    }

    /// The references that some of these adjudications name, prevailing or overruled.
    private static func namedReferences(of adjudications: Set<Adjudication>) -> Set<String> {
        Set(adjudications.flatMap { [$0.prevails.value] + $0.over.map(\.value) })
    }

    /// The numbers of the claims whose reference is among `references`.
    private static func numbers(of claims: [Claim], _ references: Set<String>) -> [Int32] {
        claims.indices.filter { references.contains(claims[$0].reference) }.map(Int32.init)
    }

    /// Merges the cells (in cell order) in runs on every core, as the merge of every cell does;
    /// builds the table of claims by reference beside them.
    private static func mergeCells(
        _ dirty: [Int], _ tables: MergeTables
    ) -> (facts: [Fact], counts: [Int32], contradictions: ContradictionCollector, claimsByReference: ClaimsByReference) {
        let runCount = max(1, min(dirty.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        let work = parallelMap(runCount + 1) { task -> Work in
            guard task > 0 else { return .references(ClaimsByReference(claims: tables.claims, references: tables.columns.references)) }
            var merger = tables.cellMerger()
            var counts: [Int32] = []
            for cell in dirty[(dirty.count * (task - 1) / runCount)..<(dirty.count * task / runCount)] {
                let before = merger.facts.count
                tables.merge(cell: cell, into: &merger)
                counts.append(Int32(merger.facts.count - before))
            }
            return .cells(merger, counts: counts)
        }
        var claimsByReference: ClaimsByReference?
        var mergers: [CellMerger] = []
        var counts: [Int32] = []
        var contradictions = ContradictionCollector()
        for result in work {
            switch result {
            case let .references(table): claimsByReference = table
            case let .cells(merger, runCounts):
                mergers.append(merger)
                counts += runCounts
                contradictions.absorb(merger.contradictions)
            }
        }
        return (FactStore.join(mergers.map(\.facts)), counts, contradictions, claimsByReference!)
    }

    private enum Work: Sendable {
        case cells(CellMerger, counts: [Int32])
        case references(ClaimsByReference)
    }

    /// The facts of every cell in cell order — the earlier merge's for a kept cell, `merged`'s for a
    /// merged one (`counts[i]` facts for the i-th) — and where each cell's begin.
    private static func join(
        _ previous: MergeMemory.Previous, kept dirty: DirtyCells, merged: [Fact], counts: [Int32], cellCount: Int
    ) -> ([Fact], [Int32]) {
        var facts: [Fact] = []
        facts.reserveCapacity(previous.facts.count + merged.count)
        var starts = [Int32](repeating: 0, count: cellCount + 1)
        var cell = 0, next = 0, mergedStart = 0
        while cell < cellCount {
            if next < dirty.cells.count, dirty.cells[next] == cell {
                let count = Int(counts[next])
                facts += merged[mergedStart..<mergedStart + count]
                mergedStart += count
                next += 1
                starts[cell + 1] = Int32(facts.count)
                cell += 1
                continue
            }
            // The kept cells up to the next merged one, copied as one run.
            let end = next < dirty.cells.count ? dirty.cells[next] : cellCount
            let offset = Int32(facts.count) - previous.cellStarts[cell]
            facts += previous.facts[Int(previous.cellStarts[cell])..<Int(previous.cellStarts[end])]
            for kept in cell..<end { starts[kept + 1] = previous.cellStarts[kept + 1] + offset }
            cell = end
        }
        return (facts, starts)
    }

    /// Two lists of segments, each in cell order and of different cells, as one in cell order.
    private static func ordered(
        _ kept: [ContradictionCollector.Added], _ merged: [ContradictionCollector.Added], cells: CellIndex
    ) -> [ContradictionCollector.Added] {
        var result: [ContradictionCollector.Added] = []
        result.reserveCapacity(kept.count + merged.count)
        var one = 0, other = 0
        while one < kept.count, other < merged.count {
            if cells.index(of: merged[other].address) < cells.index(of: kept[one].address) {
                result.append(merged[other])
                other += 1
            } else {
                result.append(kept[one])
                one += 1
            }
        }
        result += kept[one...]
        result += merged[other...]
        return result
    }
}
