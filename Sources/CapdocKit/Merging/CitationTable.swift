/// Hands out `FactCitations` so that facts citing the same claims share their reference and source
/// lists instead of each building its own.
struct CitationTable {
    /// By claim: the citations of a fact that one claim alone states, found without comparing lists.
    private var single: [FactCitations?]
    /// The last few handed out for several claims. A row of cells (one subject) cites much the same
    /// claims on each platform and level, and other rows seldom cite the same: looking back a few
    /// facts finds nearly every repeat without hashing lists.
    private var recent: [(claims: [Int32], deciding: [Int32], citations: FactCitations)] = []
    private var nextRecent = 0
    private static let remembered = 8

    /// Per source: the last list whose sources were gathered (`stamp`).
    private var sourceStamps: [Int]
    private var stamp = 0

    init(columns: ClaimColumns) {
        single = Array(repeating: nil, count: columns.references.count)
        sourceStamps = Array(repeating: 0, count: columns.sourceIDs.count)
    }

    /// The citations of a fact that one claim states (and decides).
    mutating func citations(of claim: Int32, columns: ClaimColumns) -> FactCitations {
        if let citations = single[Int(claim)] { return citations }
        let citations = make(claims: [claim], deciding: [claim], columns: columns)
        single[Int(claim)] = citations
        return citations
    }

    /// `claims` and `deciding` as claim numbers, in claim order (`deciding` is never empty).
    mutating func citations(claims: [Int32], deciding: [Int32], columns: ClaimColumns) -> FactCitations {
        if claims.count == 1 { return citations(of: claims[0], columns: columns) }
        for entry in recent where entry.claims == claims && entry.deciding == deciding { return entry.citations }
        let citations = make(claims: claims, deciding: deciding, columns: columns)
        if recent.count < Self.remembered {
            recent.append((claims, deciding, citations))
        } else {
            recent[nextRecent] = (claims, deciding, citations)
            nextRecent = (nextRecent + 1) % Self.remembered
        }
        return citations
    }

    /// Citations of the claims a `CoveringClaims` gives, listed only when asked.
    func citations(covering: CoveringClaims, deciding: [Int32], columns: ClaimColumns) -> FactCitations {
        FactCitations(covering: covering, deciding: deciding.map { columns.references[Int($0)] }, decidingPlaces: deciding)
    }

    private mutating func make(claims: [Int32], deciding: [Int32], columns: ClaimColumns) -> FactCitations {
        // Each source once, marked as seen for this list: a fact may cite thousands of claims of a few sources.
        stamp += 1
        var sourceRanks: [Int32] = []
        for claim in claims {
            let rank = Int(columns.sourceRanks[Int(claim)])
            if sourceStamps[rank] != stamp {
                sourceStamps[rank] = stamp
                sourceRanks.append(Int32(rank))
            }
        }
        sourceRanks.sort()
        let references = claims.map { columns.references[Int($0)] }
        // Usually every claim decides: then the two lists are one array.
        // The claim numbers are places in the model's claims (`ClaimsByReference` is built on the same list).
        return FactCitations(
            claims: references,
            deciding: claims == deciding ? references : deciding.map { columns.references[Int($0)] },
            sources: sourceRanks.map { columns.sourceIDs[Int($0)] },
            decidingPlaces: deciding, claimPlaces: claims)
    }
}
