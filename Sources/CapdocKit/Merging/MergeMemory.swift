import Foundation

/// The last merge, kept between checks by `capdoc serve`, so that the next merges again only the
/// cells an edit changed (`IncrementalMerge`).
public final class MergeMemory: @unchecked Sendable {
    /// What the next merge compares its model with, and the facts it may keep.
    struct Previous: Sendable {
        var sources: [Source]
        /// The sources' claims, in order (the model's `claims`).
        var claims: [Claim]
        var adjudications: [Adjudication]
        var cells: CellIndex
        var equivalent: EquivalentLevels
        var firstVersions: [Version?]
        var facts: [Fact]
        var cellStarts: [Int32]
        /// Every segment where claims disagreed, in cell order.
        var contradictions: [ContradictionCollector.Added]
    }

    private let lock = NSLock()
    private var kept: Previous?
    /// Merges since the memory was made, of only the changed cells and of every cell: for the tests and the timings.
    public private(set) var incrementalCount = 0
    public private(set) var fullCount = 0
    /// How many cells the last merge merged (all of them, when it was not incremental).
    public private(set) var lastMergedCells = 0

    public init() {}

    var previous: Previous? { lock.withLock { kept } }

    func remember(
        _ model: ContentModel, _ tables: MergeTables, _ result: MergeResult, _ contradictions: [ContradictionCollector.Added], mergedCells: Int,
        incremental: Bool
    ) {
        lock.withLock {
            kept = Previous(
                sources: model.sources, claims: model.claims, adjudications: model.adjudications, cells: tables.cells, equivalent: tables.equivalent,
                firstVersions: tables.firstVersions, facts: result.facts, cellStarts: result.cellStarts, contradictions: contradictions)
            if incremental { incrementalCount += 1 } else { fullCount += 1 }
            lastMergedCells = mergedCells
        }
    }
}
