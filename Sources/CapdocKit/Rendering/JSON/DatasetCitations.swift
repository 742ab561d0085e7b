import Foundation

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
    /// What each citation says, flat: its `Content` as numbers (`key(of:)`), one after the other, each
    /// starting at `keyStarts[citation]`. A dictionary of `Content`s, each with arrays of its own,
    /// lived as long as a build's pages (the services' entries are numbered as their pages are done)
    /// and was 17 MB of the peak at 20,000 services; these lists are a few.
    private var keys: [Int32] = []
    private var keyStarts: [Int32] = [0]
    /// Each citation's index + 1 (0: none), at the slot its key hashes to, by open addressing: a power of
    /// two, at most half full.
    private var slots = [Int32](repeating: 0, count: 1 << 10)
    /// The adjudications the citations name, by their number in the keys.
    private var adjudicationNumbers: [String: Int32] = [:]
    /// The key being looked up, kept from one look-up to the next.
    private var scratch: [Int32] = []

    /// What a fact cites, by dataset claim indices: two facts that cite the same are one citation.
    struct Content: Hashable {
        var deciding: [Int32]
        var corroborating: [Int32]
        var adjudication: String?

        init(deciding: [Int32], corroborating: [Int32], adjudication: String?) {
            self.deciding = deciding
            self.corroborating = corroborating
            self.adjudication = adjudication
        }

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
        let adjudication = content.adjudication.map { number(ofAdjudication: $0) } ?? -1
        scratch.removeAll(keepingCapacity: true)
        Self.key(of: content, adjudication: adjudication, into: &scratch)
        let mask = slots.count - 1
        var slot = scratch.withUnsafeBytes { Self.slot($0, mask) }
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if keyMatches(index) { return index }
            slot = (slot + 1) & mask
        }
        let index = ranges.count
        slots[slot] = Int32(index + 1)
        keys += scratch
        keyStarts.append(Int32(keys.count))
        let start = bytes.count
        Self.entry(content).write(to: &bytes, indent: 2, layout: layout)
        ranges.append(start..<bytes.count)
        if ranges.count * 2 > slots.count { grow() }
        return index
    }

    /// A citation's content as numbers: the deciding claims and their count, the corroborating ones and
    /// theirs, then the adjudication's number (-1 for none).
    private static func key(of content: Content, adjudication: Int32, into key: inout [Int32]) {
        key.append(Int32(content.deciding.count))
        key += content.deciding
        key.append(Int32(content.corroborating.count))
        key += content.corroborating
        key.append(adjudication)
    }

    /// An adjudication's number in the keys, given the first time it is met.
    private mutating func number(ofAdjudication adjudication: String) -> Int32 {
        if let number = adjudicationNumbers[adjudication] { return number }
        let number = Int32(adjudicationNumbers.count)
        adjudicationNumbers[adjudication] = number
        return number
    }

    /// Whether the citation at `index` has the key in `scratch`.
    private func keyMatches(_ index: Int) -> Bool {
        let start = Int(keyStarts[index]), end = Int(keyStarts[index + 1])
        guard end - start == scratch.count else { return false }
        return keys.withUnsafeBufferPointer { keys in
            scratch.withUnsafeBufferPointer { scratch in
                memcmp(keys.baseAddress! + start, scratch.baseAddress!, scratch.count * MemoryLayout<Int32>.stride) == 0
            }
        }
    }

    private static func slot(_ key: UnsafeRawBufferPointer, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: WordHash.hash(key)) & mask
    }

    /// Twice the slots, every citation placed again.
    private mutating func grow() {
        var grown = [Int32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        let stride = MemoryLayout<Int32>.stride
        for index in 0..<ranges.count {
            let start = Int(keyStarts[index]) * stride, end = Int(keyStarts[index + 1]) * stride
            var slot = keys.withUnsafeBytes { Self.slot(UnsafeRawBufferPointer(rebasing: $0[start..<end]), mask) }
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = Int32(index + 1)
        }
        slots = grown
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
