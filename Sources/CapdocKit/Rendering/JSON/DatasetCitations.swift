/// The dataset's `citations`: what each merged fact behind an answer cites, every distinct one written
/// once. An answer's segment names the facts it rests on (the fact itself, and the facts of the gates
/// that were open or closed it); its deciding claims are theirs, in order, each once. Listing the facts
/// instead of their claims is what keeps the dataset small: a claim about every service ("services work
/// under both levels") decides a fact of each, and 4.0 repeated it in every segment of every service.
struct DatasetCitations {
    let layout: JSONLayout
    /// The citations' bytes, each laid out as an element of the top-level `citations` list, and where
    /// each one is in them.
    private(set) var bytes: [UInt8] = []
    private(set) var ranges: [Range<Int>] = []
    /// Each citation's index, by what it says: distinct facts often cite the same claims.
    private var indexByContent: [Content: Int] = [:]

    /// What a fact cites, by dataset claim indices: two facts that cite the same are one citation.
    struct Content: Hashable {
        var deciding: [Int32]
        var corroborating: [Int32]
        var adjudication: String?

        init(_ fact: Fact, claims: DatasetClaims) {
            // By the places the merge gave the deciding claims where it did (most facts), without
            // hashing each reference.
            if let places = fact.citations.decidingPlaces {
                deciding = places.map(claims.index(atPosition:))
            } else {
                deciding = fact.deciding.map { Int32(claims.index($0)) }
            }
            // The fact's other claims, which only corroborate it.
            corroborating = DatasetClaims.onlyCorroborating(fact.claims, deciding: fact.deciding).map { Int32(claims.index($0)) }
            adjudication = fact.adjudication
        }
    }

    init(layout: JSONLayout) {
        self.layout = layout
    }

    var count: Int { ranges.count }

    /// The index of a citation, numbered the first time it is met.
    mutating func index(of content: Content) -> Int {
        if let known = indexByContent[content] { return known }
        let index = ranges.count
        indexByContent[content] = index
        let start = bytes.count
        Self.entry(content).write(to: &bytes, indent: 2, layout: layout)
        ranges.append(start..<bytes.count)
        return index
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
