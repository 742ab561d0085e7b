/// What the matrix says about a service on a platform under a level, combining three kinds of fact:
/// whether the service's API exists there, whether the platform offers the level, and whether the
/// service works under the level (and relaunches a terminated app).
public struct Support: Sendable, Hashable {
    public enum Availability: String, Sendable {
        case yes, no, unknown
        /// The service's API does not exist on the platform.
        case notOnPlatform = "not-on-platform"
        /// The platform does not offer the access level.
        case levelNotOffered = "level-not-offered"
    }

    public var availability: Availability
    /// Whether the system relaunches a terminated app for this service; nil when no source says.
    public var launchesTerminatedApp: Bool?
    /// The facts the answer rests on; their sources are the answer's citations.
    public var facts: [Fact]

    /// `available` as the query contract has it: nil when the sources do not decide.
    public var available: Bool? {
        switch availability {
        case .yes: true
        case .no, .notOnPlatform, .levelNotOffered: false
        case .unknown: nil
        }
    }

    public var sources: [String] { Array(Set(facts.flatMap(\.sources))).sorted() }
    public var claims: [String] { Array(Set(facts.flatMap(\.claims))).sorted() }
}

/// Reads the merged facts as answers to matrix questions.
public struct Matrix: Sendable {
    public let merge: MergeResult

    public init(merge: MergeResult) {
        self.merge = merge
    }

    /// The answer at one OS version (nil: the newest versions).
    public func support(service: String, platform: String, level: String, at version: Version? = nil) -> Support {
        let onPlatform = merge.fact(.serviceOnPlatform, subject: service, platform: platform, at: version)
        let offered = merge.fact(.levelSupported, subject: level, platform: platform, at: version)
        let works = merge.fact(.serviceAvailable, subject: service, platform: platform, level: level, at: version)
        let launches = merge.fact(.launchesTerminatedApp, subject: service, platform: platform, level: level, at: version)
        if onPlatform?.value == .boolean(false) {
            return Support(availability: .notOnPlatform, launchesTerminatedApp: false, facts: [onPlatform!])
        }
        if offered?.value == .boolean(false) {
            return Support(availability: .levelNotOffered, launchesTerminatedApp: false, facts: [offered!])
        }
        let availability: Support.Availability = switch works?.value {
        case .boolean(true)?: .yes
        case .boolean(false)?: .no
        default: .unknown
        }
        let launchValue: Bool? = if case let .boolean(flag)? = launches?.value { flag } else { nil }
        return Support(availability: availability, launchesTerminatedApp: availability == .no ? false : launchValue,
                       facts: [onPlatform, offered, works, availability == .no ? nil : launches].compactMap { $0 })
    }

    /// The answer over all OS versions: ranges where it stays the same, in order.
    public func timeline(service: String, platform: String, level: String) -> [(os: VersionRange, support: Support)] {
        let kinds: [(FactKind, String, String?)] = [
            (.serviceOnPlatform, service, nil), (.levelSupported, level, nil),
            (.serviceAvailable, service, level), (.launchesTerminatedApp, service, level),
        ]
        var bounds = Set<Version>()
        for (kind, subject, factLevel) in kinds {
            for fact in merge.facts(kind, subject: subject, platform: platform, level: factLevel) {
                if let from = fact.os.from { bounds.insert(from) }
                if let until = fact.os.until { bounds.insert(until) }
            }
        }
        let segments = Merger.segments(of: [], ranges: [], extraBounds: Array(bounds))
        var result: [(os: VersionRange, support: Support)] = []
        for segment in segments {
            // Any version inside the segment stands for all of it: no fact changes inside a segment.
            let probe: Version? = segment.isUnbounded ? nil : (segment.from ?? Version(components: [0]))
            let support = self.support(service: service, platform: platform, level: level, at: probe)
            if let last = result.last, last.support.availability == support.availability,
               last.support.launchesTerminatedApp == support.launchesTerminatedApp, last.support.sources == support.sources {
                result[result.count - 1].os.until = segment.until
            } else {
                result.append((segment, support))
            }
        }
        return result
    }

    /// A boolean fact of a kind without levels, over all versions: e.g. whether a platform offers a level.
    public func values(_ kind: FactKind, subject: String, platform: String, level: String? = nil) -> [Fact] {
        merge.facts(kind, subject: subject, platform: platform, level: level)
    }
}
