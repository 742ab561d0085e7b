import Foundation

/// The claims, deciding claims and sources of a fact. Most facts cite what their neighbours cite (a
/// claim about every platform decides a fact on each), so facts share one of these rather than
/// carrying three arrays each.
///
/// A fact that many claims corroborate in a big cell does not list them: it keeps the cell's claims
/// and its range, and lists its claims when first asked (`CoveringClaims`), then keeps the list.
/// N claims on one cell, each `from` a version of its own, make N facts, the k-th corroborated by
/// k claims: listed, that was N²/2 references (32,000 claims did not fit in 4 GB; issue 41.1).
/// `check` never asks, and neither does `build`: every output reads a fact's first claims and their
/// count (`corroborating(limit:)`, through `CitedClaims`); `query`, `lint-plist` and tests list them.
final class FactCitations: Sendable, Hashable {
    private let storage: Storage
    /// For listed claims: where each is in the model (as `decidingPlaces`), when the merge made them.
    /// `CitedClaims` reads them to tell whether a listed claim is also one a big cell cites by range.
    let claimPlaces: [Int32]?
    let deciding: [String]
    /// Where each deciding claim is in the model (`ClaimsByReference.position`), when the merge made
    /// these citations: it numbers claims in that order. A page numbers its citations by place, and
    /// finding the place of a reference hashed it, for every claim of every cell of every page.
    let decidingPlaces: [Int32]?

    private enum Storage: Sendable {
        case listed(claims: [String], sources: [String])
        case covering(CoveringClaims, ListedCoveringClaims)
    }

    init(claims: [String], deciding: [String], sources: [String], decidingPlaces: [Int32]? = nil, claimPlaces: [Int32]? = nil) {
        storage = .listed(claims: claims, sources: sources)
        self.deciding = deciding
        self.decidingPlaces = decidingPlaces
        self.claimPlaces = claimPlaces
    }

    /// Citations whose claims are those of a cell that cover a range with a value, listed when asked.
    init(covering: CoveringClaims, deciding: [String], decidingPlaces: [Int32]?) {
        storage = .covering(covering, ListedCoveringClaims())
        self.deciding = deciding
        self.decidingPlaces = decidingPlaces
        claimPlaces = nil
    }

    /// The claims cited by range, for a fact of a big cell that many claims corroborate.
    var covering: CoveringClaims? {
        if case let .covering(covering, _) = storage { return covering }
        return nil
    }

    /// The first `limit` of the claims that corroborate the fact (its claims that are not among
    /// `deciding`), in claim order, and how many there are in all: what `CitedClaims` takes of each
    /// fact, without listing thousands. (Every deciding claim is one of the fact's claims.)
    func corroborating(limit: Int) -> (first: [String], count: Int) {
        switch storage {
        case let .listed(claims, _):
            if claims == deciding { return ([], 0) }
            var first: [String] = [], count = 0
            let decided = deciding.count > 8 ? Set(deciding) : nil
            for claim in claims where !(decided?.contains(claim) ?? deciding.contains(claim)) {
                count += 1
                if first.count < limit { first.append(claim) }
            }
            return (first, count)
        case let .covering(covering, _):
            let decidingPlaces = decidingPlaces.map(Set.init)
            var first: [String] = []
            for claim in covering.leading where first.count < limit {
                let reference = covering.cell.columns.references[Int(claim)]
                let decides = decidingPlaces.map { $0.contains(claim) } ?? deciding.contains(reference)
                if !decides { first.append(reference) }
            }
            return (first, Int(covering.count) - deciding.count)
        }
    }

    /// References (`source#claim`) of the claims that state the fact's value, in claim order.
    var claims: [String] {
        switch storage {
        case let .listed(claims, _): claims
        case let .covering(covering, listed): listed.claims(of: covering)
        }
    }

    /// The first of `claims`, without listing the others.
    var firstClaim: String? {
        switch storage {
        case let .listed(claims, _): claims.first
        case let .covering(covering, _): covering.firstReference()
        }
    }

    /// The ids of the sources of the claims, sorted and unique.
    var sources: [String] {
        switch storage {
        case let .listed(_, sources): sources
        case let .covering(covering, listed): listed.sources(of: covering)
        }
    }

    static func == (a: FactCitations, b: FactCitations) -> Bool {
        if a === b { return true }
        if case let .covering(one, _) = a.storage, case let .covering(other, _) = b.storage, one.isSame(as: other) {
            return a.deciding == b.deciding
        }
        return a.claims == b.claims && a.deciding == b.deciding && a.sources == b.sources
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(claims)
        hasher.combine(deciding)
        hasher.combine(sources)
    }
}

/// The lists of a `CoveringClaims`, made when first asked and kept: a page asks a fact for its claims
/// several times. Facts are read on every core, hence the lock.
final class ListedCoveringClaims: @unchecked Sendable {
    private let lock = NSLock()
    private var claims: [String]?
    private var sources: [String]?

    func claims(of covering: CoveringClaims) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if let claims { return claims }
        let made = covering.references()
        claims = made
        return made
    }

    func sources(of covering: CoveringClaims) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if let sources { return sources }
        let made = covering.sources()
        sources = made
        return made
    }
}

/// The claims of one cell, in claim order, kept once for the facts of the cell that cite many of them.
final class CellClaims: @unchecked Sendable {
    let claims: [Int32]
    let columns: ClaimColumns
    /// Per value: the bounds of the claims stating it (with a non-empty range), each list sorted, made
    /// when `CitedClaims` first counts the claims of the cell that meet a range. Read on every core.
    private var boundsByValue: [Int32: (from: [Int32], until: [Int32])]?
    /// Per value, per source (in rank order): the starts of the source's claims stating the value,
    /// sorted, and the furthest end of the claims up to each of them, made when a fact's sources are
    /// first asked for (`CoveringClaims.sources()`).
    private var reachBySource: [Int32: [(rank: Int32, from: [Int32], reach: [Int32])]]?
    private let lock = NSLock()

    init(claims: [Int32], columns: ClaimColumns) {
        self.claims = claims
        self.columns = columns
    }

    /// How many of the cell's claims state `valueID` over a range that meets `lower..<upper`: all but
    /// those that start at or after `upper` and those that end at or before `lower` (no claim does
    /// both, as `lower < upper`). Two binary searches.
    func countMeeting(valueID: Int32, lower: Int32, upper: Int32) -> Int {
        guard let bounds = bounds(of: valueID) else { return 0 }
        return bounds.from.firstIndex(notBelow: upper) - bounds.until.firstIndex(notBelow: lower + 1)
    }

    /// Whether claim `claim` is one of the cell's and states `valueID` over a range that meets `lower..<upper`.
    func hasClaim(_ claim: Int32, meeting lower: Int32, _ upper: Int32, valueID: Int32) -> Bool {
        let index = Int(claim)
        guard index >= 0, index < columns.valueIDs.count, columns.valueIDs[index] == valueID else { return false }
        let from = columns.from[index], until = columns.until[index]
        guard from < until, from < upper, until > lower else { return false }
        let position = claims.firstIndex(notBelow: claim)
        return position < claims.count && claims[position] == claim
    }

    /// The ranks of the sources, in order, with a claim stating `valueID` over all of `lower..<upper`:
    /// per source, one binary search for its claims starting at or before `lower`, then whether the
    /// furthest of them ends at or after `upper`. Each fact scanned the cell's claims: N facts of a
    /// cell of N claims (each `from` a version of its own), N² (issue 41).
    func sourceRanks(covering lower: Int32, _ upper: Int32, valueID: Int32) -> [Int32] {
        var ranks: [Int32] = []
        for source in reach(of: valueID) {
            let starting = lower == .max ? source.from.count : source.from.firstIndex(notBelow: lower + 1)
            if starting > 0, source.reach[starting - 1] >= upper { ranks.append(source.rank) }
        }
        return ranks
    }

    private func reach(of valueID: Int32) -> [(rank: Int32, from: [Int32], reach: [Int32])] {
        lock.lock()
        defer { lock.unlock() }
        if let reachBySource { return reachBySource[valueID] ?? [] }
        var claimsBySource: [Int32: [Int32: [(from: Int32, until: Int32)]]] = [:]
        for claim in claims {
            let index = Int(claim)
            claimsBySource[columns.valueIDs[index], default: [:]][columns.sourceRanks[index], default: []].append(
                (columns.from[index], columns.until[index]))
        }
        var made: [Int32: [(rank: Int32, from: [Int32], reach: [Int32])]] = [:]
        for (value, bySource) in claimsBySource {
            made[value] = bySource.keys.sorted().map { rank in
                let sorted = bySource[rank]!.sorted { $0.from < $1.from }
                var reach: [Int32] = []
                reach.reserveCapacity(sorted.count)
                for claim in sorted { reach.append(max(reach.last ?? .min, claim.until)) }
                return (rank, sorted.map(\.from), reach)
            }
        }
        reachBySource = made
        return made[valueID] ?? []
    }

    private func bounds(of valueID: Int32) -> (from: [Int32], until: [Int32])? {
        lock.lock()
        defer { lock.unlock() }
        if let boundsByValue { return boundsByValue[valueID] }
        var made: [Int32: (from: [Int32], until: [Int32])] = [:]
        for claim in claims {
            let index = Int(claim), from = columns.from[index], until = columns.until[index]
            guard from < until else { continue }
            made[columns.valueIDs[index], default: ([], [])].from.append(from)
            made[columns.valueIDs[index], default: ([], [])].until.append(until)
        }
        for key in made.keys {
            made[key]!.from.sort()
            made[key]!.until.sort()
        }
        boundsByValue = made
        return made[valueID]
    }
}

/// The claims of a cell that cover the ranks `lower..<upper` and state the value `valueID`: what
/// the merge cites for a fact over that range (every claim covering one of its segments with its
/// value covers all of them, or the segments would not have joined).
struct CoveringClaims: Sendable {
    let cell: CellClaims
    let lower: Int32
    let upper: Int32
    let valueID: Int32
    /// How many claims they are, and the first of them in claim order: at least
    /// `CitedClaims.shownCorroborating` more than the fact has deciding claims, where there are as
    /// many (what `FactCitations.corroborating(limit:)` lists), taken while the merge had them in a tree.
    let count: Int32
    let leading: [Int32]

    private func covers(_ claim: Int32) -> Bool {
        let columns = cell.columns, index = Int(claim)
        return columns.from[index] <= lower && columns.until[index] >= upper && columns.valueIDs[index] == valueID
    }

    func references() -> [String] {
        cell.claims.filter(covers).map { cell.columns.references[Int($0)] }
    }

    func firstReference() -> String? {
        leading.first.map { cell.columns.references[Int($0)] }
    }

    func sources() -> [String] {
        cell.sourceRanks(covering: lower, upper, valueID: valueID).map { cell.columns.sourceIDs[Int($0)] }
    }

    func isSame(as other: CoveringClaims) -> Bool {
        cell === other.cell && lower == other.lower && upper == other.upper && valueID == other.valueID
    }
}
