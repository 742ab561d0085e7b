/// One thing `capdoc lint-plist` found in an Info.plist, with the sources that state the rule.
public struct LintFinding: Sendable, Hashable {
    /// The rules, each with a stable id used in every output format.
    public enum Rule: String, Sendable, CaseIterable {
        case missingUsageKey = "missing-usage-key"
        case emptyUsageKey = "empty-usage-key"
        case wrongKeyType = "wrong-key-type"
        case invalidTemporaryDictionary = "invalid-temporary-dictionary"
        case deprecatedKey = "deprecated-key"
        case keyNotOnPlatform = "key-not-on-platform"

        public var severity: Severity {
            switch self {
            case .missingUsageKey, .emptyUsageKey, .wrongKeyType, .invalidTemporaryDictionary: .error
            case .deprecatedKey, .keyNotOnPlatform: .warning
            }
        }

        /// One line, for SARIF's `shortDescription` and reference docs.
        public var summary: String {
            switch self {
            case .missingUsageKey: "A key that a requested authorization needs is missing; the request fails immediately."
            case .emptyUsageKey: "A usage-description key is present but empty."
            case .wrongKeyType: "A location key has the wrong type (a usage description must be a string)."
            case .invalidTemporaryDictionary: "NSLocationTemporaryUsageDescriptionDictionary is not a dictionary of non-empty strings."
            case .deprecatedKey: "A key is deprecated at the deployment target."
            case .keyNotOnPlatform: "A key is not read on the platform."
            }
        }
    }

    public var rule: Rule
    public var severity: Severity
    /// The Info.plist key the finding is about.
    public var key: String
    public var message: String
    /// Ids of the sources that state the rule, sorted and unique.
    public var sources: [String]
    /// References (`source#claim`) of the claims that state it, sorted and unique.
    public var claims: [String]

    public init(rule: Rule, key: String, message: String, sources: [String], claims: [String]) {
        self.rule = rule
        self.severity = rule.severity
        self.key = key
        self.message = message
        self.sources = Array(Set(sources)).sorted()
        self.claims = Array(Set(claims)).sorted()
    }

    /// Errors first, then by rule, key and message: the order of every output.
    static func ordered(_ findings: [LintFinding]) -> [LintFinding] {
        let rank = Dictionary(uniqueKeysWithValues: Rule.allCases.enumerated().map { ($1, $0) })
        return findings.sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            if a.rule != b.rule { return rank[a.rule]! < rank[b.rule]! }
            if a.key != b.key { return a.key < b.key }
            return a.message < b.message
        }
    }
}

/// What `capdoc lint-plist` found in one Info.plist.
public struct LintResult: Sendable, Hashable {
    public var file: String
    public var platform: String
    public var deploymentTarget: Version?
    /// The requests checked, given or inferred, in vocabulary order.
    public var requests: [String]
    /// The requests inferred from the keys present, when `--requests` was left out; nil when given.
    public var inferredRequests: [String]?
    /// The keys present that the inference went by, per inferred request (sorted).
    public var inferredFrom: [String: [String]]
    public var findings: [LintFinding]

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

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
/// - `keys.yaml` `type` for the type rules.
public struct PlistLinter: Sendable {
    public let model: ContentModel
    public let merge: MergeResult
    /// The facts through their gates: a request needs keys only where its method exists.
    let gated: GatedFacts

    public static let temporaryDictionaryKey = "NSLocationTemporaryUsageDescriptionDictionary"

    public init(model: ContentModel, merge: MergeResult) {
        self.model = model
        self.merge = merge
        self.gated = GatedFacts(merge: merge, model: model)
    }

    public init(report: Checker.Report) {
        self.init(model: report.model, merge: report.merge)
    }

    /// An id the vocabulary does not know: a usage error (exit 64).
    public struct UnknownID: Error, Sendable, Hashable, CustomStringConvertible {
        public var kind: EntityKind
        public var id: String
        /// " (did you mean 'x'?)" or "".
        public var suggestion: String

        public var description: String { "unknown \(kind.rawValue) '\(id)'\(suggestion)" }
    }

    /// Throws `UnknownID` unless `id` is a known entry of `kind`.
    public func require(_ kind: EntityKind, _ id: String) throws(UnknownID) {
        guard !model.vocabulary.contains(kind, id) else { return }
        throw UnknownID(kind: kind, id: id, suggestion: Suggestions.phrase(for: id, in: model.vocabulary.ids(kind)))
    }

    /// Lints a plist's top-level dictionary. `requests` nil means: infer them from the keys present.
    public func lint(_ plist: [String: PlistValue], file: String, platform: String,
                     deploymentTarget: Version? = nil, requests: [String]? = nil) throws(UnknownID) -> LintResult {
        try require(.platform, platform)
        for request in requests ?? [] { try require(.request, request) }
        let scope = Scope(platform: platform, target: deploymentTarget)

        var inferredFrom: [String: [String]] = [:]
        let checked: [String]
        if let requests {
            let wanted = Set(requests)
            checked = model.vocabulary.ids(.request).filter(wanted.contains)
        } else {
            inferredFrom = inferRequests(present: Set(plist.keys), platform: platform)
            checked = model.vocabulary.ids(.request).filter { inferredFrom[$0] != nil }
        }

        var findings: [LintFinding] = []
        findings += missingKeys(plist, requests: checked, scope: scope)
        for key in plist.keys.sorted() where model.vocabulary.contains(.key, key) {
            findings += typeFindings(key: key, value: plist[key]!, requests: checked, scope: scope)
            findings += deprecation(key: key, scope: scope)
            findings += existence(key: key, scope: scope)
        }
        return LintResult(file: file, platform: platform, deploymentTarget: deploymentTarget, requests: checked,
                          inferredRequests: requests == nil ? checked : nil, inferredFrom: inferredFrom,
                          findings: LintFinding.ordered(findings))
    }

    // MARK: Inference

    /// The requests the keys present point to, each with the present keys that point to it.
    ///
    /// A request is inferred from a present key that one of its `request-keys` facts on the
    /// platform lists (any OS version) — unless another request needs a strict subset of that
    /// fact's keys including this one: NSLocationWhenInUseUsageDescription alone means a When In
    /// Use request, not an Always request that also needs it.
    public func inferRequests(present: Set<String>, platform: String) -> [String: [String]] {
        var lists: [(request: String, keys: Set<String>)] = []
        for request in model.vocabulary.ids(.request) {
            for fact in gated.holding(.requestKeys, subject: request, platform: platform) {
                if case let .keys(keys) = fact.value { lists.append((request, Set(keys))) }
            }
        }
        var inferred: [String: Set<String>] = [:]
        for (request, keys) in lists {
            for key in keys.intersection(present) {
                let explainedBySmaller = lists.contains { other in
                    other.request != request && other.keys.contains(key) && other.keys.isStrictSubset(of: keys)
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

        /// A fact's range as far as the app is concerned: cut at the deployment target.
        func clipped(_ range: VersionRange) -> VersionRange {
            guard let target else { return range }
            var clipped = range
            if clipped.from.map({ $0 < target }) ?? true { clipped.from = target }
            return clipped
        }
    }

    private func platformName(_ id: String) -> String { model.vocabulary.entity(.platform, id)?.name ?? id }

    /// "on iOS", "on iOS 11.0 and later", "on iOS 10.0 up to 11.0".
    private func on(_ platform: String, _ range: VersionRange) -> String {
        range.isUnbounded ? "on \(platformName(platform))" : "on \(platformName(platform)) \(range)"
    }

    private func requestName(_ request: String) -> String {
        guard let api = model.vocabulary.entity(.request, request)?.attributes["api"] else { return "the \(request) request" }
        return "the \(request) request (\(api))"
    }

    /// Adjacent or overlapping ranges joined, in order.
    private func joined(_ ranges: [VersionRange]) -> [VersionRange] {
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

    private func missingKeys(_ plist: [String: PlistValue], requests: [String], scope: Scope) -> [LintFinding] {
        var findings: [LintFinding] = []
        for request in requests {
            // key → the facts (from the target on) that list it.
            var needing: [String: [Fact]] = [:]
            for fact in scope.relevant(gated.holding(.requestKeys, subject: request, platform: scope.platform)) {
                guard case let .keys(keys) = fact.value else { continue }
                for key in keys where plist[key] == nil { needing[key, default: []].append(fact) }
            }
            for (key, facts) in needing {
                let ranges = joined(facts.map { scope.clipped($0.os) })
                let whereText = ranges.map { on(scope.platform, $0) }.joined(separator: " and ")
                var message = "\(key) is missing: \(requestName(request)) needs it \(whereText) and fails immediately without it"
                if let typo = misspelling(of: key, in: plist) { message += " (the Info.plist has '\(typo)': a typo?)" }
                findings.append(LintFinding(rule: .missingUsageKey, key: key, message: message,
                                            sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims)))
            }
        }
        return findings
    }

    /// A key of the plist, unknown to the model, within three edits of `key`: a likely typo.
    /// (Tighter than `Suggestions.nearest`, since real plists have many *UsageDescription keys.)
    private func misspelling(of key: String, in plist: [String: PlistValue]) -> String? {
        let target = Array(key.lowercased().unicodeScalars)
        // Within three edits means lengths within three: anything else (a 10 MB key) is skipped before
        // the quadratic distance is computed.
        return plist.keys.filter { !model.vocabulary.contains(.key, $0) && abs($0.unicodeScalars.count - target.count) <= 3 }
            .map { ($0, Suggestions.editDistance(target, Array($0.lowercased().unicodeScalars))) }
            .filter { $0.1 <= 3 }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// The facts that cite a key's rules: the requests checked that need it here, and where it is read.
    private func citations(for key: String, requests: [String], scope: Scope) -> [Fact] {
        var facts: [Fact] = []
        for request in requests {
            facts += scope.relevant(gated.holding(.requestKeys, subject: request, platform: scope.platform)).filter { fact in
                if case let .keys(keys) = fact.value { return keys.contains(key) }
                return false
            }
        }
        var exists = scope.relevant(merge.facts(.keyExists, subject: key, platform: scope.platform)).filter { $0.value == .boolean(true) }
        if exists.isEmpty {
            // The key's own pages, from whichever platforms they speak of.
            exists = model.vocabulary.ids(.platform).flatMap { merge.facts(.keyExists, subject: key, platform: $0) }
        }
        return facts + exists
    }

    private func typeFindings(key: String, value: PlistValue, requests: [String], scope: Scope) -> [LintFinding] {
        let type = model.vocabulary.entity(.key, key)?.attributes["type"]
        func finding(_ rule: LintFinding.Rule, _ message: String) -> [LintFinding] {
            let facts = citations(for: key, requests: requests, scope: scope)
            return [LintFinding(rule: rule, key: key, message: message, sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims))]
        }
        if key == Self.temporaryDictionaryKey {
            guard case let .dictionary(entries) = value else {
                return finding(.invalidTemporaryDictionary, "\(key) must be a dictionary of purpose keys to non-empty strings, but it is \(value.typeDescription)")
            }
            if entries.isEmpty {
                return finding(.invalidTemporaryDictionary, "\(key) is an empty dictionary: it needs one entry per purpose key, whose string explains why the app asks for full accuracy")
            }
            var problems: [String] = []
            for (purpose, entry) in entries.sorted(by: { $0.key < $1.key }) {
                switch entry {
                case let .string(text) where text.allSatisfy(\.isWhitespace):
                    problems.append("'\(purpose)' is empty")
                case .string:
                    continue
                default:
                    problems.append("'\(purpose)' is \(entry.typeDescription), not a string")
                }
            }
            guard problems.isEmpty else {
                return finding(.invalidTemporaryDictionary, "\(key) must map each purpose key to a non-empty string: " + problems.joined(separator: "; "))
            }
            return []
        }
        switch (type, value) {
        case let ("string", .string(text)) where text.allSatisfy(\.isWhitespace):
            return finding(.emptyUsageKey, "\(key) is empty: the permission prompt shows this string, so it must say why the app uses location")
        case ("string", .string), ("boolean", .boolean), ("dictionary", .dictionary), ("array", .array):
            return []
        case let ("string"?, other):
            return finding(.wrongKeyType, "\(key) must be a string, but it is \(other.typeDescription)")
        case let ("boolean"?, other):
            return finding(.wrongKeyType, "\(key) must be a boolean, but it is \(other.typeDescription)")
        case let ("dictionary"?, other):
            return finding(.wrongKeyType, "\(key) must be a dictionary, but it is \(other.typeDescription)")
        case let ("array"?, other):
            return finding(.wrongKeyType, "\(key) must be an array, but it is \(other.typeDescription)")
        default:
            return []
        }
    }

    private func deprecation(key: String, scope: Scope) -> [LintFinding] {
        guard let fact = scope.atTarget(gated.holding(.keyDeprecated, subject: key, platform: scope.platform)),
              fact.value == .boolean(true) else { return [] }
        let target = scope.target.map { "the target is \(platformName(scope.platform)) \($0)" }
            ?? "no deployment target given: checked for the newest versions"
        var message = "\(key) is deprecated for deployment targets \(on(scope.platform, fact.os)) (\(target))"
        if let replacement = merge.replacement(namedBy: fact.deciding) {
            message += "; use \(replacement) instead"
        }
        return [LintFinding(rule: .deprecatedKey, key: key, message: message, sources: fact.sources, claims: fact.claims)]
    }

    private func existence(key: String, scope: Scope) -> [LintFinding] {
        let facts = scope.relevant(merge.facts(.keyExists, subject: key, platform: scope.platform))
        if facts.contains(where: { $0.value == .boolean(true) }) { return [] }
        // A request that needs the key here says as much as a key-exists fact.
        for request in model.vocabulary.ids(.request) {
            for fact in scope.relevant(gated.holding(.requestKeys, subject: request, platform: scope.platform)) {
                if case let .keys(keys) = fact.value, keys.contains(key) { return [] }
            }
        }
        let deployed = scope.target.map { " \($0) and later" } ?? ""
        let platform = platformName(scope.platform)
        let denying = facts.filter { $0.value == .boolean(false) }
        if !denying.isEmpty {
            let ranges = denying.map { on(scope.platform, scope.clipped($0.os)) }.joined(separator: " and ")
            return [LintFinding(rule: .keyNotOnPlatform, key: key,
                                message: "\(key) does not exist \(ranges): the sources say the system does not read it there",
                                sources: denying.flatMap(\.sources), claims: denying.flatMap(\.claims))]
        }
        // No source speaks of the key here: cite the ones that say where it is read.
        let elsewhere = model.vocabulary.ids(.platform).flatMap { merge.facts(.keyExists, subject: key, platform: $0) }
            .filter { $0.value == .boolean(true) }
        var message = "no source says that \(key) is read on \(platform)\(deployed); the system may ignore it there"
        if !elsewhere.isEmpty {
            message += " (the sources name it " + elsewhere.map { on($0.platform, $0.os) }.joined(separator: ", ") + ")"
        }
        return [LintFinding(rule: .keyNotOnPlatform, key: key, message: message,
                            sources: elsewhere.flatMap(\.sources), claims: elsewhere.flatMap(\.claims))]
    }
}
