/// Walks the OS segments of one fact cell — cut at every bound of its claims — and finds, in each
/// segment that a claim covers, the narrowest covering claims: those that no other covering claim
/// refines (see `Specificity`).
///
/// A small cell (nearly all of them) is compared claim by claim in each segment. A big one is swept:
/// claims enter and leave the covering set as the sweep crosses their bounds, and the narrowest are
/// read from trees of the covering claims instead of from all of them, so that a cell of k claims
/// costs O(k log k) plus what it reports — not O(k²), which a cell of a thousand nested ranges took.
///
/// One sweep serves many cells in turn and keeps its storage between them.
struct CellSweep {
    let columns: ClaimColumns
    /// Cells with more claims than this are swept with trees.
    let smallCell: Int

    /// The cell's claims, in claim order.
    private var claims: [Int32] = []
    /// The finite bounds of the claims, sorted and unique: segment s runs from cut s - 1 to cut s.
    private var cuts: [Int32] = []
    private var nextSegment = 0
    private var unboundedUntil: Int32 = 0
    /// Whether the cell is swept with trees (it has more than `smallCell` claims).
    private(set) var isBig = false
    private var small = SmallCell()
    private var big = BigCell()
    /// The cell's claims as one shared list, made when a fact first needs it (`shared`).
    private var sharedClaims: CellClaims?

    /// The current segment, as `VersionRanks`.
    private(set) var lower: Int32 = 0
    private(set) var upper: Int32 = 0
    /// The narrowest claims covering the current segment, in claim order.
    private(set) var narrowest: [Int32] = []

    init(columns: ClaimColumns, smallCell: Int = 16) {
        self.columns = columns
        self.smallCell = smallCell
    }

    /// Starts on a cell: its claims in two lists, each in claim order.
    mutating func start(_ named: ArraySlice<Int32>, _ general: ArraySlice<Int32>, unboundedUntil: Int32) {
        claims.removeAll(keepingCapacity: true)
        CellMembers.merge(named, general, into: &claims)
        self.unboundedUntil = unboundedUntil
        cuts.removeAll(keepingCapacity: true)
        for claim in claims {
            let from = columns.from[Int(claim)], until = columns.until[Int(claim)]
            if from != VersionRanks.unboundedFrom { cuts.append(from) }
            if until != unboundedUntil { cuts.append(until) }
        }
        if cuts.count > 1 {
            cuts.sort()
            var unique = 1
            for index in 1..<cuts.count where cuts[index] != cuts[unique - 1] {
                cuts[unique] = cuts[index]
                unique += 1
            }
            cuts.removeLast(cuts.count - unique)
        }
        nextSegment = 0
        sharedClaims = nil
        isBig = claims.count > smallCell
        if isBig { big.start(claims, columns: columns) }
    }

    /// Moves to the next segment that some claim covers; false when the cell has no more.
    mutating func next() -> Bool {
        while nextSegment <= cuts.count {
            lower = nextSegment == 0 ? VersionRanks.unboundedFrom : cuts[nextSegment - 1]
            upper = nextSegment == cuts.count ? unboundedUntil : cuts[nextSegment]
            nextSegment += 1
            let found =
                isBig
                ? big.enter(lower, columns: columns, narrowest: &narrowest)
                : small.enter(lower, upper, claims: claims, columns: columns, narrowest: &narrowest)
            if found { return true }
        }
        return false
    }

    /// The cell's claims, in claim order, shared by the facts that cite them by range (`CoveringClaims`).
    mutating func shared() -> CellClaims {
        if let sharedClaims { return sharedClaims }
        let made = CellClaims(claims: claims, columns: columns)
        sharedClaims = made
        return made
    }

    /// In a big cell: how many claims stating `valueID` cover the current segment.
    func coveringCount(withValue valueID: Int32) -> Int { big.coveringCount(withValue: valueID) }

    /// In a big cell: whether a claim stating `valueID` started or stopped covering where the current segment begins.
    func coveringChanged(withValue valueID: Int32) -> Bool { big.coveringChanged(withValue: valueID) }

    /// In a big cell: the first `limit` claims stating `valueID` that cover the current segment, in claim order.
    func firstCovering(withValue valueID: Int32, limit: Int) -> [Int32] { big.firstCovering(withValue: valueID, limit: limit) }

    /// Appends the claims covering the current segment whose value is `valueID`, in claim order.
    func appendCovering(withValue valueID: Int32, to list: inout [Int32]) {
        if isBig {
            big.appendCovering(withValue: valueID, to: &list)
        } else {
            for claim in small.covering where columns.valueIDs[Int(claim)] == valueID { list.append(claim) }
        }
    }
}

/// A small cell: each segment's covering claims are found by looking at every claim, and the
/// narrowest by comparing each with the others.
struct SmallCell {
    private(set) var covering: [Int32] = []

    mutating func enter(_ lower: Int32, _ upper: Int32, claims: [Int32], columns: ClaimColumns, narrowest: inout [Int32]) -> Bool {
        covering.removeAll(keepingCapacity: true)
        for claim in claims where columns.from[Int(claim)] <= lower && columns.until[Int(claim)] >= upper {
            covering.append(claim)
        }
        guard !covering.isEmpty else { return false }
        narrowest.removeAll(keepingCapacity: true)
        for claim in covering where !covering.contains(where: { columns.refines($0, claim) }) {
            narrowest.append(claim)
        }
        return true
    }
}
