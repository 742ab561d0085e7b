/// Exact answers for `capdoc query`, from the same merged facts as every output.
/// `nil` values mean the sources do not decide.
public struct Answers: Sendable {
    public let model: ContentModel
    public let merge: MergeResult
    /// Every answer, as the pages and the dataset read them.
    let table: AnswerTable
    let subjectSources: SourcesBySubject

    public init(model: ContentModel, merge: MergeResult) {
        self.model = model
        self.merge = merge
        self.table = AnswerTable(merge: merge, model: model)
        subjectSources = SourcesBySubject(model)
    }

    /// Throws `UnknownID` unless `id` is a known entry of `kind`.
    public func require(_ kind: EntityKind, _ id: String) throws(UnknownID) {
        try model.vocabulary.require(kind, id)
    }

    /// The newest OS version the sources name for a platform: what an answer without `--os` holds
    /// for. Platforms that share their version numbers (`numbering` in `platforms.yaml`: iPadOS and
    /// Mac Catalyst number theirs like iOS) share their newest version too.
    func newestVersion(on platform: String) -> Version? {
        let numbering = model.vocabulary.entity(.platform, platform)?.attributes["numbering"] ?? platform
        let family = Set(model.vocabulary.all(.platform).filter { ($0.attributes["numbering"] ?? $0.id.value) == numbering }.map(\.id.value) + [platform])
        var newest: Version?
        for claim in model.claims {
            guard !claim.scope.os.isUnbounded, case let .named(platforms) = claim.scope.platforms,
                platforms.contains(where: { family.contains($0.value) })
            else { continue }
            for bound in [claim.scope.os.from, claim.scope.os.until].compactMap({ $0 }) where newest.map({ $0 < bound }) ?? true {
                newest = bound
            }
        }
        return newest
    }

    /// The sources that speak of an entity (a claim names it as its subject), in id order: where an
    /// answer about it is unknown, these are the pages that were read and are silent on the question,
    /// which an "unknown" names so that a reader knows what was consulted, not only that nothing decides.
    public func sourcesNaming(_ kind: EntityKind, _ id: String) -> [String] {
        subjectSources.sources(kind, id)
    }

    /// The version an answer is for: the one asked, or the newest the sources name, in the platform's
    /// style (API level `29`, not `29.0`).
    func version(_ os: Version?, on platform: String) -> Version? {
        (os ?? newestVersion(on: platform))?.styled(model.vocabulary.versionStyle(of: platform))
    }

    public struct SupportAnswer: Sendable {
        public var service, platform, level: String
        public var os: Version?
        /// Whether `os` was not asked for, but is the newest version the sources name.
        public var newest: Bool
        /// The accuracy the user granted, as asked.
        public var accuracy: Accuracy
        public var support: Support
        /// What else the sources say of the service here (`SupportAnswer.detailKinds`), through the gates.
        var details: [(kind: FactKind, answer: GatedFacts.Segment)]
        /// Where availability or relaunch is unknown: the sources that speak of the service and are
        /// silent here (empty when both are decided).
        public var silentSources: [String]
        /// Where the question is asked for a kind of bundle (`--bundle app-clip`): what it may not do.
        public var bundle: BundleLimits?
        /// The version from which the availability answered has held without a break (nil: from the
        /// platform's first version), read from the service's answers as the matrix shows them.
        public var since: Version?

        /// Whether the service works: the app's answer, and "no" where the bundle may not hold the level.
        public var available: Bool? { bundle?.closesLevel == true ? false : support.available }
        /// Whether the system relaunches a terminated app for the service: "no" for a bundle that may
        /// not hold the level or run in the background.
        public var launchesTerminatedApp: Bool? {
            bundle.map { $0.closesLevel || $0.closesBackground } == true ? false : support.launchesTerminatedApp
        }
        /// `available` as an id: the app's (`yes`, `no`, a gate's outcome, `unknown`), or
        /// `level-not-allowed-in-bundle` where the bundle may not hold the level.
        public var availability: String { bundle?.closesLevel == true ? "level-not-allowed-in-bundle" : support.availability.id }

        /// The service facts a support answer reports beside availability and relaunch, in this order.
        static let detailKinds: [FactKind] = [
            .explicitRequestRequired, .worksWithReducedAccuracy, .backgroundModeRequired,
            .backgroundDelivery, .optOutKey,
        ]

        public func detail(_ kind: FactKind) -> GatedFacts.Answer {
            // A bundle that may not run in the background (or hold the level) gets no updates there.
            if kind == .backgroundDelivery, let bundle, bundle.closesLevel || bundle.closesBackground { return .value(.boolean(false)) }
            return details.first { $0.kind == kind }?.answer.answer ?? .unknown
        }

        /// The Info.plist key that stops the service from requesting authorization implicitly, where a source names one.
        public var optOutKey: String? {
            guard case let .value(.keys(keys)) = detail(.optOutKey) else { return nil }
            return keys.first
        }

        private var bundleFacts: [Fact] { bundle?.facts ?? [] }
        public var sources: [String] {
            Array(Set(support.facts.flatMap(\.sources) + details.flatMap(\.answer.sources) + bundleFacts.flatMap(\.sources))).sorted()
        }
        public var claims: [String] { Array(Set(support.facts.flatMap(\.claims) + details.flatMap(\.answer.claims) + bundleFacts.flatMap(\.claims))).sorted() }
    }

    /// `bundle`: a kind of bundle (`bundles.yaml`) the app is, such as `app-clip`; nil for an app.
    public func support(
        service: String, platform: String, level: String, os: Version?, accuracy: Accuracy = .full,
        bundle: String? = nil
    ) throws -> SupportAnswer {
        try require(.service, service); try require(.platform, platform); try require(.level, level)
        if let bundle { try require(.bundle, bundle) }
        let at = version(os, on: platform)
        // A kind scoped by level (an explicit request) is answered under the level asked.
        let details = SupportAnswer.detailKinds.map { kind in
            (kind: kind, answer: table.answer(kind, subject: service, platform: platform, level: kind.takesLevels ? level : nil, at: at, accuracy: accuracy))
        }
        let support = table.support(service: service, platform: platform, level: level, at: at, accuracy: accuracy)
        let undecided = support.available == nil || (model.vocabulary.domain.relaunch && support.launchesTerminatedApp == nil)
        var answer = SupportAnswer(
            service: service, platform: platform, level: level, os: at, newest: os == nil, accuracy: accuracy,
            support: support, details: details, silentSources: undecided ? sourcesNaming(.service, service) : [],
            bundle: limits(bundle, platform: platform, level: level, at: at))
        answer.since = since(service: service, platform: platform, level: level, at: at, accuracy: accuracy, availability: support.availability.id)
        return answer
    }

    /// Where the availability `availability` began, going back from `at` in the service's answers (the
    /// matrix's support timeline; under reduced accuracy the dataset's `availableWithReducedAccuracy`).
    func since(service: String, platform: String, level: String, at: Version?, accuracy: Accuracy, availability: String) -> Version? {
        // The one timeline it reads, as the matrix and the dataset work it out (`ServiceAnswers`).
        let ranges: [(os: VersionRange, id: String)] =
            accuracy == .full
            ? table.supportTimeline(service: service, platform: platform, level: level).map { ($0.os, $0.support.availability.id) }
            : table.timeline(.serviceAvailable, subject: service, platform: platform, level: level, accuracy: .reduced).map { ($0.os, $0.answer.id) }
        guard let index = ranges.lastIndex(where: { at.map($0.os.contains) ?? ($0.os.until == nil) }), ranges[index].id == availability else { return nil }
        return VersionRange.runStart(of: ranges.map(\.os), endingAt: index) { ranges[$0].id == availability }
    }

    public struct LevelAnswer: Sendable {
        public var level, platform: String
        public var os: Version?
        public var newest: Bool
        public var supported: Bool?
        /// Whether the system ever relaunches a terminated app for this level here.
        public var launchesTerminatedApp: Bool?
        public var facts: [Fact]
        /// Where asked for a kind of bundle: what it may not do.
        public var bundle: BundleLimits?
        public var sources: [String] { Array(Set((facts + (bundle?.facts ?? [])).flatMap(\.sources))).sorted() }
        /// Whether the level is offered to the app, or to the bundle asked about: no where it may not hold it.
        public var offered: Bool? { bundle?.closesLevel == true ? false : supported }
        /// The relaunch, where the bundle may hold the level and run in the background.
        public var relaunches: Bool? { bundle.map { $0.closesLevel || $0.closesBackground } == true ? false : launchesTerminatedApp }
    }

    /// `bundle`: a kind of bundle (`bundles.yaml`) the app is; nil for an app.
    public func level(_ level: String, platform: String, os: Version?, bundle: String? = nil) throws -> LevelAnswer {
        try require(.level, level); try require(.platform, platform)
        if let bundle { try require(.bundle, bundle) }
        let asked = os
        let os = version(os, on: platform)
        let offered = merge.fact(.levelSupported, subject: level, platform: platform, at: os)
        let supported: Bool? = if case let .boolean(flag)? = offered?.value { flag } else { nil }
        var facts = offered.map { [$0] } ?? []
        var launches: Bool?
        if supported == false {
            launches = false
        } else {
            // True as soon as one service relaunches; false only when every service is decided false.
            let answers = model.vocabulary.ids(.service).map { table.support(service: $0, platform: platform, level: level, at: os, accuracy: .full) }
            if let relaunching = answers.first(where: { $0.launchesTerminatedApp == true }) {
                launches = true
                facts += relaunching.facts.filter { $0.kind == .launchesTerminatedApp }
            } else if answers.allSatisfy({ $0.launchesTerminatedApp == false }) {
                launches = false
                facts += answers.flatMap { $0.facts.filter { $0.kind == .launchesTerminatedApp } }
            }
        }
        return LevelAnswer(
            level: level, platform: platform, os: os, newest: asked == nil, supported: supported,
            launchesTerminatedApp: launches, facts: facts, bundle: limits(bundle, platform: platform, level: level, at: os))
    }

    public struct KeysAnswer: Sendable {
        public var request, platform: String
        public var os: Version?
        public var newest: Bool
        /// The keys; nil when the sources do not decide, or where a gate is closed (see `closedBy`).
        public var required: [String]?
        /// The gate that closes the answer: the request's method does not exist here, or the platform does not offer its level.
        public var closedBy: Gate?
        /// Keys that earlier OS versions need but this one no longer does (older systems still read them).
        public var deprecated: [String]
        /// Set where the request's method is deprecated.
        public var deprecation: Deprecation?
        public var facts: [Fact]
        /// Where the keys are unknown: the sources that speak of the request and are silent here.
        public var silentSources: [String]
        /// Where asked for a kind of bundle: what it may not do (a level it may not hold closes the request).
        public var bundle: BundleLimits?
        public var sources: [String] { Array(Set((facts + (bundle?.levelFacts ?? [])).flatMap(\.sources))).sorted() }
        /// The keys the app, or the bundle asked about, needs: none where the bundle may not make the request.
        public var keysNeeded: [String]? { bundle?.closesLevel == true ? nil : required }
    }

    /// `bundle`: a kind of bundle (`bundles.yaml`) the app is; nil for an app.
    public func keys(request: String, platform: String, os: Version?, bundle: String? = nil) throws -> KeysAnswer {
        try require(.request, request); try require(.platform, platform)
        if let bundle { try require(.bundle, bundle) }
        let at = version(os, on: platform)
        let current = table.answer(.requestKeys, subject: request, platform: platform, at: at)
        var required: [String]?
        var closedBy: Gate?
        switch current.answer {
        case let .value(.keys(keys)): required = keys
        case let .closed(gate): closedBy = gate
        default: break
        }
        var deprecated = Set<String>()
        var facts = current.facts
        if let required, let start = current.facts.first?.os.from {
            // Keys an earlier range of the same request needed and this one does not: older systems still read them.
            for earlier in table.timeline(.requestKeys, subject: request, platform: platform) where earlier.os.until.map({ !(start < $0) }) ?? false {
                if case let .value(.keys(keys)) = earlier.answer {
                    let dropped = Set(keys).subtracting(required)
                    if !dropped.isEmpty { facts += earlier.facts.filter { !facts.contains($0) } }
                    deprecated.formUnion(dropped)
                }
            }
        }
        let deprecation = table.deprecation(.requestDeprecated, subject: request, platform: platform, at: at)
        if let deprecation { facts += deprecation.facts.filter { !facts.contains($0) } }
        return KeysAnswer(
            request: request, platform: platform, os: at, newest: os == nil, required: required, closedBy: closedBy,
            deprecated: deprecated.sorted(), deprecation: deprecation, facts: facts,
            silentSources: required == nil && closedBy == nil ? sourcesNaming(.request, request) : [],
            bundle: limits(bundle, platform: platform, level: model.vocabulary.entity(.request, request)?.attributes["level"], at: at))
    }

    /// What a kind of bundle may not do on a platform at a version, for a level; nil for an app.
    func limits(_ bundle: String?, platform: String, level: String?, at: Version?) -> BundleLimits? {
        bundle.flatMap { model.vocabulary.entity(.bundle, $0) }.map { BundleLimits(merge: merge, bundle: $0, platform: platform, level: level, at: at) }
    }
}

extension Answers {
    /// `capdoc query flow`: what happens when TRIGGER occurs in state FROM (with CHOICE at its prompt).
    public func flow(from: String, trigger: String, choice: String?, platform: String, os: Version?) throws -> Flow.Answer {
        try require(.state, from); try require(.trigger, trigger)
        if let choice { try require(.choice, choice) }
        try require(.platform, platform)
        let at = version(os, on: platform)
        var answer = table.flow.answer(from: from, trigger: trigger, choice: choice, platform: platform, at: at)
        answer.os = at
        answer.osIsNewestKnown = os == nil
        return answer
    }
}

extension Flow.Answer {
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "from": .string(from), "trigger": .string(trigger), "choice": choice.map(JSONValue.string) ?? .null,
            "platform": .string(platform), "os": os.map { .string($0.description) } ?? .null,
            "prompted": prompted.map(JSONValue.bool) ?? .null,
            "promptKey": promptKey.map(JSONValue.string) ?? .null,
            "choices": .strings(choices),
            "choiceIgnored": .bool(choiceIgnored),
        ]
        members["to"] = to.map(JSONValue.string) ?? .null
        members["reportedStatus"] = reportedStatus.map(JSONValue.string) ?? .null
        members["delegateNotified"] = delegateNotified.map(JSONValue.bool) ?? .null
        members["closedBy"] = closedBy.map { .string($0.outcome) } ?? .null
        members["osIsNewestKnown"] = .bool(osIsNewestKnown)
        members["sources"] = .strings(sources)
        members["claims"] = .strings(claims)
        return .object(members)
    }
}

extension Answers.SupportAnswer {
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "service": .string(service), "platform": .string(platform), "level": .string(level),
            "os": os.map { .string($0.description) } ?? .null,
            "bundle": bundle.map { .string($0.bundle) } ?? .null,
            "available": available.map(JSONValue.bool) ?? .null,
            "launchesTerminatedApp": launchesTerminatedApp.map(JSONValue.bool) ?? .null,
            "availability": .string(availability),
            "accuracy": .string(accuracy.rawValue),
            "osIsNewestKnown": .bool(newest),
            "since": since.map { .string($0.description) } ?? .null,
            "deprecated": support.deprecation.map(\.json) ?? .null,
        ]
        let flags: [(String, FactKind)] = [
            ("explicitRequestRequired", .explicitRequestRequired), ("worksWithReducedAccuracy", .worksWithReducedAccuracy),
            ("backgroundModeRequired", .backgroundModeRequired), ("backgroundDelivery", .backgroundDelivery),
        ]
        for (name, kind) in flags { members[name] = detail(kind).flag.map(JSONValue.bool) ?? .null }
        members["optOutKey"] = optOutKey.map(JSONValue.string) ?? .null
        members["silentSources"] = .strings(silentSources)
        members["sources"] = .strings(sources)
        members["claims"] = .strings(claims)
        return .object(members)
    }
}

extension Answers.LevelAnswer {
    public var json: JSONValue {
        .object([
            "level": .string(level), "platform": .string(platform),
            "os": os.map { .string($0.description) } ?? .null,
            "bundle": bundle.map { .string($0.bundle) } ?? .null,
            "supported": offered.map(JSONValue.bool) ?? .null,
            "osIsNewestKnown": .bool(newest),
            "launchesTerminatedApp": relaunches.map(JSONValue.bool) ?? .null,
            "sources": .strings(sources),
        ])
    }
}

extension Answers.KeysAnswer {
    public var json: JSONValue {
        .object([
            "request": .string(request), "platform": .string(platform),
            "os": os.map { .string($0.description) } ?? .null,
            "bundle": bundle.map { .string($0.bundle) } ?? .null,
            "required": keysNeeded.map(JSONValue.strings) ?? .null,
            "closedBy": bundle?.closesLevel == true ? .string("level-not-allowed-in-bundle") : closedBy.map { .string($0.outcome) } ?? .null,
            "osIsNewestKnown": .bool(newest),
            "deprecatedRequest": deprecation.map(\.json) ?? .null,
            "deprecated": .strings(bundle?.closesLevel == true ? [] : deprecated),
            "silentSources": .strings(silentSources),
            "sources": .strings(sources),
        ])
    }
}

extension Deprecation {
    /// `{"since": "27.0", "replacement": "CLMonitor"}`; either may be null.
    public var json: JSONValue {
        .object(["since": since.map { .string($0.description) } ?? .null, "replacement": replacement.map(JSONValue.string) ?? .null])
    }
}
