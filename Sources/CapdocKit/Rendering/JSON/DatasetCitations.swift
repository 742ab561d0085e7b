/// The dataset's `citations`: what each merged fact behind an answer cites, every distinct one written
/// once. An answer's segment names the facts it rests on (the fact itself, and the facts of the gates
/// that were open or closed it); its deciding claims are theirs, in order, each once. Listing the facts
/// instead of their claims is what keeps the dataset small: a claim about every service ("services work
/// under both levels") decides a fact of each, and 4.0 repeated it in every segment of every service.
struct DatasetCitations {
    let claims: DatasetClaims
    let layout: JSONLayout
    /// The citations' bytes, each laid out as an element of the top-level `citations` list, and where
    /// each one is in them.
    private(set) var bytes: [UInt8] = []
    private(set) var ranges: [Range<Int>] = []
    /// Each citation's index, by what it says: distinct facts often cite the same claims.
    private var indexByContent: [Content: Int] = [:]
    /// Each citation's index, by the merge's shared object and the fact's ruling: most facts share
    /// their citations with others, so most look-ups end here without resolving a reference. The key
    /// holds the object, so that its identity cannot be reused by another while the table lives.
    private var indexByShared: [Shared: Int] = [:]

    private struct Content: Hashable {
        var deciding: [Int32]
        var corroborating: [Int32]
        var adjudication: String?
    }

    private struct Shared: Hashable {
        let citations: FactCitations
        let adjudication: String?
        static func == (a: Shared, b: Shared) -> Bool { a.citations === b.citations && a.adjudication == b.adjudication }
        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(citations))
            hasher.combine(adjudication)
        }
    }

    init(claims: DatasetClaims, layout: JSONLayout) {
        self.claims = claims
        self.layout = layout
    }

    var count: Int { ranges.count }

    /// The index of what a fact cites.
    mutating func index(of fact: Fact) -> Int {
        let shared = Shared(citations: fact.citations, adjudication: fact.adjudication)
        if let index = indexByShared[shared] { return index }
        let content = Content(deciding: decidingIndices(fact), corroborating: corroboratingIndices(fact), adjudication: fact.adjudication)
        let index: Int
        if let known = indexByContent[content] {
            index = known
        } else {
            index = ranges.count
            indexByContent[content] = index
            let start = bytes.count
            Self.entry(content).write(to: &bytes, indent: 2, layout: layout)
            ranges.append(start..<bytes.count)
        }
        indexByShared[shared] = index
        return index
    }

    /// The dataset indices of the fact's deciding claims: by their places where the merge gave them
    /// (most facts), without hashing each reference.
    private func decidingIndices(_ fact: Fact) -> [Int32] {
        if let places = fact.citations.decidingPlaces { return places.map(claims.index(atPosition:)) }
        return fact.deciding.map { Int32(claims.index($0)) }
    }

    /// The dataset indices of the fact's other claims, which only corroborate it.
    private func corroboratingIndices(_ fact: Fact) -> [Int32] {
        DatasetClaims.onlyCorroborating(fact.claims, deciding: fact.deciding).map { Int32(claims.index($0)) }
    }

    /// One citation: the claims that decide the fact, those that only corroborate it (absent where
    /// none), and the ruling that decided it where sources disagreed (absent where none).
    private static func entry(_ content: Content) -> JSONValue {
        .object([
            "deciding": .array(content.deciding.map { .number(Int($0)) }),
            "corroborating": content.corroborating.isEmpty ? nil : .array(content.corroborating.map { .number(Int($0)) }),
            "adjudication": content.adjudication.map(JSONValue.string),
        ])
    }
}
