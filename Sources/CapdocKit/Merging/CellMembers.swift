/// The claims of every fact cell, in claim order.
///
/// A claim about every subject of its kind (`all`, or a kind without subjects) is kept once per
/// platform and level that it covers, not once per cell: the cells of each subject share it. Claims
/// that name their subjects are kept per cell. So a claim about all 20,000 services costs a few
/// entries, not 20,000 times its platforms and levels.
struct CellMembers: Sendable {
    private let cells: CellIndex
    /// By cell: the claims that name the cell's subject.
    private let named: ClaimRows
    /// By kind × platform × level (`generalRow`): the claims about every subject.
    private let general: ClaimRows

    init(claims: [Claim], cells: CellIndex, equivalent: EquivalentLevels) {
        self.cells = cells
        let coverage = Coverage(cells: cells, equivalent: equivalent)
        // What each claim covers is worked out on every core, run by run; the runs are then laid out by cell.
        let runs = parallelRuns(claims.count) { run in
            var covered = Covered()
            for (index, claim) in zip(run, claims[run]) {
                coverage.append(claim.fact, claim.scope, flowKey: claim.fact.isFlow ? claim.flowKey : nil, claim: Int32(index), to: &covered)
            }
            return covered
        }
        named = ClaimRows(count: cells.count, rows: runs.flatMap(\.namedCells), claims: runs.flatMap(\.namedClaims))
        general = ClaimRows(count: coverage.generalRowCount, rows: runs.flatMap(\.generalRows), claims: runs.flatMap(\.generalClaims))
    }

    /// The claims of a cell that name its subject, in claim order.
    func named(_ cell: Int) -> ArraySlice<Int32> { named[cell] }

    /// The claims about every subject, for a `CellIndex.generalRow`, in claim order.
    func general(_ row: Int) -> ArraySlice<Int32> { general[row] }

    /// Two lists of claims in claim order, as one.
    static func merge(_ first: ArraySlice<Int32>, _ second: ArraySlice<Int32>, into list: inout [Int32]) {
        var one = first.startIndex, other = second.startIndex
        while one < first.endIndex, other < second.endIndex {
            if second[other] < first[one] {
                list.append(second[other])
                other += 1
            } else {
                list.append(first[one])
                one += 1
            }
        }
        list.append(contentsOf: first[one...])
        list.append(contentsOf: second[other...])
    }
}

/// Claims by row in two flat arrays — the claims of row r are `claims[starts[r] ..< starts[r + 1]]`,
/// in claim order — so that many rows do not allocate one array each.
private struct ClaimRows: Sendable {
    private let starts: [Int32]
    private let claims: [Int32]

    /// `rows[i]` holds `claims[i]`; both in claim order. Laid out by row with a counting sort, which keeps that order.
    init(count: Int, rows: [Int32], claims: [Int32]) {
        var starts = [Int32](repeating: 0, count: count + 1)
        for row in rows { starts[Int(row) + 1] += 1 }
        for row in 0..<count { starts[row + 1] += starts[row] }
        var laidOut = [Int32](repeating: 0, count: claims.count)
        var fill = starts
        for (row, claim) in zip(rows, claims) {
            laidOut[Int(fill[Int(row)])] = claim
            fill[Int(row)] += 1
        }
        self.starts = starts
        self.claims = laidOut
    }

    subscript(row: Int) -> ArraySlice<Int32> { claims[Int(starts[row])..<Int(starts[row + 1])] }
}

/// Cells (or general rows) and the claims that cover them, side by side, in claim order.
struct Covered: Sendable {
    var namedCells: [Int32] = [], namedClaims: [Int32] = []
    var generalRows: [Int32] = [], generalClaims: [Int32] = []
}

/// What a claim covers: each subject, platform and level it names (every one for `all`, or when it
/// is silent), leaving out ids the vocabulary lacks (reported by the unknown-id check).
struct Coverage: Sendable {
    let cells: CellIndex
    let everyPlatform: [Int]
    let everyLevel: [Int]
    /// Where a claim about one level covers every level (see `EquivalentLevels`).
    let equivalent: EquivalentLevels
    var generalRowCount: Int { cells.generalRow(kind: FactKind.allCases.count, platform: 0, level: 0) }

    init(cells: CellIndex, equivalent: EquivalentLevels) {
        self.cells = cells
        self.equivalent = equivalent
        everyPlatform = Array(cells.platforms.indices)
        everyLevel = Array(cells.levels.indices)
    }

    /// Appends the cells a claim names a subject of, or the general rows of a claim about every subject.
    func append(_ kind: FactKind, _ scope: ClaimScope, flowKey: String?, claim: Int32, to covered: inout Covered) {
        let ordinal = kind.ordinal
        let platforms = positions(scope.platforms, in: cells.platformPositions, every: everyPlatform)
        let levels = kind.takesLevels ? positions(scope.levels, in: cells.levelPositions, every: everyLevel) : [0]
        // On a platform whose levels are equivalent, a claim about some levels covers them all.
        func levelsCovered(on platform: Int) -> [Int] { kind.takesLevels && equivalent.platforms[platform] ? everyLevel : levels }
        var subjects: [Int] = []
        if kind.isFlow {
            if let flowKey, let position = cells.subjectPositions(kind)[flowKey] { subjects = [position] }
        } else if case let .named(ids) = scope.subjects {
            let subjectPositions = cells.subjectPositions(kind)
            subjects = ids.compactMap { subjectPositions[$0.value] }
        } else {
            for platform in platforms {
                for level in levelsCovered(on: platform) {
                    covered.generalRows.append(Int32(cells.generalRow(kind: ordinal, platform: platform, level: level)))
                    covered.generalClaims.append(claim)
                }
            }
            return
        }
        for subject in subjects {
            for platform in platforms {
                for level in levelsCovered(on: platform) {
                    covered.namedCells.append(
                        Int32(cells.index(kind: ordinal, takesLevels: kind.takesLevels, subject: subject, platform: platform, level: level)))
                    covered.namedClaims.append(claim)
                }
            }
        }
    }

    private func positions(_ selection: Selection, in positions: IDTable, every: [Int]) -> [Int] {
        switch selection {
        case .silent, .all: every
        case let .named(ids): ids.compactMap { positions[$0.value] }
        }
    }
}
