/// The merged facts read through the gates of `gates.yaml`: what every answer, page and the dataset
/// show. A fact holds only where each fact its gates require is true; where one is false the answer
/// is the gate's outcome ("Not on platform"), citing the claims that decided the gate; where one is
/// unknown, a positive answer becomes unknown (a negative one stands: what cannot be used without
/// the gate cannot be used with it either).
///
/// Checks read the merged facts themselves: they are about what the claims say, not about answers.
public struct GatedFacts: Sendable {
    public let merge: MergeResult
    public let vocabulary: Vocabulary
    let gates: [Gate]
    /// The gates of each kind under each accuracy, worked out once: answers look them up at every step
    /// (300,000 times in a build of 200 services). The keys are searched in a list of plain values and
    /// only the list found is copied: a dictionary of dictionaries hashed both keys, and a list of
    /// (key, gates) retained every entry's gates while searching — either was 3% of a build.
    private let gatedKeys: [GatedKey]
    private let gatesOfKey: [[Gate]]

    private struct GatedKey: Equatable {
        var kind: FactKind
        var accuracy: Accuracy
    }
    /// Where an adjudication ruled that a gated claim stands over the claim that closes its gate.
    private let overrides: Set<ClaimPair>

    private struct ClaimPair: Hashable {
        var gated: String
        var gate: String
    }

    public init(merge: MergeResult, model: ContentModel) {
        self.init(merge: merge, vocabulary: model.vocabulary, gates: model.gates, adjudications: model.adjudications)
    }

    /// Without gates, every fact answers as its claims state it.
    public init(merge: MergeResult, vocabulary: Vocabulary, gates: [Gate] = [], adjudications: [Adjudication] = []) {
        self.merge = merge
        self.vocabulary = vocabulary
        self.gates = gates
        var keys: [GatedKey] = []
        var lists: [[Gate]] = []
        for accuracy in Accuracy.allCases {
            for gate in gates where gate.applies(under: accuracy) {
                for kind in gate.gated {
                    let key = GatedKey(kind: kind, accuracy: accuracy)
                    if let index = keys.firstIndex(of: key) {
                        lists[index].append(gate)
                    } else {
                        keys.append(key)
                        lists.append([gate])
                    }
                }
            }
        }
        gatedKeys = keys
        gatesOfKey = lists
        var overrides = Set<ClaimPair>()
        for contradiction in merge.contradictions where contradiction.gate != nil {
            guard let ruling = contradiction.adjudication, let gated = contradiction.claims.first,
                let adjudication = adjudications.first(where: { $0.id.value == ruling }), adjudication.prevails.value == gated
            else { continue }
            for gateClaim in contradiction.claims.dropFirst() { overrides.insert(ClaimPair(gated: gated, gate: gateClaim)) }
        }
        self.overrides = overrides
    }

    /// What an answer is, for one fact cell at one OS version.
    public enum Answer: Sendable, Hashable {
        /// The fact holds with this value.
        case value(ClaimValue)
        /// A gate is closed: the fact it requires is false here.
        case closed(Gate)
        /// A gate is unknown here, and the fact would otherwise give a positive answer.
        case gateUnknown(Gate)
        /// No claim decides the fact here.
        case unknown

        /// The value as a boolean where it is one; a closed gate counts as false.
        public var flag: Bool? {
            switch self {
            case let .value(.boolean(flag)): flag
            case .closed: false
            case .value, .gateUnknown, .unknown: nil
            }
        }

        /// A stable id for tools: `yes`, `no`, `unknown`, `value`, or the closed gate's outcome.
        public var id: String {
            if case let .closed(gate) = self { return gate.outcome }
            return fixedID!.description  // every answer but a closed gate has one
        }

        /// The id when it is one of the fixed ones (nil for a closed gate, whose outcome is its id):
        /// the dataset writes it for every segment of every timeline, straight from the literal.
        var fixedID: StaticString? {
            switch self {
            case .value(.boolean(true)): "yes"
            case .value(.boolean(false)): "no"
            case .value: "value"
            case .closed: nil
            case .gateUnknown, .unknown: "unknown"
            }
        }
    }

    /// An answer over a range of OS versions, with the facts that decide it: the fact itself and the
    /// open gates' facts where it holds, the closing gate's facts where a gate is closed.
    public struct Segment: Sendable {
        public var os: VersionRange
        public var answer: Answer
        public var facts: [Fact]

        public var claims: [String] { facts.flatMap(\.claims).uniqued() }
        var deciding: [String] { facts.flatMap(\.deciding).uniqued() }
        /// The replacement the first of its deciding claims names that names one (a deprecation's), read
        /// without listing them: asked for every segment of every timeline the dataset writes.
        func replacement(in merge: MergeResult) -> String? { merge.replacement(decidingIn: facts) }
        public var sources: [String] { Array(Set(facts.flatMap(\.sources))).sorted() }
        /// The adjudications that decided the facts behind it.
        public var adjudications: [String] { facts.compactMap(\.adjudication).uniqued() }
    }

    /// The gates of a kind, in the order of `gates.yaml`: those that apply under `accuracy`.
    func gates(of kind: FactKind, under accuracy: Accuracy = .full) -> [Gate] {
        guard let index = gatedKeys.firstIndex(of: GatedKey(kind: kind, accuracy: accuracy)) else { return [] }
        return gatesOfKey[index]
    }

    /// The answer at one OS version; nil: at the newest versions (the facts without an upper bound).
    /// `accuracy`: the accuracy the user granted; reduced accuracy applies the gates declared for it.
    public func answer(
        _ kind: FactKind, subject: String, platform: String, level: String? = nil, at version: Version? = nil,
        accuracy: Accuracy = .full
    ) -> Segment {
        answer(cells(kind, subject: subject, platform: platform, level: level, accuracy: accuracy), at: version)
    }

    /// A fact cell with the cells its gates require, each found once: a timeline asks for the answer at
    /// every version of its cell and of every gate's cell, and finding a cell hashes its subject's id.
    struct GatedCell {
        /// The cell's facts, in OS order.
        let facts: ArraySlice<Fact>
        /// The gates that apply to the cell, in the order of `gates.yaml`, and the cell each requires.
        let gates: [Gate]
        let required: [GatedCell]
    }

    /// The cell of a fact and, through its gates, of every fact it requires. (A cell several gates
    /// require is found again for each: keeping a list of those found cost more than it saved.)
    func cells(_ kind: FactKind, subject: String, platform: String, level: String?, accuracy: Accuracy) -> GatedCell {
        // The kind's list of gates is shared as it is (a gate whose subject the entity lacks is taken
        // out, which alone copies it), and the required cells are allocated once at their count:
        // appending to two empty arrays grew each by steps, at every cell of every timeline.
        var gates = self.gates(of: kind, under: accuracy)
        var required: [GatedCell] = []
        required.reserveCapacity(gates.count)
        var index = 0
        while index < gates.count {
            guard let cell = requiredCell(gates[index], kind: kind, subject: subject, level: level) else {
                gates.remove(at: index)
                continue
            }
            required.append(cells(gates[index].requires, subject: cell.subject, platform: platform, level: cell.level, accuracy: accuracy))
            index += 1
        }
        return GatedCell(facts: merge.factSlice(kind, subject: subject, platform: platform, level: level), gates: gates, required: required)
    }

    /// The answer of a cell at one OS version (nil: the newest), through its gates.
    func answer(_ cell: GatedCell, at version: Version?) -> Segment {
        var facts: [Fact] = []
        facts.reserveCapacity(4)
        let (os, answer) = answer(cell, at: version, facts: &facts)
        return Segment(os: os, answer: answer, facts: facts)
    }

    /// `answer(_:at:)` appending the segment's facts to `facts`: the fact itself, then each open
    /// gate's facts (their own, then their open gates'), or only the closing gate's facts. Every gate
    /// answers into the same list, whose tail is cut back where a gate's facts decide nothing: a list
    /// per gate, and another to join them, were most of what working out an answer allocated.
    func answer(_ cell: GatedCell, at version: Version?, facts: inout [Fact]) -> (os: VersionRange, answer: Answer) {
        withUnsafePointer(to: cell) { answer($0, at: version, facts: &facts) }
    }

    /// `answer(_:at:facts:)` on a cell read where it lies, down through its required cells: a required
    /// cell taken out of its array is a copy (a retain and a release of each of its lists), and every
    /// step of every timeline asks each gate's cell. Measured (issue 37): the same function on plain
    /// values (`cell.required[index]`, and `for` loops in `collectBounds`) executes 2.3% more
    /// instructions in a whole build at 2,000 services (callgrind, `Benchmarks/profile 2000`: 21.80
    /// against 21.32 billion), above the noise, so the pointers stay, here and in `collectBounds`.
    private func answer(_ cell: UnsafePointer<GatedCell>, at version: Version?, facts: inout [Fact]) -> (os: VersionRange, answer: Answer) {
        let own = MergeResult.fact(in: cell.pointee.facts, at: version)
        let start = facts.count
        if let own { facts.append(own) }
        var unknownGate: Gate?
        let gateCount = cell.pointee.gates.count
        for index in 0..<gateCount {
            let gateStart = facts.count
            let gateAnswer = cell.pointee.required.withUnsafeBufferPointer { required in
                answer(required.baseAddress! + index, at: version, facts: &facts).answer
            }
            switch gateAnswer {
            case .value(.boolean(true)):
                continue
            case .value, .closed:
                guard !overridden(own, by: facts, from: gateStart) else {
                    facts.removeSubrange(gateStart...)
                    continue
                }
                let closing: Gate = if case let .closed(inner) = gateAnswer { inner } else { cell.pointee.gates[index] }
                // Only the closing gate's facts decide a closed answer.
                facts.removeSubrange(start..<gateStart)
                return (own?.os ?? .all, .closed(closing))
            case .gateUnknown, .unknown:
                facts.removeSubrange(gateStart...)
                if unknownGate == nil { unknownGate = cell.pointee.gates[index] }
            }
        }
        guard let own else {
            facts.removeSubrange(start...)
            return (.all, .unknown)
        }
        if let unknownGate, own.value != .boolean(false) {
            facts.removeSubrange((start + 1)...)
            return (own.os, .gateUnknown(unknownGate))
        }
        return (own.os, .value(own.value))
    }

    /// The answer over all OS versions: ranges where it stays the same, in order. Versions before the
    /// first fact or gate that decides anything are left out.
    func timeline(_ kind: FactKind, subject: String, platform: String, level: String? = nil, accuracy: Accuracy = .full) -> [Segment] {
        let cell = cells(kind, subject: subject, platform: platform, level: level, accuracy: accuracy)
        var bounds = VersionBounds()
        collectBounds(cell, into: &bounds)
        var result: [Segment] = []
        // Each range's facts are worked out in one list kept from range to range; a new segment
        // takes a copy of its exact size.
        var facts: [Fact] = []
        facts.reserveCapacity(8)
        // The facts of the last segment, indexed once it holds many (see `appendNew(_:index:)`).
        var lastFacts = FactIndex()
        for range in Merger.segments(between: bounds) {
            facts.removeAll(keepingCapacity: true)
            // Any version inside the range stands for all of it: no fact changes inside a range.
            let answer = answer(cell, at: range.from ?? .zero, facts: &facts).answer
            // The last segment is read in place: a copy of it would share its facts, and the append
            // below would then copy them all.
            if let last = result.indices.last, result[last].answer == answer, result[last].os.until == range.from {
                result[last].os.until = range.until
                result[last].facts.appendNew(facts, index: &lastFacts)
            } else {
                result.append(Segment(os: range, answer: answer, facts: Array(facts)))
                lastFacts = FactIndex()
            }
        }
        if result.count > 1, result[0].answer == .unknown, result[0].facts.isEmpty { result.removeFirst() }
        if result.count == 1, result[0].answer == .unknown, result[0].facts.isEmpty { return [] }
        return result
    }

    /// The cell of the fact a gate requires, for a gated cell; nil where the gate does not apply
    /// (its subject path names an attribute the entity does not have).
    func requiredCell(_ gate: Gate, kind: FactKind, subject: String, level: String?) -> (subject: String, level: String?)? {
        let requiredLevel = gate.requires.takesLevels ? level : nil
        guard let path = gate.subject else { return ("", requiredLevel) }
        let base: String?
        switch path.part {
        case .subject: base = subject
        case .level: base = level
        case .from: base = FlowKey.parts(subject).from
        case .trigger: base = FlowKey.parts(subject).trigger
        }
        guard let base else { return nil }
        guard let attribute = path.attribute else { return (base, requiredLevel) }
        guard let baseKind = GateSubject.kind(of: path.part, for: kind),
            let value = vocabulary.entity(baseKind, base)?.attributes[attribute]
        else { return nil }
        return (value, requiredLevel)
    }

    /// The versions where the facts of a cell, or of a cell its gates require, begin or end.
    func collectBounds(
        _ kind: FactKind, subject: String, platform: String, level: String?, accuracy: Accuracy = .full,
        into bounds: inout VersionBounds
    ) {
        collectBounds(cells(kind, subject: subject, platform: platform, level: level, accuracy: accuracy), into: &bounds)
    }

    func collectBounds(_ cell: GatedCell, into bounds: inout VersionBounds) {
        withUnsafePointer(to: cell) { collectBounds($0, into: &bounds) }
    }

    /// Read in place, as `answer` reads cells: `for` loops over the facts and the required cells copied
    /// each one (a retain and a release of each fact's box and of each cell's lists).
    private func collectBounds(_ cell: UnsafePointer<GatedCell>, into bounds: inout VersionBounds) {
        let facts = cell.pointee.facts
        var index = facts.startIndex
        while index < facts.endIndex {
            let os = facts[index].os
            if let from = os.from { bounds.insert(from) }
            if let until = os.until { bounds.insert(until) }
            index += 1
        }
        cell.pointee.required.withUnsafeBufferPointer { required in
            for index in required.indices { collectBounds(required.baseAddress! + index, into: &bounds) }
        }
    }

    /// Whether an adjudication ruled that the fact's claims stand over the claims that close its gate.
    /// The gate's facts are `facts[start...]`, sliced only when a ruling could apply.
    private func overridden(_ own: Fact?, by facts: [Fact], from start: Int) -> Bool {
        guard !overrides.isEmpty, let own else { return false }
        let gateClaims = facts[start...].flatMap(\.deciding)
        return !gateClaims.isEmpty
            && own.deciding.contains { gated in
                gateClaims.allSatisfy { overrides.contains(ClaimPair(gated: gated, gate: $0)) }
            }
    }

    /// The facts of a cell cut to where they hold through the gates, in OS order: what a reader that
    /// works on facts (the Info.plist linter) sees. Where a gate is closed or unknown there is no fact.
    func holding(_ kind: FactKind, subject: String, platform: String, level: String? = nil) -> [Fact] {
        guard !gates(of: kind).isEmpty else { return merge.facts(kind, subject: subject, platform: platform, level: level) }
        return timeline(kind, subject: subject, platform: platform, level: level).flatMap { segment -> [Fact] in
            guard case .value = segment.answer else { return [] }
            // A segment may span several facts with the same value; each is cut to the segment.
            return segment.facts.filter { $0.kind == kind && $0.os.overlaps(segment.os) }.map { fact in
                var cut = fact
                cut.os = fact.os.intersection(segment.os)
                return cut
            }
        }
    }
}
