/// The authorization flow read from the merged facts: where each trigger (and the user's choice at
/// its prompt) leads from each state, per platform and OS version. `capdoc query flow`, the flow
/// page, the dataset and the flow checks all read the flow through this type.
///
/// Two kinds of fact make it: `prompt` facts (which usage string the prompt shows, per state and
/// trigger) and `transition` facts (per state, trigger and choice; a transition without a choice
/// means that no prompt appears).
public struct Flow: Sendable {
    /// The facts through their gates: a prompt appears, or a transition happens, only where its
    /// trigger's method exists (`gates.yaml`).
    let gated: GatedFacts
    public var merge: MergeResult { gated.merge }
    public var vocabulary: Vocabulary { gated.vocabulary }
    /// The choices the transition facts describe for each `from|trigger`, in vocabulary order.
    private let choicesByPrompt: [String: [String]]

    /// The flow as the claims state it, without gates (what the flow checks read).
    public init(merge: MergeResult, vocabulary: Vocabulary) {
        self.init(gated: GatedFacts(merge: merge, vocabulary: vocabulary))
    }

    public init(gated: GatedFacts) {
        self.gated = gated
        let merge = gated.merge
        let vocabulary = gated.vocabulary
        var choices: [String: Set<String>] = [:]
        for fact in merge.facts(of: .transition) {
            let parts = FlowKey.parts(fact.subject)
            if let choice = parts.choice { choices[FlowKey.prompt(from: parts.from, trigger: parts.trigger), default: []].insert(choice) }
        }
        let order = vocabulary.ids(.choice)
        choicesByPrompt = choices.mapValues { set in order.filter(set.contains) + set.subtracting(order).sorted() }
    }

    /// The state every app starts in: `not-determined`, or the first state of `flow.yaml`.
    var initialState: String {
        vocabulary.contains(.state, "not-determined") ? "not-determined" : (vocabulary.ids(.state).first ?? "not-determined")
    }

    /// The status a state reports, from `flow.yaml`.
    public func status(of state: String) -> String? { vocabulary.entity(.state, state)?.attributes["status"] }

    // MARK: - One question

    /// What happens when `trigger` occurs in `from` on a platform at an OS version (nil: the newest).
    public struct Answer: Sendable {
        public var from, trigger: String
        /// The choice as asked; see `choiceIgnored`.
        public var choice: String?
        public var platform: String
        public var os: Version?
        /// Whether `os` was not asked for, but is the newest version the sources name.
        public var osIsNewestKnown = false
        /// Whether a prompt appears; nil when the sources do not decide.
        public var prompted: Bool?
        /// The key whose usage string the prompt shows; nil without a prompt, or when no source says.
        public var promptKey: String?
        /// The choices the sources describe for the prompt (empty without a prompt).
        public var choices: [String]
        /// A choice was given, but no prompt appears: there is nothing to choose.
        public var choiceIgnored: Bool
        /// The outcome; nil when the sources do not decide, or when a prompt appears and no choice was given.
        public var to: String?
        public var reportedStatus: String?
        public var delegateNotified: Bool?
        /// The gate that keeps the trigger from happening here: its request's method does not exist.
        public var closedBy: Gate?
        /// The facts the answer rests on.
        public var facts: [Fact]

        public var sources: [String] { Array(Set(facts.flatMap(\.sources))).sorted() }
        public var claims: [String] { Array(Set(facts.flatMap(\.claims))).sorted() }
    }

    public func answer(from: String, trigger: String, choice: String?, platform: String, at version: Version?) -> Answer {
        var closing: GatedFacts.Segment?
        func fact(_ kind: FactKind, _ key: String) -> Fact? {
            let segment = gated.answer(kind, subject: key, platform: platform, at: version)
            if case .closed = segment.answer, closing == nil { closing = segment }
            guard case .value = segment.answer else { return nil }
            return segment.facts.first
        }
        let silent = fact(.transition, FlowKey.transition(from: from, trigger: trigger, choice: nil))
        let prompt = fact(.prompt, FlowKey.prompt(from: from, trigger: trigger))
        let choiceFacts = (choicesByPrompt[FlowKey.prompt(from: from, trigger: trigger)] ?? []).compactMap { candidate in
            fact(.transition, FlowKey.transition(from: from, trigger: trigger, choice: candidate)).map { (choice: candidate, fact: $0) }
        }
        var answer = Answer(
            from: from, trigger: trigger, choice: choice, platform: platform, os: version, prompted: nil, promptKey: nil,
            choices: [], choiceIgnored: false, to: nil, reportedStatus: nil, delegateNotified: nil, closedBy: nil, facts: [])
        func take(_ fact: Fact) {
            guard case let .transition(outcome) = fact.value else { return }
            answer.to = outcome.to
            answer.reportedStatus = outcome.status
            answer.delegateNotified = outcome.delegate
            answer.facts.append(fact)
        }
        if !choiceFacts.isEmpty || prompt != nil {
            answer.prompted = true
            if let prompt {
                answer.facts.append(prompt)
                if case let .keys(keys) = prompt.value { answer.promptKey = keys.first }
            }
            answer.choices = choiceFacts.map(\.choice)
            if let choice, let chosen = choiceFacts.first(where: { $0.choice == choice }) {
                take(chosen.fact)
            } else {
                // No choice decided: the claims that list the choices are what the answer rests on.
                answer.facts.append(contentsOf: choiceFacts.map(\.fact))
            }
        } else if let silent {
            answer.prompted = false
            answer.choiceIgnored = choice != nil
            take(silent)
        } else if let closing, case let .closed(gate) = closing.answer {
            answer.closedBy = gate
            answer.choiceIgnored = choice != nil
            answer.facts = closing.facts
        }
        return answer
    }

    // MARK: - Every transition

    /// One row of the flow: a transition with its prompt, and the platforms (with their OS versions)
    /// where the same claims state the same thing.
    struct Row: Sendable, Hashable {
        public var from, trigger: String
        public var choice: String?
        public var prompted: Bool
        public var promptKey: String?
        public var outcome: TransitionOutcome
        /// In vocabulary order.
        public var platforms: [String]
        /// The OS versions of each platform where the row holds.
        public var os: [String: [VersionRange]]
        /// The claims behind the transition and its prompt as outputs list them (`CitedClaims`: every
        /// deciding claim, the first corroborating ones and how many more), their sources, and the
        /// adjudications that decided them.
        var cited: CitedClaims
        public var sources: [String]
        var deciding: [String] { cited.deciding }
        public var adjudications: [String] { cited.adjudications }

        /// A call that changes nothing: no prompt, and the state stays.
        var changesNothing: Bool { !prompted && outcome.to == from }

        /// The platforms grouped by their OS versions, in order: [(["ios", "ipados"], [11.0+]), (["watchos"], [all])].
        var places: [(platforms: [String], ranges: [VersionRange])] {
            var groups: [(platforms: [String], ranges: [VersionRange])] = []
            for platform in platforms {
                let ranges = os[platform] ?? [.all]
                if let index = groups.firstIndex(where: { $0.ranges == ranges }) {
                    groups[index].platforms.append(platform)
                } else {
                    groups.append(([platform], ranges))
                }
            }
            return groups
        }
    }

    /// The segments of a timeline (in OS order, without overlaps) that may overlap `range`: from the
    /// first that ends after its start, found by halves, to the last that starts before its end.
    static func segments(of timeline: [GatedFacts.Segment], overlapping range: VersionRange) -> ArraySlice<GatedFacts.Segment> {
        var low = 0, high = timeline.count
        if let from = range.from {
            while low < high {
                let middle = (low + high) / 2
                if let until = timeline[middle].os.until, !(from < until) { low = middle + 1 } else { high = middle }
            }
        }
        var end = low
        while end < timeline.count {
            if let until = range.until, let start = timeline[end].os.from, !(start < until) { break }
            end += 1
        }
        return timeline[low..<end]
    }

    /// Every transition, grouped across platforms, in the order of states, triggers and choices of
    /// `flow.yaml`, then of the first platform.
    func rows() -> [Row] {
        struct GroupKey: Hashable {
            var from, trigger: String
            var choice: String?
            var promptKey: String?
            var outcome: TransitionOutcome
            var cited: CitedClaims
        }
        var order: [GroupKey] = []
        var groups: [GroupKey: (os: [String: [VersionRange]], sources: Set<String>)] = [:]
        // The facts of a cell come one after another: its timeline is worked out once for all of
        // them, and each fact reads the segments over its range, found by halves. Worked out per
        // fact, a cell of N facts (N claims, each `from` a version of its own) cost N timelines of
        // N segments (issue 41).
        var timelineCell: (subject: String, platform: String)?
        var timeline: [GatedFacts.Segment] = []
        for fact in merge.facts(of: .transition) {
            guard case let .transition(outcome) = fact.value else { continue }
            let (from, trigger, choice) = FlowKey.parts(fact.subject)
            let prompts = choice == nil ? [] : merge.facts(.prompt, subject: FlowKey.prompt(from: from, trigger: trigger), platform: fact.platform)
            if timelineCell?.subject != fact.subject || timelineCell?.platform != fact.platform {
                timeline = gated.timeline(.transition, subject: fact.subject, platform: fact.platform)
                timelineCell = (fact.subject, fact.platform)
            }
            // Only where the gates let the transition happen.
            let open = Self.segments(of: timeline, overlapping: fact.os)
                .filter { if case .value = $0.answer { $0.os.overlaps(fact.os) } else { false } }
                .map { $0.os.intersection(fact.os) }
            for (os, prompt) in open.flatMap({ Self.split($0, by: prompts) }) {
                let facts = [fact] + (prompt.map { [$0] } ?? [])
                var promptKey: String?
                if let prompt, case let .keys(keys) = prompt.value { promptKey = keys.first }
                let key = GroupKey(
                    from: from, trigger: trigger, choice: choice, promptKey: promptKey, outcome: outcome,
                    cited: CitedClaims(facts))
                if groups[key] == nil { order.append(key); groups[key] = ([:], []) }
                groups[key]!.os[fact.platform, default: []].append(os)
                groups[key]!.sources.formUnion(facts.flatMap(\.sources))
            }
        }
        let states = positions(.state), triggers = positions(.trigger), choices = positions(.choice), platforms = positions(.platform)
        let rows = order.map { key -> Row in
            let group = groups[key]!
            return Row(
                from: key.from, trigger: key.trigger, choice: key.choice, prompted: key.choice != nil, promptKey: key.promptKey,
                outcome: key.outcome, platforms: group.os.keys.sorted { (platforms[$0] ?? .max, $0) < (platforms[$1] ?? .max, $1) },
                os: group.os, cited: key.cited, sources: group.sources.sorted())
        }
        func rank(_ row: Row) -> (Int, Int, Int, Int) {
            (
                states[row.from] ?? .max, triggers[row.trigger] ?? .max, row.choice.map { (choices[$0] ?? .max - 1) + 1 } ?? 0,
                row.platforms.first.flatMap { platforms[$0] } ?? .max
            )
        }
        return rows.enumerated().sorted { a, b in
            let left = rank(a.element), right = rank(b.element)
            if left != right { return left < right }
            let leftStart = a.element.os[a.element.platforms.first ?? ""]?.first ?? .all
            let rightStart = b.element.os[b.element.platforms.first ?? ""]?.first ?? .all
            if leftStart != rightStart { return Self.starts(leftStart, before: rightStart) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The states reachable from the initial state over the transitions of any platform.
    func reachableStates() -> Set<String> {
        var edges: [String: Set<String>] = [:]
        for fact in merge.facts(of: .transition) {
            if case let .transition(outcome) = fact.value { edges[FlowKey.parts(fact.subject).from, default: []].insert(outcome.to) }
        }
        var reached: Set<String> = [initialState]
        var queue = [initialState]
        while let state = queue.popLast() {
            for next in edges[state] ?? [] where reached.insert(next).inserted { queue.append(next) }
        }
        return reached
    }

    /// Each state's distance from the initial state (unreachable states are left out).
    func layers() -> [String: Int] {
        var edges: [String: Set<String>] = [:]
        for fact in merge.facts(of: .transition) {
            if case let .transition(outcome) = fact.value { edges[FlowKey.parts(fact.subject).from, default: []].insert(outcome.to) }
        }
        return Self.distances(from: initialState, edges: edges)
    }

    /// Each state's distance from `initial` over `edges` (breadth first, targets in id order).
    static func distances(from initial: String, edges: [String: Set<String>]) -> [String: Int] {
        var distance = [initial: 0]
        var frontier = [initial]
        while !frontier.isEmpty {
            var next: [String] = []
            for state in frontier {
                for target in (edges[state] ?? []).sorted() where distance[target] == nil {
                    distance[target] = distance[state]! + 1
                    next.append(target)
                }
            }
            frontier = next
        }
        return distance
    }

    // MARK: - Helpers

    private func positions(_ kind: EntityKind) -> [String: Int] {
        Dictionary(vocabulary.ids(kind).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func starts(_ a: VersionRange, before b: VersionRange) -> Bool {
        switch (a.from, b.from) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case let (x?, y?): return x < y
        }
    }

    /// `range` cut where the given facts start or end, each piece with the fact that covers it (if any);
    /// neighbouring pieces with the same fact are joined.
    static func split(_ range: VersionRange, by facts: [Fact]) -> [(VersionRange, Fact?)] {
        guard !facts.isEmpty else { return [(range, nil)] }
        let bounds = facts.flatMap { [$0.os.from, $0.os.until].compactMap { $0 } } + [range.from, range.until].compactMap { $0 }
        var pieces: [(VersionRange, Fact?)] = []
        for segment in Merger.segments(of: [], ranges: [], extraBounds: bounds) where range.contains(segment) {
            let covering = facts.first { $0.os.contains(segment) }
            if let last = pieces.last, last.1 == covering, last.0.until == segment.from {
                pieces[pieces.count - 1].0.until = segment.until
            } else {
                pieces.append((segment, covering))
            }
        }
        return pieces
    }
}
