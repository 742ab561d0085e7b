/// Exact answers for `capdoc query`, from the same merged facts as every output.
/// `nil` values mean the sources do not decide.
public struct Answers: Sendable {
    public let model: ContentModel
    public let merge: MergeResult
    let matrix: Matrix

    public init(model: ContentModel, merge: MergeResult) {
        self.model = model
        self.merge = merge
        self.matrix = Matrix(merge: merge)
    }

    /// An id the vocabulary does not know, with the nearest ones.
    public struct UnknownID: Error, CustomStringConvertible {
        public let kind: EntityKind
        public let id: String
        public let suggestions: [String]

        public var description: String {
            var text = "unknown \(kind.rawValue) '\(id)'"
            if !suggestions.isEmpty { text += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?" }
            return text
        }
    }

    public func require(_ kind: EntityKind, _ id: String) throws {
        guard !model.vocabulary.contains(kind, id) else { return }
        throw UnknownID(kind: kind, id: id, suggestions: Suggestions.nearest(to: id, in: model.vocabulary.ids(kind)))
    }

    /// The newest OS version the model names for a platform: what an answer without `--os` holds for.
    public func newestVersion(on platform: String) -> Version? {
        var newest: Version?
        for fact in merge.facts where fact.platform == platform {
            for bound in [fact.os.from, fact.os.until].compactMap({ $0 }) where newest.map({ $0 < bound }) ?? true {
                newest = bound
            }
        }
        return newest
    }

    public struct SupportAnswer: Sendable {
        public var service, platform, level: String
        public var os: Version?
        public var support: Support
    }

    public func support(service: String, platform: String, level: String, os: Version?) throws -> SupportAnswer {
        try require(.service, service); try require(.platform, platform); try require(.level, level)
        return SupportAnswer(service: service, platform: platform, level: level, os: os ?? newestVersion(on: platform),
                             support: matrix.support(service: service, platform: platform, level: level, at: os))
    }

    public struct LevelAnswer: Sendable {
        public var level, platform: String
        public var os: Version?
        public var supported: Bool?
        /// Whether the system ever relaunches a terminated app for this level here.
        public var launchesTerminatedApp: Bool?
        public var facts: [Fact]
        public var sources: [String] { Array(Set(facts.flatMap(\.sources))).sorted() }
    }

    public func level(_ level: String, platform: String, os: Version?) throws -> LevelAnswer {
        try require(.level, level); try require(.platform, platform)
        let offered = merge.fact(.levelSupported, subject: level, platform: platform, at: os)
        let supported: Bool? = if case let .boolean(flag)? = offered?.value { flag } else { nil }
        var facts = offered.map { [$0] } ?? []
        var launches: Bool?
        if supported == false {
            launches = false
        } else {
            // True as soon as one service relaunches; false only when every service is decided false.
            let answers = model.vocabulary.ids(.service).map { matrix.support(service: $0, platform: platform, level: level, at: os) }
            if let relaunching = answers.first(where: { $0.launchesTerminatedApp == true }) {
                launches = true
                facts += relaunching.facts.filter { $0.kind == .launchesTerminatedApp }
            } else if answers.allSatisfy({ $0.launchesTerminatedApp == false }) {
                launches = false
                facts += answers.flatMap { $0.facts.filter { $0.kind == .launchesTerminatedApp } }
            }
        }
        return LevelAnswer(level: level, platform: platform, os: os ?? newestVersion(on: platform), supported: supported,
                           launchesTerminatedApp: launches, facts: facts)
    }

    public struct KeysAnswer: Sendable {
        public var request, platform: String
        public var os: Version?
        /// Nil when the sources do not decide.
        public var required: [String]?
        /// Keys that earlier OS versions need but this one no longer does (older systems still read them).
        public var deprecated: [String]
        public var facts: [Fact]
        public var sources: [String] { Array(Set(facts.flatMap(\.sources))).sorted() }
    }

    public func keys(request: String, platform: String, os: Version?) throws -> KeysAnswer {
        try require(.request, request); try require(.platform, platform)
        let current = merge.fact(.requestKeys, subject: request, platform: platform, at: os)
        let required: [String]? = if case let .keys(keys)? = current?.value { keys } else { nil }
        var deprecated = Set<String>()
        var facts = current.map { [$0] } ?? []
        if let current {
            for earlier in merge.facts(.requestKeys, subject: request, platform: platform)
            where earlier.os.until.map({ until in current.os.from.map { !(until > $0) } ?? false }) ?? false {
                if case let .keys(keys) = earlier.value {
                    let dropped = Set(keys).subtracting(required ?? [])
                    if !dropped.isEmpty { facts.append(earlier) }
                    deprecated.formUnion(dropped)
                }
            }
        }
        return KeysAnswer(request: request, platform: platform, os: os ?? newestVersion(on: platform), required: required,
                          deprecated: deprecated.sorted(), facts: facts)
    }
}

extension Answers {
    /// `capdoc query flow`: what happens when TRIGGER occurs in state FROM (with CHOICE at its prompt).
    public func flow(from: String, trigger: String, choice: String?, platform: String, os: Version?) throws -> Flow.Answer {
        try require(.state, from); try require(.trigger, trigger)
        if let choice { try require(.choice, choice) }
        try require(.platform, platform)
        var answer = Flow(merge: merge, vocabulary: model.vocabulary).answer(from: from, trigger: trigger, choice: choice, platform: platform, at: os)
        answer.os = os ?? newestVersion(on: platform)
        return answer
    }
}

extension Flow.Answer {
    public var json: JSONValue {
        .object([
            "from": .string(from), "trigger": .string(trigger), "choice": choice.map(JSONValue.string) ?? .null,
            "platform": .string(platform), "os": os.map { .string($0.description) } ?? .null,
            "prompted": prompted.map(JSONValue.bool) ?? .null,
            "promptKey": promptKey.map(JSONValue.string) ?? .null,
            "choices": .strings(choices),
            "choiceIgnored": .bool(choiceIgnored),
            "to": to.map(JSONValue.string) ?? .null,
            "reportedStatus": reportedStatus.map(JSONValue.string) ?? .null,
            "delegateNotified": delegateNotified.map(JSONValue.bool) ?? .null,
            "sources": .strings(sources),
            "claims": .strings(claims),
        ])
    }
}

extension Answers.SupportAnswer {
    public var json: JSONValue {
        .object([
            "service": .string(service), "platform": .string(platform), "level": .string(level),
            "os": os.map { .string($0.description) } ?? .null,
            "available": support.available.map(JSONValue.bool) ?? .null,
            "launchesTerminatedApp": support.launchesTerminatedApp.map(JSONValue.bool) ?? .null,
            "availability": .string(support.availability.rawValue),
            "sources": .strings(support.sources),
            "claims": .strings(support.claims),
        ])
    }
}

extension Answers.LevelAnswer {
    public var json: JSONValue {
        .object([
            "level": .string(level), "platform": .string(platform),
            "os": os.map { .string($0.description) } ?? .null,
            "supported": supported.map(JSONValue.bool) ?? .null,
            "launchesTerminatedApp": launchesTerminatedApp.map(JSONValue.bool) ?? .null,
            "sources": .strings(sources),
        ])
    }
}

extension Answers.KeysAnswer {
    public var json: JSONValue {
        .object([
            "request": .string(request), "platform": .string(platform),
            "os": os.map { .string($0.description) } ?? .null,
            "required": required.map(JSONValue.strings) ?? .null,
            "deprecated": .strings(deprecated),
            "sources": .strings(sources),
        ])
    }
}
