/// The rules about the keys of one Info.plist: missing, empty, mistyped, misspelled, misplaced,
/// deprecated, or not read on the platform.
extension PlistLinter {
    func missingKeys(_ subject: LintSubject, requests: [String], scope: Scope) -> [LintFinding] {
        var findings: [LintFinding] = []
        let spelling = KeySpelling(vocabulary: model.vocabulary)
        for request in requests {
            // key → the facts (from the target on) that list it.
            var needing: [String: [Fact]] = [:]
            // Where a missing key belongs: beside the present keys of the same list (their line in
            // the plist, or their build setting), so that editors and code hosts show a line.
            var anchor: [String: LintLocation] = [:]
            for fact in scope.relevant(answers.holding(.requestKeys, subject: request, platform: scope.platform)) {
                guard case let .keys(keys) = fact.value else { continue }
                let present = keys.filter { subject.plist[$0] != nil }.sorted().first
                for key in keys where subject.plist[key] == nil {
                    needing[key, default: []].append(fact)
                    if anchor[key] == nil, let present { anchor[key] = subject.location(of: present) }
                }
            }
            // The app's own calls first: the ones it can act on.
            let uses = subject.code.filter { $0.use == .request(request) }
            let ordered = uses.filter { $0.dependency == nil } + uses.filter { $0.dependency != nil }
            let calls = ordered.map(\.location)
            for (key, facts) in needing {
                let ranges = joined(facts.map { scope.clipped($0.os) })
                let whereText = ranges.map { on(scope.platform, $0) }.joined(separator: " and ")
                var message = "\(key) is missing: \(requestName(request)) needs it \(whereText) and fails immediately without it"
                if let first = ordered.first {
                    let place = first.dependency.map { "requested by the dependency \($0) at \(first.location)" } ?? "requested at \(first.location)"
                    message += " (\(place)\(calls.count > 1 ? " and \(calls.count - 1) more" : ""))"
                }
                if let typo = subject.plist.keys.sorted().first(where: { spelling.intended($0)?.key == key }) {
                    message += " (the Info.plist has '\(typo)': a typo?)"
                }
                findings.append(
                    LintFinding(
                        rule: .missingUsageKey, key: key, message: message,
                        location: anchor[key] ?? subject.newKeyLocation,
                        related: calls, sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims)))
            }
        }
        return findings
    }

    /// A key unknown to the model that was meant to be one of its keys.
    func misspelled(key: String, subject: LintSubject) -> [LintFinding] {
        guard let (intended, reason) = KeySpelling(vocabulary: model.vocabulary).intended(key) else { return [] }
        let facts = model.vocabulary.ids(.platform).flatMap { merge.facts(.keyExists, subject: intended, platform: $0) }
            .filter { $0.value == .boolean(true) }
        return [
            LintFinding(
                rule: .misspelledKey, key: key,
                message: "'\(key)' is \(reason): the system does not read it; rename it to \(intended)",
                location: subject.location(of: key), sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims))
        ]
    }

    /// A key that `keys.yaml` says belongs inside a dictionary (`inside`) at the top level.
    func misplacedKeys(_ subject: LintSubject) -> [LintFinding] {
        model.vocabulary.entities(.key, with: "inside").compactMap { entity in
            let key = entity.id.value
            guard subject.plist[key] != nil, let container = entity.attributes["inside"] else { return nil }
            let facts = model.vocabulary.ids(.platform).flatMap { merge.facts(.keyExists, subject: key, platform: $0) }
                .filter { $0.value == .boolean(true) }
            return LintFinding(
                rule: .misplacedKey, key: key,
                message: "\(key) is at the top level of the Info.plist; the system reads it only inside the \(container) dictionary",
                location: subject.location(of: key), sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims))
        }
    }

    /// The facts that cite a key's rules: the requests checked that need it here, and where it is read.
    func citations(for key: String, requests: [String], scope: Scope) -> [Fact] {
        var facts: [Fact] = []
        for request in requests {
            facts += scope.relevant(answers.holding(.requestKeys, subject: request, platform: scope.platform)).filter { fact in
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

    /// "is empty" or "shows nothing: it holds only U+200B": why a usage string is blank, or nil.
    static func blankness(of text: String) -> String? {
        guard InvisibleText.isBlank(text) else { return nil }
        if text.allSatisfy(\.isWhitespace) || text.isEmpty { return "is empty" }
        return "shows nothing: it holds only invisible characters (\(InvisibleText.invisibleScalars(in: text).joined(separator: ", ")))"
    }

    func typeFindings(key: String, value: PlistValue, subject: LintSubject, requests: [String], scope: Scope) -> [LintFinding] {
        guard !isNeverRead(key, scope) else { return [] }
        let type = model.vocabulary.entity(.key, key)?.attributes["type"]
        // A key the system also reads in a second form (UIRequiredDeviceCapabilities: an array, or a dictionary).
        let alternative = model.vocabulary.entity(.key, key)?.attributes["alternative-type"]
        func finding(_ rule: LintFinding.Rule, _ message: String) -> [LintFinding] {
            let facts = citations(for: key, requests: requests, scope: scope)
            return [
                LintFinding(
                    rule: rule, key: key, message: message, location: subject.location(of: key),
                    sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims))
            ]
        }
        if model.vocabulary.entity(.key, key)?.attributes["values"] == "usage-strings" {
            guard case let .dictionary(entries) = value else {
                return finding(
                    .invalidTemporaryDictionary, "\(key) must be a dictionary of purpose keys to non-empty strings, but it is \(value.typeDescription)")
            }
            if entries.isEmpty {
                return finding(
                    .invalidTemporaryDictionary,
                    "\(key) is an empty dictionary: it needs one entry per purpose key, whose string explains why the app asks for full accuracy")
            }
            var problems: [String] = []
            for (purpose, entry) in entries.sorted(by: { $0.key < $1.key }) {
                switch entry {
                case let .string(text):
                    if let blank = Self.blankness(of: text) {
                        problems.append("'\(purpose)' \(blank)")
                    } else if let placeholder = PlaceholderText.reason(text, key: purpose, label: nil) {
                        problems.append("'\(purpose)' \(placeholder)")
                    }
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
        case let ("string", .string(text)):
            if let blank = Self.blankness(of: text) {
                return finding(.emptyUsageKey, "\(key) \(blank): the permission prompt shows this string, so it must say \(model.vocabulary.domain.purpose)")
            }
            let label = model.vocabulary.entity(.key, key)?.attributes["label"]
            guard let placeholder = PlaceholderText.reason(text, key: key, label: label) else { return [] }
            return finding(
                .placeholderUsageKey,
                "\(key) \(placeholder): the permission prompt shows this string, and App Review rejects an app whose purpose strings "
                    + "do not say \(model.vocabulary.domain.purpose)")
        case ("boolean", .boolean), ("dictionary", .dictionary), ("array", .array):
            return []
        case let (expected?, other):
            if let alternative, other.typeName == alternative { return [] }
            let types = ([expected] + (alternative.map { [$0] } ?? [])).map { ($0 == "array" ? "an " : "a ") + $0 }.joined(separator: " or ")
            return finding(.wrongKeyType, "\(key) must be \(types), but it is \(other.typeDescription)")
        default:
            return []
        }
    }

    func deprecation(key: String, subject: LintSubject, scope: Scope) -> [LintFinding] {
        guard let fact = scope.atTarget(answers.holding(.keyDeprecated, subject: key, platform: scope.platform)),
            fact.value == .boolean(true)
        else { return [] }
        let target =
            scope.target.map { "the target is \(platformName(scope.platform)) \($0)" }
            ?? "no deployment target given: checked for the newest versions"
        var message = "\(key) is deprecated for deployment targets \(on(scope.platform, fact.os)) (\(target))"
        if let replacement = merge.replacement(namedBy: fact.deciding) {
            message += "; use \(replacement) instead"
        }
        return [
            LintFinding(
                rule: .deprecatedKey, key: key, message: message, location: subject.location(of: key),
                sources: fact.sources, claims: fact.claims)
        ]
    }

    /// Whether the sources say the platform does not read the key, from the target on: then no rule
    /// about its value is an error there (an empty string the system never shows harms no one), and
    /// `existence` warns that it is there at all.
    func isNeverRead(_ key: String, _ scope: Scope) -> Bool {
        let facts = scope.relevant(merge.facts(.keyExists, subject: key, platform: scope.platform))
        guard facts.contains(where: { $0.value == .boolean(false) }), !facts.contains(where: { $0.value == .boolean(true) }) else { return false }
        // A request that needs the key here says it is read, as in `existence`.
        return !model.vocabulary.ids(.request).contains { request in
            scope.relevant(answers.holding(.requestKeys, subject: request, platform: scope.platform)).contains { fact in
                if case let .keys(keys) = fact.value { return keys.contains(key) }
                return false
            }
        }
    }

    func existence(key: String, subject: LintSubject, scope: Scope) -> [LintFinding] {
        let facts = scope.relevant(merge.facts(.keyExists, subject: key, platform: scope.platform))
        if facts.contains(where: { $0.value == .boolean(true) }) { return [] }
        // A request that needs the key here says as much as a key-exists fact.
        for request in model.vocabulary.ids(.request) {
            for fact in scope.relevant(answers.holding(.requestKeys, subject: request, platform: scope.platform)) {
                if case let .keys(keys) = fact.value, keys.contains(key) { return [] }
            }
        }
        let deployed = scope.target.map { " \($0) and later" } ?? ""
        let platform = platformName(scope.platform)
        let denying = facts.filter { $0.value == .boolean(false) }
        if !denying.isEmpty {
            let ranges = denying.map { on(scope.platform, scope.clipped($0.os)) }.joined(separator: " and ")
            return [
                LintFinding(
                    rule: .keyNotOnPlatform, key: key,
                    message: "\(key) does not exist \(ranges): the sources say the system does not read it there",
                    location: subject.location(of: key), sources: denying.flatMap(\.sources), claims: denying.flatMap(\.claims))
            ]
        }
        // No source speaks of the key here: cite the ones that say where it is read.
        let elsewhere = model.vocabulary.ids(.platform).flatMap { merge.facts(.keyExists, subject: key, platform: $0) }
            .filter { $0.value == .boolean(true) }
        var message = "no source says that \(key) is read on \(platform)\(deployed); the system may ignore it there"
        if !elsewhere.isEmpty {
            message += " (the sources name it " + elsewhere.map { on($0.platform, $0.os) }.joined(separator: ", ") + ")"
        }
        return [
            LintFinding(
                rule: .keyNotOnPlatform, key: key, message: message, location: subject.location(of: key),
                sources: elsewhere.flatMap(\.sources), claims: elsewhere.flatMap(\.claims))
        ]
    }
}
