/// The fact cells an edit may have changed: every cell that a changed claim covers, in the load
/// before the edit or after it. The facts of any other cell are those of the earlier merge.
///
/// Why that is enough: a cell's facts and contradictions are worked out from the claims covering it
/// (their values, ranges, scopes, references and sources, in claim order), the platform's first
/// version, and the rulings whose prevailing claim is among them; nothing else. `IncrementalMerge`
/// merges again only when the rest is the same (cells, equivalent levels, first versions), and adds
/// the claims a changed adjudication names to the changed ones.
struct DirtyCells {
    /// The cells, in cell order.
    private(set) var cells: [Int] = []
    /// By cell: whether it is to be merged again.
    private(set) var isDirty: [Bool]

    init(cellCount: Int) {
        isDirty = [Bool](repeating: false, count: cellCount)
    }

    /// Marks the cells that the claims numbered `changed` of `claims` cover.
    mutating func mark(_ changed: [Int32], of claims: [Claim], coverage: Coverage) {
        var covered = Covered()
        for number in changed {
            let claim = claims[Int(number)]
            coverage.append(claim.fact, claim.scope, flowKey: claim.fact.isFlow ? claim.flowKey : nil, claim: number, to: &covered)
        }
        for cell in covered.namedCells { isDirty[Int(cell)] = true }
        // A claim about every subject covers its platform and level in every subject's cell.
        let cells = coverage.cells
        let levelRows = max(cells.levels.count, 1)
        for row in Set(covered.generalRows) {
            let level = Int(row) % levelRows
            let platform = Int(row) / levelRows % cells.platforms.count
            let kind = FactKind.allCases[Int(row) / levelRows / cells.platforms.count]
            for subject in cells.subjects(kind).indices {
                isDirty[cells.index(kind: kind.ordinal, takesLevels: kind.takesLevels, subject: subject, platform: platform, level: level)] = true
            }
        }
    }

    /// Ends the marking: lists the cells in order.
    mutating func finish() {
        cells = isDirty.indices.filter { isDirty[$0] }
    }
}
