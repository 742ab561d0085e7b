/// The rules of `capdoc lint-plist` over the merged model.
///
/// What the linter reads from the model:
/// - `request-keys` for (request, platform): the keys a request needs. With a deployment target,
///   every fact from the target on counts (the app runs on every later version too, so a key that
///   only newer versions need is as missing as one the target needs); without one, the newest
///   versions (the fact with an open `until`).
/// - `key-deprecated` for (key, platform) at the deployment target (or the newest versions).
/// - `key-exists` for (key, platform) from the target on; a `request-keys` fact that lists the key
///   on the platform also counts as saying that the key is read there.
/// - `keys.yaml` `type` for the type rules, and the keys it marks for the rules about one key:
///   `values: usage-strings`, `widget-opt-in`, `inside` and `background-mode`.
public struct PlistLinter: Sendable {
    public let model: ContentModel
    public let merge: MergeResult
    /// The answers every output reads: a request needs keys only where its method exists, a
    /// service's answers are the matrix's.
    let answers: AnswerTable

    public init(model: ContentModel, merge: MergeResult) {
        self.model = model
        self.merge = merge
        answers = AnswerTable(merge: merge, model: model)
    }

    public init(report: CheckReport) {
        self.init(model: report.model, merge: report.merge)
    }

    /// Throws `UnknownID` (a usage error, exit 64) unless `id` is a known entry of `kind`.
    public func require(_ kind: EntityKind, _ id: String) throws(UnknownID) {
        try model.vocabulary.require(kind, id)
    }

    /// Lints a plist's top-level dictionary. `requests` nil means: infer them from the keys present.
    public func lint(
        _ plist: [String: PlistValue], file: String, platform: String,
        deploymentTarget: Version? = nil, requests: [String]? = nil
    ) throws(UnknownID) -> LintResult {
        try lint(LintSubject(file: file, plist: plist, platform: platform, deploymentTarget: deploymentTarget, requests: requests))
    }

    /// Lints one Info.plist with what is known of its bundle: its kind, localizations and code.
    public func lint(_ subject: LintSubject) throws(UnknownID) -> LintResult {
        try require(.platform, subject.platform)
        // A call that is not compiled for this platform (`#if os(iOS)` on tvOS) makes no request here.
        var subject = subject
        subject.code = subject.code.filter { $0.platforms?.contains(subject.platform) ?? true }
        for request in subject.requests ?? [] { try require(.request, request) }
        let scope = Scope(platform: subject.platform, target: subject.deploymentTarget)
        let plist = subject.plist

        var inferredFrom: [String: [String]] = [:]
        let checked: [String]
        if let requests = subject.requests {
            let wanted = Set(requests)
            checked = model.vocabulary.ids(.request).filter(wanted.contains)
        } else if subject.bundle.makesRequests {
            inferredFrom = inferRequests(present: Set(plist.keys), platform: subject.platform)
            for (key, mode, request) in backgroundModes(in: plist) where readsKey(key, scope) {
                inferredFrom[request, default: []].append("\(key): \(mode)")
            }
            for (request, uses) in requestsInCode(subject.code, scope: scope) {
                inferredFrom[request, default: []] += uses.map(\.placeDescription)
            }
            inferredFrom = inferredFrom.mapValues { Array(Set($0)).sorted() }
            checked = model.vocabulary.ids(.request).filter { inferredFrom[$0] != nil }
        } else {
            // An extension runs under its containing app's authorization: that app makes the requests.
            checked = []
        }

        var findings: [LintFinding] = []
        findings += missingKeys(subject, requests: checked, scope: scope)
        for key in plist.keys.sorted() {
            guard model.vocabulary.contains(.key, key) else {
                findings += misspelled(key: key, subject: subject)
                continue
            }
            findings += typeFindings(key: key, value: plist[key]!, subject: subject, requests: checked, scope: scope)
            findings += deprecation(key: key, subject: subject, scope: scope)
            findings += existence(key: key, subject: subject, scope: scope)
        }
        findings += misplacedKeys(subject)
        findings += localizationFindings(subject, requests: checked, scope: scope)
        findings += serviceLevels(subject, requests: checked, scope: scope)
        findings += requestsNotOnPlatform(subject, scope: scope)
        findings += bundleLimitFindings(subject, requests: checked, inferredFrom: inferredFrom, scope: scope)
        findings += entitlementFindings(subject, requests: checked)
        if subject.severalPlatforms {
            // The same Info.plist is linted for each platform of its target: say which one a
            // finding is for, unless its message names it already.
            let name = platformName(subject.platform)
            for index in findings.indices where !findings[index].message.contains(name) {
                findings[index].message += " (when built for \(name))"
            }
        }
        return LintResult(
            file: subject.file, target: subject.target, platform: subject.platform,
            deploymentTarget: subject.deploymentTarget, bundle: subject.bundle, requests: checked,
            inferredRequests: subject.requests == nil ? checked : nil, inferredFrom: inferredFrom,
            findings: LintFinding.ordered(findings))
    }

    // MARK: Inference

    /// The request for the least access (the first request of the first level in `levels.yaml`):
    /// what a service that asks for authorization by itself, or a widget that opts in, needs at
    /// least. From Content, so that no request id of one domain is written into the program.
    var leastAccessRequest: String? {
        guard let least = model.vocabulary.ids(.level).first else { return nil }
        return model.vocabulary.all(.request).first { $0.attributes["level"] == least }?.id.value
    }

    /// The background-modes keys (`keys.yaml` `background-mode`) whose array in the plist holds
    /// the mode that implies a request, each with that mode and the request (`background-request`).
    func backgroundModes(in plist: [String: PlistValue]) -> [(key: String, mode: String, request: String)] {
        model.vocabulary.entities(.key, with: "background-mode").compactMap { entity in
            let key = entity.id.value
            guard let mode = entity.attributes["background-mode"], let request = entity.attributes["background-request"],
                case let .array(modes)? = plist[key], modes.contains(.string(mode))
            else { return nil }
            return (key, mode, request)
        }
    }

    /// Whether the platform reads a key from the target on (the background modes: not on macOS or tvOS).
    func readsKey(_ key: String, _ scope: Scope) -> Bool {
        scope.relevant(merge.facts(.keyExists, subject: key, platform: scope.platform)).contains { $0.value == .boolean(true) }
    }

    /// The requests the keys present point to, each with the present keys that point to it.
    ///
    /// A request is inferred from a present key that one of its `request-keys` facts lists on any
    /// platform and OS version (an iOS key in a Mac app still says what the app asks for) —
    /// unless another request needs a strict subset of that fact's keys including this one:
    /// the When In Use usage string alone means a When In Use request, not an Always request
    /// that also needs it. Where two requests need the same keys (on macOS both need only one
    /// usage string), the one listed first in requests.yaml, asking for less, explains them.
    func inferRequests(present: Set<String>, platform: String) -> [String: [String]] {
        var lists: [(request: String, keys: Set<String>)] = []
        let order = Dictionary(model.vocabulary.ids(.request).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for request in model.vocabulary.ids(.request) {
            for other in model.vocabulary.ids(.platform) {
                for fact in answers.holding(.requestKeys, subject: request, platform: other) {
                    if case let .keys(keys) = fact.value { lists.append((request, Set(keys))) }
                }
            }
        }
        var inferred: [String: Set<String>] = [:]
        for (request, keys) in lists {
            for key in keys.intersection(present) {
                let explainedBySmaller = lists.contains { other in
                    other.request != request && other.keys.contains(key)
                        && (other.keys.isStrictSubset(of: keys)
                            || (other.keys == keys && order[other.request, default: 0] < order[request, default: 0]))
                }
                if !explainedBySmaller { inferred[request, default: []].insert(key) }
            }
        }
        return inferred.mapValues { $0.sorted() }
    }

    // MARK: Rules

    /// The OS versions an app deployed to the target runs on.
    struct Scope {
        var platform: String
        var target: Version?

        /// The facts that hold where the app runs: from the target on, or the newest versions.
        func relevant(_ facts: [Fact]) -> [Fact] {
            if let target { return facts.filter { $0.os.overlaps(VersionRange(from: target)) } }
            return facts.filter { $0.os.until == nil }
        }

        /// The fact that holds at the target (or at the newest versions).
        func atTarget(_ facts: [Fact]) -> Fact? {
            if let target { return facts.first { $0.os.contains(target) } }
            return facts.first { $0.os.until == nil }
        }

        /// The scope of code that runs from `version` on (`#available`): from the later of it and
        /// the deployment target; without a deployment target, the newest versions still.
        func from(_ version: Version?) -> Scope {
            guard let version, let target, version > target else { return self }
            return Scope(platform: platform, target: version)
        }

        /// A fact's range as far as the app is concerned: cut at the deployment target.
        func clipped(_ range: VersionRange) -> VersionRange {
            guard let target else { return range }
            var clipped = range
            if clipped.from.map({ $0 < target }) ?? true { clipped.from = target }
            return clipped
        }
    }

    func platformName(_ id: String) -> String { model.vocabulary.entity(.platform, id)?.name ?? id }

    /// "on iOS", "on iOS 11.0 and later", "on iOS 10.0 up to 11.0".
    func on(_ platform: String, _ range: VersionRange) -> String {
        range.isUnbounded ? "on \(platformName(platform))" : "on \(platformName(platform)) \(range)"
    }

    func requestName(_ request: String) -> String {
        guard let api = model.vocabulary.entity(.request, request)?.attributes["api"] else { return "the \(request) request" }
        return "the \(request) request (\(api))"
    }

    /// Adjacent or overlapping ranges joined, in order.
    func joined(_ ranges: [VersionRange]) -> [VersionRange] {
        let sorted = ranges.sorted { a, b in
            switch (a.from, b.from) {
            case (nil, _): b.from != nil
            case (_, nil): false
            case let (x?, y?): x < y
            }
        }
        var result: [VersionRange] = []
        for range in sorted {
            guard var last = result.last else { result.append(range); continue }
            let touches: Bool = if let until = last.until, let from = range.from { !(until < from) } else { true }
            guard touches else { result.append(range); continue }
            if let lastUntil = last.until {
                if let until = range.until { if lastUntil < until { last.until = until } } else { last.until = nil }
            }
            result[result.count - 1] = last
        }
        return result
    }
}
