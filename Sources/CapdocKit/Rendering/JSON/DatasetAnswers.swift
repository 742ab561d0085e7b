/// An entity's answers in the dataset, and the table that shares them between entities.
///
/// Each entity (a service, key, platform…) lists in `citations` the facts its answers rest on, as
/// indices into the top-level `citations`; its timelines name those facts by their position in that
/// list. So the timelines no longer depend on which claims an entity's facts cite, and entities whose
/// answers have the same shape (the same outcomes over the same OS ranges, each resting on the same
/// positions) share one entry of `answers`, which the entity names by index. The 20,010 services of
/// the 20,000-service benchmark have 30 shapes; 4.0 gave each service timelines of its own.
///
/// Answers are written as compact JSON bytes, not built as `JSONValue` trees: they are computed for
/// every entity (tens of millions of segments at 20,000 services) but kept only once per shape, and
/// building, serializing to intern and freeing a tree per entity was most of the dataset's time.
/// The bytes are what `JSONValue` writes compactly (its key order and escaping), so an entry reads
/// the same in either layout (`JSONRelayout` indents them for `--pretty`).
struct DatasetAnswers {
    /// The answers of the entities of one kind: each distinct one once, in the order first met.
    struct Table {
        /// Each entry as compact JSON.
        private(set) var entries: [[UInt8]] = []
        /// Each entry's index, by its bytes.
        private var indexByKey: [ByteKey: Int] = [:]

        /// The index of an entity's answers, the compact object `DatasetAnswers.object` writes.
        mutating func index(of bytes: [UInt8]) -> Int {
            let key = ByteKey(bytes)
            if let index = indexByKey[key] { return index }
            let index = entries.count
            indexByKey[key] = index
            entries.append(bytes)
            return index
        }
    }

    /// Bytes a segment of a timeline usually takes.
    private static let usualSegmentBytes = 64

    let claims: DatasetClaims
    /// What the entity's facts cite, in the order its timelines first name them: numbered across the
    /// dataset when the entity is written (`DatasetAssembly`), so that an entity's answers can be worked
    /// out on any thread, in any order.
    private(set) var citations: [DatasetCitations.Content] = []
    /// Each citation's position in `citations`, by what it says.
    private var positionByContent: [DatasetCitations.Content: Int] = [:]
    /// Each citation's position, by the merge's shared object and the fact's ruling: most of an entity's
    /// facts share their citations with others, so most look-ups end here without resolving a reference.
    /// The key holds the object, so that its identity cannot be reused by another while the table lives.
    private var positionByShared: [Shared: Int] = [:]

    private struct Shared: Hashable {
        let citations: FactCitations
        let adjudication: String?
        static func == (a: Shared, b: Shared) -> Bool { a.citations === b.citations && a.adjudication == b.adjudication }
        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(citations))
            hasher.combine(adjudication)
        }
    }

    init(claims: DatasetClaims) {
        self.claims = claims
    }

    /// A list of values already written compactly.
    static func array(_ items: [[UInt8]]) -> [UInt8] {
        var output: [UInt8] = []
        // Sized once, exactly: the items, a comma between each two, and the brackets.
        output.reserveCapacity(items.reduce(items.count + 1) { $0 + $1.count })
        JSONValue.writeArray(items.count, indent: 0, layout: .compact, to: &output) { index, output in output += items[index] }
        return output
    }

    /// An entity's answers as one compact object, by answer name: the bytes `Table` shares.
    static func object(_ answers: [String: [UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        // Sized once: the members and, for each, its name and punctuation (a few bytes over at most).
        bytes.reserveCapacity(answers.reduce(2) { $0 + $1.key.utf8.count + $1.value.count + 4 })
        JSONValue.writeObject(answers.keys, indent: 0, layout: .compact, to: &bytes) { name, output in output += answers[name]! }
        return bytes
    }

    /// A timeline: its segments in OS order; [] where no claim decides anything.
    mutating func timeline(_ segments: [GatedFacts.Segment], merge: MergeResult) -> [UInt8] {
        var output: [UInt8] = []
        // Room for the usual segment ({"answer":"yes","citations":[0,1],"os":{"from":"13.0"}}) at
        // once: growing from empty reallocated each timeline's bytes several times.
        output.reserveCapacity(2 + segments.count * Self.usualSegmentBytes)
        JSONValue.writeArray(segments.count, indent: 0, layout: .compact, to: &output) { index, output in
            entry(segments[index], merge: merge, to: &output)
        }
        return output
    }

    /// One range of a gated answer. `answer` says what holds: `yes` and `no` are the boolean values,
    /// `value` a value of another type (then `value` gives it), a gate's outcome where that gate
    /// closes the answer, `unknown` where no claim decides it or a gate is unknown (then `gate` names
    /// it). `citations`: the positions, in the entity's `citations`, of the facts that decide it.
    /// Its members are written in the byte order of their names, as `JSONValue` orders an object's.
    private mutating func entry(_ segment: GatedFacts.Segment, merge: MergeResult, to output: inout [UInt8]) {
        output.append(literal: #"{"answer":"#)
        if let fixed = segment.answer.fixedID {
            // A fixed id is plain ASCII: quoted as `writeString` would, without scanning it each time.
            output.append(0x22)
            output.append(literal: fixed)
            output.append(0x22)
        } else {
            JSONValue.writeString(segment.answer.id, to: &output)
        }
        output.append(literal: #","citations":["#)
        var named: [Int] = []
        for fact in segment.facts {
            let position = position(of: fact)
            // A citation named twice adds nothing: a segment's deciding claims are its facts' claims, each once.
            guard !named.contains(position) else { continue }
            if !named.isEmpty { output.append(0x2C) }
            named.append(position)
            ByteText.appendDecimal(position, to: &output)
        }
        output.append(0x5D)
        switch segment.answer {
        case let .closed(gate), let .gateUnknown(gate):
            output.append(literal: #","gate":"#)
            JSONValue.writeString(gate.id.value, to: &output)
        case .value, .unknown:
            break
        }
        if !segment.os.isUnbounded {
            output.append(literal: #","os":"#)
            DatasetRenderer.writeRange(segment.os, to: &output)
        }
        if case let .value(value) = segment.answer {
            if value == .boolean(true) {
                if let replacement = segment.replacement(in: merge) {
                    output.append(literal: #","replacement":"#)
                    JSONValue.writeString(replacement, to: &output)
                }
            } else if value != .boolean(false) {
                output.append(literal: #","value":"#)
                DatasetRenderer.claimValue(value).write(to: &output, indent: 0, layout: .compact)
            }
        }
        output.append(0x7D)
    }

    /// The position in `citations` of what a fact cites.
    private mutating func position(of fact: Fact) -> Int {
        let shared = Shared(citations: fact.citations, adjudication: fact.adjudication)
        if let known = positionByShared[shared] { return known }
        let content = DatasetCitations.Content(fact, claims: claims)
        let position: Int
        if let known = positionByContent[content] {
            position = known
        } else {
            position = citations.count
            positionByContent[content] = position
            citations.append(content)
        }
        positionByShared[shared] = position
        return position
    }
}
