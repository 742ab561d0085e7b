/// Merges cells one after another (a run of them, on one core): cuts each into OS segments, takes
/// the narrowest claims of each segment, applies rulings where they disagree, and joins neighbouring
/// segments that say the same into one fact.
///
/// Inside, claims are numbers and OS bounds are ranks; strings and versions are only looked up when
/// a fact is written out.
struct CellMerger {
    /// A cell, by positions in the `CellIndex`, and by ids for the facts.
    struct Cell {
        var address: ContradictionCollector.Address
        var subject: String
        var platform: String
        var level: String?
    }

    private let columns: ClaimColumns
    private let rulings: Ruling.Book
    private let ranks: VersionRanks
    /// By platform position: the rank of the platform's first version (`unboundedFrom` where it declares
    /// none). Facts are cut to begin there, and one that begins there is written as open-ended below:
    /// answers never speak of versions before a platform existed ("before 2.0: Unknown").
    private let firstRanks: [Int32]
    private var sweep: CellSweep
    let facts = FactStore()
    private(set) var contradictions = ContradictionCollector()
    private(set) var used = Set<String>()
    private var citations: CitationTable
    /// The fact being extended while segments say the same, written out when one does not.
    private var pending = PendingFact()
    private var hasPending = false
    /// The next segment's claims, built here and then swapped with `pending`'s.
    private var agreeing: [Int32] = []
    private var deciding: [Int32] = []

    /// `smallCell`: see `CellSweep` (the tests merge every cell claim by claim too, and compare).
    init(columns: ClaimColumns, rulings: Ruling.Book, ranks: VersionRanks, firstRanks: [Int32], smallCell: Int = 16) {
        self.columns = columns
        self.rulings = rulings
        self.ranks = ranks
        self.firstRanks = firstRanks
        sweep = CellSweep(columns: columns, smallCell: smallCell)
        citations = CitationTable(columns: columns)
    }

    /// Merges a cell, given its claims in two lists (see `CellMembers`), each in claim order.
    mutating func merge(_ cell: Cell, named: ArraySlice<Int32>, general: ArraySlice<Int32>) {
        let count = named.count + general.count
        guard count > 0 else { return }
        if cell.address.kind == .note {
            // Notes do not merge: each claim is a fact of its own, over its own range.
            var claims: [Int32] = []
            CellMembers.merge(named, general, into: &claims)
            for claim in claims { write(cell, claim: claim) }
            return
        }
        if count == 1 {
            // Many cells: one claim decides its range (and nothing, when the range is empty).
            let claim = named.first ?? general.first!
            if columns.from[Int(claim)] < columns.until[Int(claim)] { write(cell, claim: claim) }
            return
        }
        hasPending = false
        sweep.start(named, general, unboundedUntil: ranks.unboundedUntil)
        let first = firstRanks[cell.address.platform]
        while sweep.next() {
            // Before the platform existed nothing holds, and nothing contradicts.
            if sweep.upper <= first { continue }
            let narrowest = sweep.narrowest
            let valueID = columns.valueIDs[Int(narrowest[0])]
            if narrowest.allSatisfy({ columns.valueIDs[Int($0)] == valueID }) {
                deciding.removeAll(keepingCapacity: true)
                deciding.append(contentsOf: narrowest)
                add(cell, sweep.lower, sweep.upper, valueClaim: narrowest[0], adjudication: nil)
            } else {
                // Where they disagree, a ruling may apply to part of the segment only: cut it where rulings start or end.
                var lower = sweep.lower
                for upper in rulings.bounds(platform: cell.address.platform, between: sweep.lower, and: sweep.upper) + [sweep.upper] {
                    decide(cell, lower, upper, narrowest: narrowest)
                    lower = upper
                }
            }
        }
        if hasPending { write(cell) }
    }

    /// A segment where the narrowest claims disagree: a contradiction, and a fact if a ruling decides it.
    private mutating func decide(_ cell: Cell, _ lower: Int32, _ upper: Int32, narrowest: [Int32]) {
        let segment = ranks.range(from: lower, until: upper)
        let ruling = rulings.ruling(for: narrowest, valueIDs: columns.valueIDs, platform: cell.platform, segment: segment)
        contradictions.add(claims: narrowest, adjudication: ruling?.id, address: cell.address, segment: segment)
        guard let ruling else { return }
        used.insert(ruling.id)
        let valueID = columns.valueIDs[Int(ruling.prevails)]
        deciding.removeAll(keepingCapacity: true)
        for claim in narrowest where columns.valueIDs[Int(claim)] == valueID { deciding.append(claim) }
        add(cell, lower, upper, valueClaim: ruling.prevails, adjudication: ruling.id)
    }

    /// A fact of a big cell that more claims than this corroborate cites them by range
    /// (`CoveringClaims`) rather than in a list.
    static let listedClaims = 64

    /// Adds a segment's fact (its deciding claims in `deciding`), extending the pending fact when it says the same.
    private mutating func add(_ cell: Cell, _ lower: Int32, _ upper: Int32, valueClaim: Int32, adjudication: String?) {
        let valueID = columns.valueIDs[Int(valueClaim)]
        if sweep.isBig { return addInBigCell(cell, lower, upper, valueClaim: valueClaim, valueID: valueID, adjudication: adjudication) }
        agreeing.removeAll(keepingCapacity: true)
        sweep.appendCovering(withValue: valueID, to: &agreeing)
        if hasPending, pending.upper == lower, columns.valueIDs[Int(pending.valueClaim)] == valueID,
            pending.claims == agreeing, pending.deciding == deciding, pending.adjudication == adjudication
        {
            pending.upper = upper
            return
        }
        startPending(cell, lower, upper, valueClaim: valueClaim, adjudication: adjudication)
        pending.byRange = false
        swap(&pending.claims, &agreeing)
    }

    /// Writes the pending fact, if any, and starts a new one over the segment with its deciding
    /// claims; the caller sets how it cites its agreeing claims.
    private mutating func startPending(_ cell: Cell, _ lower: Int32, _ upper: Int32, valueClaim: Int32, adjudication: String?) {
        if hasPending { write(cell) }
        pending.lower = lower
        pending.upper = upper
        pending.valueClaim = valueClaim
        pending.adjudication = adjudication
        swap(&pending.deciding, &deciding)
        hasPending = true
    }

    /// `add` in a big cell, without listing the agreeing claims of each segment (which made the merge
    /// quadratic when each segment adds one claim to thousands). The segment's agreeing claims are the
    /// pending fact's when it continues it and no claim of its value starts or stops covering where
    /// it begins: the same test as comparing the lists, in constant time. A new fact lists them only
    /// when there are few (`listedClaims`); else it cites them by range.
    private mutating func addInBigCell(_ cell: Cell, _ lower: Int32, _ upper: Int32, valueClaim: Int32, valueID: Int32, adjudication: String?) {
        if hasPending, pending.upper == lower, columns.valueIDs[Int(pending.valueClaim)] == valueID,
            lower != sweep.lower || !sweep.coveringChanged(withValue: valueID),
            pending.deciding == deciding, pending.adjudication == adjudication
        {
            pending.upper = upper
            return
        }
        startPending(cell, lower, upper, valueClaim: valueClaim, adjudication: adjudication)
        pending.claims.removeAll(keepingCapacity: true)
        let covering = sweep.coveringCount(withValue: valueID)
        pending.byRange = covering > Self.listedClaims
        if pending.byRange {
            // The count, and the first claims in claim order: as many as a fact ever shows (its
            // deciding claims and `CitedClaims.shownCorroborating` more), read while the tree has them.
            pending.coveringCount = Int32(covering)
            pending.leading = sweep.firstCovering(withValue: valueID, limit: CitedClaims.shownCorroborating + pending.deciding.count)
        } else {
            sweep.appendCovering(withValue: valueID, to: &pending.claims)
        }
    }

    private mutating func write(_ cell: Cell) {
        let cited =
            pending.byRange
            ? citations.citations(
                covering: CoveringClaims(
                    cell: sweep.shared(), lower: pending.lower, upper: pending.upper, valueID: columns.valueIDs[Int(pending.valueClaim)],
                    count: pending.coveringCount, leading: pending.leading),
                deciding: pending.deciding, columns: columns)
            : citations.citations(claims: pending.claims, deciding: pending.deciding, columns: columns)
        write(
            cell, lower: pending.lower, upper: pending.upper, valueClaim: pending.valueClaim, adjudication: pending.adjudication,
            citations: cited)
        hasPending = false
    }

    /// Writes the fact that one claim states over its own range.
    private mutating func write(_ cell: Cell, claim: Int32) {
        write(
            cell, lower: columns.from[Int(claim)], upper: columns.until[Int(claim)], valueClaim: claim, adjudication: nil,
            citations: citations.citations(of: claim, columns: columns))
    }

    private mutating func write(_ cell: Cell, lower: Int32, upper: Int32, valueClaim: Int32, adjudication: String?, citations: FactCitations) {
        let first = firstRanks[cell.address.platform]
        guard upper > first else { return }
        let lower = lower <= first ? VersionRanks.unboundedFrom : lower
        facts.append(
            Fact(
                kind: cell.address.kind, subject: cell.subject, platform: cell.platform, level: cell.level,
                os: ranks.range(from: lower, until: upper), value: columns.values[Int(valueClaim)],
                adjudication: adjudication, citations: citations))
    }
}

/// A fact while it is being extended: ranks and claim numbers.
private struct PendingFact {
    var lower: Int32 = 0
    var upper: Int32 = 0
    /// The claim whose value the fact states.
    var valueClaim: Int32 = 0
    var claims: [Int32] = []
    var deciding: [Int32] = []
    var adjudication: String?
    /// Whether the fact cites its claims by range (`CoveringClaims`); `claims` is then empty, and
    /// these say how many there are and which come first.
    var byRange = false
    var coveringCount: Int32 = 0
    var leading: [Int32] = []
}
