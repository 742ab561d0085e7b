/// The dataset's `claims`: every claim once, with its quote, in source order and each source's claim
/// order. Everywhere else the dataset names a claim by its index in this list, which is shorter than
/// its `source#claim` reference and needs no lookup table to resolve.
struct DatasetClaims {
    /// The merge's table of references, which finds a claim's position in the model's claims.
    let byReference: ClaimsByReference
    /// The dataset index of each claim, by its position in the model's claims.
    private let indexByPosition: [Int32]
    /// Each claim with the index of its source in `sources`.
    let claims: [(source: Int, claim: Claim)]

    init(_ sources: [Source], byReference: ClaimsByReference) {
        var claims: [(source: Int, claim: Claim)] = []
        for (index, source) in sources.enumerated() { for claim in source.claims { claims.append((index, claim)) } }
        self.claims = claims
        self.byReference = byReference
        // The model's claims are the sources' claims, so positions and indices cover the same claims.
        var indexByPosition = [Int32](repeating: -1, count: claims.count)
        for (index, entry) in claims.enumerated() {
            if let position = byReference.position(of: entry.claim.reference), position < claims.count { indexByPosition[position] = Int32(index) }
        }
        self.indexByPosition = indexByPosition
    }

    /// The index of a claim. The check resolved every reference a fact, a row or a ruling carries to a
    /// claim of the Content, so a missing one is a compiler bug.
    func index(_ reference: String) -> Int {
        guard let position = byReference.position(of: reference), position < indexByPosition.count, indexByPosition[position] >= 0 else {
            preconditionFailure("no claim \(reference) in the dataset")
        }
        return Int(indexByPosition[position])
    }

    /// The index of the claim at a place in the model's claims (`ClaimsByReference.position`), as
    /// `index(_:)` finds it by its reference.
    func index(atPosition position: Int32) -> Int32 {
        guard position >= 0, Int(position) < indexByPosition.count, indexByPosition[Int(position)] >= 0 else {
            preconditionFailure("no claim at \(position) in the dataset")
        }
        return indexByPosition[Int(position)]
    }

    func indices(_ references: [String]) -> JSONValue { .array(references.map { .number(index($0)) }) }

    /// The claims of `claims` that are not among `deciding`: the wider claims that agree and only
    /// corroborate. Nil where there are none, so that the member is left out.
    func corroborating(_ claims: [String], deciding: [String]) -> JSONValue? {
        let rest = Self.onlyCorroborating(claims, deciding: deciding)
        return rest.isEmpty ? nil : indices(rest)
    }

    /// The claims of `claims` that are not among `deciding`, in order. Usually every claim decides (the
    /// merge then shares one array for both, which `==` sees at once), and a fact has a few deciding
    /// claims, searched in place rather than hashed into a set.
    static func onlyCorroborating(_ claims: [String], deciding: [String]) -> [String] {
        if claims == deciding { return [] }
        if deciding.count <= 8 { return claims.filter { !deciding.contains($0) } }
        let decided = Set(deciding)
        return claims.filter { !decided.contains($0) }
    }

    /// One claim as the dataset lists it: where it came from, what it scopes and states, its quote.
    func entry(_ index: Int) -> JSONValue {
        let (source, claim) = claims[index]
        return .object([
            "source": .number(source),
            "id": .string(claim.id.value),
            "fact": .string(claim.fact.rawValue),
            "subject": DatasetRenderer.selection(claim.scope.subjects),
            "platforms": DatasetRenderer.selection(claim.scope.platforms),
            "levels": DatasetRenderer.selection(claim.scope.levels),
            "os": claim.scope.os.isUnbounded ? nil : DatasetRenderer.range(claim.scope.os),
            "trigger": claim.trigger.map { .string($0.value) },
            "choice": claim.choice.map { .string($0.value) },
            // A prompt names one key: a string, not a one-element list.
            "value": claim.fact == .prompt ? DatasetRenderer.promptKey(claim.value.value) : DatasetRenderer.claimValue(claim.value.value),
            "quote": .string(claim.quote.value),
            "note": claim.note.map(JSONValue.string),
            "replacement": claim.replacement.map(JSONValue.string),
        ])
    }
}
