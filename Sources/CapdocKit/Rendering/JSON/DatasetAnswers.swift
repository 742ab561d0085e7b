/// An entity's answers in the dataset, and the table that shares them between entities.
///
/// Each entity (a service, key, platform…) lists in `citations` the facts its answers rest on, as
/// indices into the top-level `citations`; its timelines name those facts by their position in that
/// list. So the timelines no longer depend on which claims an entity's facts cite, and entities whose
/// answers have the same shape (the same outcomes over the same OS ranges, each resting on the same
/// positions) share one entry of `answers`, which the entity names by index. The 20,010 services of
/// the 20,000-service benchmark have 30 shapes; 4.0 gave each service timelines of its own.
struct DatasetAnswers {
    /// The answers of the entities of one kind: each distinct one once, in the order first met.
    struct Table {
        private(set) var entries: [JSONValue] = []
        /// Each entry's index, by its compact bytes.
        private var indexByKey: [[UInt8]: Int] = [:]

        mutating func index(of answers: JSONValue) -> Int {
            var key: [UInt8] = []
            answers.write(to: &key, indent: 0, layout: .compact)
            if let index = indexByKey[key] { return index }
            let index = entries.count
            indexByKey[key] = index
            entries.append(answers)
            return index
        }
    }

    /// The entity's facts, as indices into the top-level `citations`, in the order its timelines first name them.
    private(set) var citations: [Int] = []
    private var positionByCitation: [Int: Int] = [:]

    /// A timeline: its segments in OS order; [] where no claim decides anything.
    mutating func timeline(_ segments: [GatedFacts.Segment], citations table: inout DatasetCitations, merge: MergeResult) -> JSONValue {
        .array(segments.map { entry($0, citations: &table, merge: merge) })
    }

    /// One range of a gated answer. `answer` says what holds: `yes` and `no` are the boolean values,
    /// `value` a value of another type (then `value` gives it), a gate's outcome where that gate
    /// closes the answer, `unknown` where no claim decides it or a gate is unknown (then `gate` names
    /// it). `citations`: the positions, in the entity's `citations`, of the facts that decide it.
    private mutating func entry(_ segment: GatedFacts.Segment, citations table: inout DatasetCitations, merge: MergeResult) -> JSONValue {
        var positions: [JSONValue] = []
        var named = Set<Int>()
        for fact in segment.facts {
            let citation = table.index(of: fact)
            // A citation named twice adds nothing: a segment's deciding claims are its facts' claims, each once.
            guard named.insert(citation).inserted else { continue }
            positions.append(.number(position(of: citation)))
        }
        var members: [String: JSONValue?] = [
            "os": segment.os.isUnbounded ? nil : DatasetRenderer.range(segment.os),
            "answer": .string(segment.answer.id),
            "citations": .array(positions),
        ]
        switch segment.answer {
        case let .value(value):
            if value == .boolean(true) {
                members["replacement"] = merge.replacement(namedBy: segment.deciding).map(JSONValue.string)
            } else if value != .boolean(false) {
                members["value"] = DatasetRenderer.claimValue(value)
            }
        case let .closed(gate), let .gateUnknown(gate):
            members["gate"] = .string(gate.id.value)
        case .unknown:
            break
        }
        return .object(members)
    }

    private mutating func position(of citation: Int) -> Int {
        if let position = positionByCitation[citation] { return position }
        let position = citations.count
        positionByCitation[citation] = position
        citations.append(citation)
        return position
    }
}
