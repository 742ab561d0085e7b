/// What the merge reads of each claim, as columns of small integers where it can: the inner loop
/// compares ranks and value numbers, and never hashes a string or builds a `source#claim` reference.
struct ClaimColumns: Sendable {
    let references: [String]
    let values: [ClaimValue]
    /// Equal values share a number (as `==` decides: a transition's status counts however it was written).
    let valueIDs: [Int32]
    /// The OS range, as `VersionRanks`.
    let from: [Int32]
    let until: [Int32]
    /// Which scope dimensions the claim names, as `Specificity.dimensions`.
    let dimensions: [UInt8]
    /// The claim's source, as its position in `sourceIDs`, which is sorted: ordering sources by
    /// position orders them by id.
    let sourceRanks: [Int32]
    let sourceIDs: [String]

    init(claims: [Claim], ranks: VersionRanks) {
        // Each claim's fields are read on every core; then values and sources are numbered here.
        let parts = parallelRuns(claims.count) { run in Fields(claims[run], ranks: ranks) }
        references = parts.flatMap(\.references)
        values = parts.flatMap(\.values)
        from = parts.flatMap(\.from)
        until = parts.flatMap(\.until)
        dimensions = parts.flatMap(\.dimensions)
        var valueNumbers: [ClaimValue: Int32] = [:]
        valueIDs = values.map { value in
            if let number = valueNumbers[value] { return number }
            valueNumbers[value] = Int32(valueNumbers.count)
            return Int32(valueNumbers.count - 1)
        }
        // Claims come source by source: each source is looked up once, not once per claim.
        let sources = parts.flatMap(\.sources)
        var distinct = Set<String>()
        for (index, source) in sources.enumerated() where index == 0 || source != sources[index - 1] { distinct.insert(source) }
        sourceIDs = distinct.sorted()
        let sourcePositions = Dictionary(uniqueKeysWithValues: sourceIDs.enumerated().map { ($1, Int32($0)) })
        var ranks = [Int32](repeating: 0, count: sources.count)
        for (index, source) in sources.enumerated() {
            ranks[index] = index > 0 && source == sources[index - 1] ? ranks[index - 1] : sourcePositions[source]!
        }
        sourceRanks = ranks
    }

    /// The columns of a run of claims, before values and sources are numbered.
    private struct Fields: Sendable {
        var references: [String] = [], values: [ClaimValue] = [], sources: [String] = []
        var from: [Int32] = [], until: [Int32] = [], dimensions: [UInt8] = []

        init(_ claims: ArraySlice<Claim>, ranks: VersionRanks) {
            for claim in claims {
                references.append(claim.reference)
                values.append(claim.value.value)
                sources.append(claim.sourceID)
                let scope = claim.scope
                from.append(ranks.from(scope.os))
                until.append(ranks.until(scope.os))
                dimensions.append(Specificity(scope).dimensions)
            }
        }
    }

    /// Whether claim `a` refines claim `b` (see `Specificity.refines`), on ranks.
    func refines(_ a: Int32, _ b: Int32) -> Bool {
        Specificity.refines(
            dimensions: dimensions[Int(a)], from: from[Int(a)], until: until[Int(a)],
            dimensions: dimensions[Int(b)], from: from[Int(b)], until: until[Int(b)])
    }
}
