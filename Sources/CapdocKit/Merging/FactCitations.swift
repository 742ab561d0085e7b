import Foundation

/// The claims, deciding claims and sources of a fact. Most facts cite what their neighbours cite (a
/// claim about every platform decides a fact on each), so facts share one of these rather than
/// carrying three arrays each.
///
/// A fact that many claims corroborate in a big cell does not list them: it keeps the cell's claims
/// and its range, and lists its claims when first asked (`CoveringClaims`), then keeps the list.
/// N claims on one cell, each `from` a version of its own, make N facts, the k-th corroborated by
/// k claims: listed, that was N²/2 references (32,000 claims did not fit in 4 GB; issue 41.1).
/// `check` never asks; the renderers of `build` do, for every fact they show.
final class FactCitations: Sendable, Hashable {
    private let storage: Storage
    let deciding: [String]
    /// Where each deciding claim is in the model (`ClaimsByReference.position`), when the merge made
    /// these citations: it numbers claims in that order. A page numbers its citations by place, and
    /// finding the place of a reference hashed it, for every claim of every cell of every page.
    let decidingPlaces: [Int32]?

    private enum Storage: Sendable {
        case listed(claims: [String], sources: [String])
        case covering(CoveringClaims, ListedCoveringClaims)
    }

    init(claims: [String], deciding: [String], sources: [String], decidingPlaces: [Int32]? = nil) {
        storage = .listed(claims: claims, sources: sources)
        self.deciding = deciding
        self.decidingPlaces = decidingPlaces
    }

    /// Citations whose claims are those of a cell that cover a range with a value, listed when asked.
    init(covering: CoveringClaims, deciding: [String], decidingPlaces: [Int32]?) {
        storage = .covering(covering, ListedCoveringClaims())
        self.deciding = deciding
        self.decidingPlaces = decidingPlaces
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
final class CellClaims: Sendable {
    let claims: [Int32]
    let columns: ClaimColumns

    init(claims: [Int32], columns: ClaimColumns) {
        self.claims = claims
        self.columns = columns
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

    private func covers(_ claim: Int32) -> Bool {
        let columns = cell.columns, index = Int(claim)
        return columns.from[index] <= lower && columns.until[index] >= upper && columns.valueIDs[index] == valueID
    }

    func references() -> [String] {
        cell.claims.filter(covers).map { cell.columns.references[Int($0)] }
    }

    func firstReference() -> String? {
        cell.claims.first(where: covers).map { cell.columns.references[Int($0)] }
    }

    func sources() -> [String] {
        var ranks = Set<Int32>()
        for claim in cell.claims where covers(claim) { ranks.insert(cell.columns.sourceRanks[Int(claim)]) }
        return ranks.sorted().map { cell.columns.sourceIDs[Int($0)] }
    }

    func isSame(as other: CoveringClaims) -> Bool {
        cell === other.cell && lower == other.lower && upper == other.upper && valueID == other.valueID
    }
}
