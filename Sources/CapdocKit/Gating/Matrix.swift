/// What the matrix says about a service on a platform under a level: whether it works (through the
/// gates: its API exists there, the platform offers the level), whether it relaunches a terminated
/// app, and whether its API is deprecated.
public struct Support: Sendable {
    /// The `service-available` answer: a value, a closed gate, or unknown.
    public var availability: GatedFacts.Answer
    /// The `launches-terminated-app` answer.
    public var relaunch: GatedFacts.Answer
    /// Set where the service's API is deprecated.
    public var deprecation: Deprecation?
    /// The facts the answer rests on; their sources are the answer's citations.
    public var facts: [Fact]

    /// `available` as the query contract has it: nil when the sources do not decide; false where a gate is closed.
    public var available: Bool? { availability.flag }
    /// Whether the system relaunches a terminated app for this service; nil when no source decides.
    public var launchesTerminatedApp: Bool? { relaunch.flag }

    public var sources: [String] { Array(Set(facts.flatMap(\.sources))).sorted() }
    public var claims: [String] { Array(Set(facts.flatMap(\.claims))).sorted() }
}

/// A deprecated API, key or request: since which version, and what a source says to use instead.
public struct Deprecation: Sendable, Hashable {
    /// The version that deprecates it; nil when the sources give none.
    public var since: Version?
    public var replacement: String?
    public var facts: [Fact]
}

/// Reads the gated facts as answers to matrix questions.
struct Matrix: Sendable {
    let gated: GatedFacts
    public var merge: MergeResult { gated.merge }

    public init(gated: GatedFacts) {
        self.gated = gated
    }

    /// The answer at one OS version (nil: the newest versions), for an app granted `accuracy`.
    public func support(service: String, platform: String, level: String, at version: Version? = nil, accuracy: Accuracy = .full) -> Support {
        support(
            cells(service: service, platform: platform, level: level, accuracy: accuracy), at: version,
            deprecations: gated.timeline(.serviceDeprecated, subject: service, platform: platform))
    }

    /// The cells a service's support is read from on a platform under a level, each found once.
    private struct SupportCells {
        let works: GatedFacts.GatedCell
        let launches: GatedFacts.GatedCell
    }

    private func cells(service: String, platform: String, level: String, accuracy: Accuracy) -> SupportCells {
        SupportCells(
            works: gated.cells(.serviceAvailable, subject: service, platform: platform, level: level, accuracy: accuracy),
            launches: gated.cells(.launchesTerminatedApp, subject: service, platform: platform, level: level, accuracy: accuracy))
    }

    /// `support(service:platform:level:at:)` from its cells, with the service's deprecation timeline worked out once by the caller.
    private func support(_ cells: SupportCells, at version: Version?, deprecations: [GatedFacts.Segment]) -> Support {
        let works = gated.answer(cells.works, at: version)
        let launches = gated.answer(cells.launches, at: version)
        let deprecation = gated.deprecation(in: deprecations, at: version)
        var facts = works.facts
        if case .value = works.answer { facts.appendNew(launches.facts) }
        if let deprecation { facts.appendNew(deprecation.facts) }
        return Support(availability: works.answer, relaunch: launches.answer, deprecation: deprecation, facts: facts)
    }

    /// A service's deprecation on a platform over OS versions: the same under every level and accuracy,
    /// so a caller that asks for several of them works it out once (`timeline(…deprecations:)`).
    func deprecations(service: String, platform: String) -> [GatedFacts.Segment] {
        gated.timeline(.serviceDeprecated, subject: service, platform: platform)
    }

    /// The answer over all OS versions, for an app granted full accuracy: ranges where it stays the
    /// same, in order. `deprecations`: the service's `deprecations(service:platform:)`, when the caller
    /// has it. (Under reduced accuracy the pages read `GatedFacts.timeline` of service-available alone,
    /// as the dataset does: the relaunch and the deprecation read here decide nothing there.)
    func timeline(
        service: String, platform: String, level: String,
        deprecations: [GatedFacts.Segment]? = nil
    ) -> [(os: VersionRange, support: Support)] {
        let cells = cells(service: service, platform: platform, level: level, accuracy: .full)
        var bounds = VersionBounds()
        gated.collectBounds(cells.works, into: &bounds)
        gated.collectBounds(cells.launches, into: &bounds)
        gated.collectBounds(.serviceDeprecated, subject: service, platform: platform, level: nil, into: &bounds)
        let deprecations = deprecations ?? self.deprecations(service: service, platform: platform)
        var result: [(os: VersionRange, support: Support)] = []
        var lastFacts = FactIndex()
        for segment in Merger.segments(between: bounds) {
            // Any version inside the segment stands for all of it: no fact changes inside a segment.
            let support = self.support(cells, at: segment.from ?? .zero, deprecations: deprecations)
            // Read in place, as in `GatedFacts.timeline`: a copy of the last entry would make the append copy its facts.
            if let last = result.indices.last, result[last].support.availability == support.availability,
                result[last].support.relaunch == support.relaunch, result[last].support.deprecation?.since == support.deprecation?.since,
                result[last].support.deprecation?.replacement == support.deprecation?.replacement
            {
                result[last].os.until = segment.until
                result[last].support.facts.appendNew(support.facts, index: &lastFacts)
            } else {
                result.append((segment, support))
                lastFacts = FactIndex()
            }
        }
        // Versions before anything is known say nothing: "8.0+: Yes" already says it starts there.
        if result.count > 1, result[0].support.availability == .unknown, result[0].support.relaunch == .unknown, result[0].support.facts.isEmpty {
            result.removeFirst()
        }
        return result
    }
}

extension GatedFacts {
    /// The deprecation of a subject at a version (nil: the newest), through the gates; nil where it is not deprecated.
    public func deprecation(_ kind: FactKind, subject: String, platform: String, at version: Version?) -> Deprecation? {
        deprecation(in: timeline(kind, subject: subject, platform: platform), at: version)
    }

    /// The deprecation at a version in a deprecation kind's timeline.
    func deprecation(in segments: [Segment], at version: Version?) -> Deprecation? {
        // Segments are in OS order without overlaps: found by halves, as a support timeline asks at
        // each of its ranges (thousands, for a cell of thousands of versions).
        let segment = version.map { version in Self.segment(in: segments, at: version) } ?? segments.last
        guard let segment, segment.answer == .value(.boolean(true)) else { return nil }
        let replacement = segment.replacement(in: merge)
        return Deprecation(since: segment.os.from, replacement: replacement, facts: segment.facts)
    }

    /// The segment of a timeline (in OS order, without overlaps) that holds at `version`.
    static func segment(in segments: [Segment], at version: Version) -> Segment? {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if let until = segments[middle].os.until, !(version < until) { low = middle + 1 } else { high = middle }
        }
        guard low < segments.count, segments[low].os.contains(version) else { return nil }
        return segments[low]
    }
}
