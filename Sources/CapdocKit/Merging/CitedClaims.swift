/// What an answer cites, as every output that shows citations shows them: the one rule for how many
/// claims a fact, or a segment made of facts, lists (issue 41).
///
/// An answer rests on facts. Each fact cites the claims that decide it (the narrowest that state its
/// value) and the wider claims that agree and only corroborate. Every deciding claim is listed: it
/// is what the answer says. Of the corroborating claims, at most `shownCorroborating` are listed,
/// then how many more there are (`moreCorroborating`), as a long list is cut with a count ("and 7,991
/// more"). N claims on one cell, each `from` a version of its own, make N facts, the k-th
/// corroborated by k claims: listed in full, that was N²/2 references to gather. Every claim stays in
/// the dataset's `claims` whatever a segment lists, so nothing is lost.
///
/// The listing takes, fact by fact, the first `shownCorroborating` corroborating claims of each (in
/// claim order), each claim once, leaving out those that decide one of the facts; the count is
/// exact: every claim that corroborates one of the facts and decides none of them, less those listed.
/// Where no fact has more corroborating claims than the cap, the list is what listing them all gave.
struct CitedClaims: Sendable, Hashable {
    /// Why 16: the shipped Content's answers have at most 3 corroborating claims (of the 100 segments
    /// of its dataset that have any, 69 have one), so the cap only ever cuts pathological input and
    /// the shipped outputs are what listing every claim gave; 16 references (about 600 bytes) still
    /// read as a list, as GitHub and MDN show a few and count the rest. `docs/bad-input.md`.
    static let shownCorroborating = 16

    /// The deciding claims of the facts, each once, in order (the fact itself, then its gates').
    private(set) var deciding: [String] = []
    /// At most `shownCorroborating` claims that corroborate the facts and decide none of them.
    private(set) var corroborating: [String] = []
    /// How many more claims corroborate them than `corroborating` lists.
    private(set) var moreCorroborating = 0
    /// The rulings that decided the facts, each once, in order.
    private(set) var adjudications: [String] = []

    init(_ facts: [Fact]) {
        var decided = Set<String>()
        for fact in facts {
            for claim in fact.deciding where decided.insert(claim).inserted { deciding.append(claim) }
            if let adjudication = fact.adjudication, !adjudications.contains(adjudication) { adjudications.append(adjudication) }
        }
        var listed = Set<String>()
        var truncated = false
        listing: for fact in facts {
            let (first, count) = fact.citations.corroborating(limit: Self.shownCorroborating)
            if count > first.count { truncated = true }
            for claim in first where !decided.contains(claim) && listed.insert(claim).inserted {
                if corroborating.count == Self.shownCorroborating {
                    truncated = true
                    break listing
                }
                corroborating.append(claim)
            }
        }
        // Counted only where something was left out: otherwise the list is all of them.
        if truncated { moreCorroborating = Self.distinctClaimCount(facts) - deciding.count - corroborating.count }
    }

    /// How many distinct claims the facts cite, deciding or corroborating, without listing the claims
    /// a big cell cites by range (`CoveringClaims`). The facts of one cell that agree on a value and
    /// follow one another form a run; a claim of that value meets the run's range exactly when it
    /// covers one of its facts (a claim that started or stopped inside a fact would have cut it), so
    /// the run's claims are counted by two binary searches in the cell (`CellClaims.countMeeting`).
    /// Listed claims are counted in a set, less those a counted run of their kind already holds.
    /// Facts that cite by range but form no run, or two cells of one kind, are listed (never seen in
    /// the shipped Content's gates, which require a fact of another kind).
    static func distinctClaimCount(_ facts: [Fact]) -> Int {
        struct Run {
            let cell: CellClaims
            let valueID: Int32
            let kind: FactKind
            var facts: [Fact]
            var lower: Int32 = 0, upper: Int32 = 0
        }
        var runs: [Run] = []
        var listed: [Fact] = []
        for fact in facts {
            guard let covering = fact.citations.covering else {
                listed.append(fact)
                continue
            }
            if let index = runs.firstIndex(where: { $0.cell === covering.cell && $0.valueID == covering.valueID }) {
                runs[index].facts.append(fact)
            } else {
                runs.append(Run(cell: covering.cell, valueID: covering.valueID, kind: fact.kind, facts: [fact]))
            }
        }
        var seen = Set<String>()
        var counted: [Run] = []
        var total = 0
        for var run in runs {
            let ranges = run.facts.map { $0.citations.covering! }.sorted { $0.lower < $1.lower }
            let adjacent = zip(ranges, ranges.dropFirst()).allSatisfy { $0.upper == $1.lower }
            let sharedKind = runs.contains { $0.kind == run.kind && $0.cell !== run.cell }
            guard adjacent, !sharedKind else {
                for fact in run.facts { seen.formUnion(fact.claims) }
                continue
            }
            run.lower = ranges[0].lower
            run.upper = ranges[ranges.count - 1].upper
            total += run.cell.countMeeting(valueID: run.valueID, lower: run.lower, upper: run.upper)
            counted.append(run)
        }
        for fact in listed {
            let claims = fact.claims
            let places = fact.citations.claimPlaces
            let runsOfKind = counted.filter { $0.kind == fact.kind }
            for (index, claim) in claims.enumerated() {
                if let places, index < places.count,
                    runsOfKind.contains(where: { $0.cell.hasClaim(places[index], meeting: $0.lower, $0.upper, valueID: $0.valueID) })
                {
                    continue
                }
                seen.insert(claim)
            }
        }
        return total + seen.count
    }
}
