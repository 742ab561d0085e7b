/// The dataset's `segments`: every distinct range of a gated answer, written once. A timeline (what
/// a service, key or platform says about one fact on one platform) is the list of its segments'
/// indices, in OS order. At 20,000 services the same segments recur across platforms and levels, and
/// each written in place made the dataset gigabytes.
struct DatasetSegments {
    let claims: DatasetClaims
    let merge: MergeResult
    let layout: JSONLayout
    /// The segments' bytes, each laid out as an element of the top-level `segments` list, and where
    /// each one is in them (ranges, not slices: a slice would make every append copy the bytes).
    private(set) var bytes: [UInt8] = []
    private(set) var ranges: [Range<Int>] = []
    /// Each segment's index, by its compact bytes.
    private var indexByKey: [[UInt8]: Int] = [:]

    init(claims: DatasetClaims, merge: MergeResult, layout: JSONLayout) {
        self.claims = claims
        self.merge = merge
        self.layout = layout
    }

    /// A timeline: the indices of its segments; [] where no claim decides anything.
    mutating func timeline(_ segments: [GatedFacts.Segment]) -> JSONValue {
        .array(segments.map { .number(index(of: entry($0))) })
    }

    mutating func index(of segment: JSONValue) -> Int {
        var key: [UInt8] = []
        segment.write(to: &key, indent: 2, layout: .compact)
        if let index = indexByKey[key] { return index }
        let index = ranges.count
        indexByKey[key] = index
        let start = bytes.count
        if layout == .compact { bytes += key } else { segment.write(to: &bytes, indent: 2, layout: layout) }
        ranges.append(start..<bytes.count)
        return index
    }

    /// One range of a gated answer. `answer` says what holds: `yes` and `no` are the boolean values,
    /// `value` a value of another type (then `value` gives it), a gate's outcome where that gate
    /// closes the answer, `unknown` where no claim decides it or a gate is unknown (then `gate` names it).
    func entry(_ segment: GatedFacts.Segment) -> JSONValue {
        let deciding = segment.deciding
        var members: [String: JSONValue?] = [
            "os": segment.os.isUnbounded ? nil : DatasetRenderer.range(segment.os),
            "answer": .string(segment.answer.id),
            "deciding": claims.indices(deciding),
            "corroborating": claims.corroborating(segment.claims, deciding: deciding),
            "adjudication": segment.adjudications.first.map(JSONValue.string),
        ]
        switch segment.answer {
        case let .value(value):
            if value == .boolean(true) {
                members["replacement"] = merge.replacement(namedBy: deciding).map(JSONValue.string)
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
}
