/// Reads the claims of a source file and their scopes.
enum ClaimReader {
    static let fields = ["id", "fact", "subject", "trigger", "choice", "platforms", "levels", "os", "value", "quote", "note", "replacement"]

    /// `states`: each flow state's status, for the default status of transitions.
    static func claim(_ node: YAMLNode, sourceID: String, states: [String: String] = [:], diagnostics: inout [Diagnostic]) -> Claim? {
        guard let reader = MappingReader(node, what: "claim", allowed: fields, diagnostics: &diagnostics) else { return nil }
        let id = reader.require("id", diagnostics: &diagnostics)
            .flatMap { ValueReader.nonEmptyString($0, field: "id", diagnostics: &diagnostics) }
        if let id, !Identifier.isKebabCase(id.value) {
            diagnostics.append(
                Diagnostic(
                    .error, "claim id '\(id.value)' must be kebab-case (lowercase letters, digits, single hyphens)",
                    at: id.location, check: .unsafeID))
        }
        guard
            let factText = reader.require("fact", diagnostics: &diagnostics)
                .flatMap({ ValueReader.nonEmptyString($0, field: "fact", diagnostics: &diagnostics) })
        else { return nil }
        guard let fact = FactKind(rawValue: factText.value) else {
            diagnostics.append(
                Diagnostic(
                    .error, "unknown fact kind '\(factText.value)'\(Suggestions.phrase(for: factText.value, in: FactKind.allCases.map(\.rawValue)))",
                    at: factText.location, check: .unknownID))
            return nil
        }

        var topic: String?
        var subjects = Selection.silent
        if fact.subjectKind != nil || fact.hasFreeTopic {
            if let subjectNode = reader.require("subject", diagnostics: &diagnostics) {
                if fact.hasFreeTopic {
                    if let text = ValueReader.nonEmptyString(subjectNode, field: "subject", diagnostics: &diagnostics) {
                        if !Identifier.isKebabCase(text.value) {
                            diagnostics.append(
                                Diagnostic(
                                    .error, "note topic '\(text.value)' must be kebab-case", at: text.location,
                                    check: .unsafeID))
                        }
                        topic = text.value
                        subjects = .named([text])
                    }
                } else if let selection = selection(subjectNode, field: "subject", diagnostics: &diagnostics) {
                    if fact.isFlow, !selection.isSingle {
                        diagnostics.append(
                            Diagnostic(
                                .error,
                                "the subject of a '\(fact.rawValue)' claim is one flow state (the state it starts from), not \(ValueReader.describe(subjectNode))",
                                at: subjectNode.location, check: .wrongType))
                    } else {
                        subjects = selection
                    }
                }
            }
        } else if let subjectNode = reader.node("subject") {
            diagnostics.append(
                Diagnostic(
                    .error, "fact '\(fact.rawValue)' takes no subject", at: subjectNode.location,
                    check: .unknownField))
        }

        var trigger: Located<String>?
        var choice: Located<String>?
        if fact.isFlow {
            trigger = reader.require("trigger", diagnostics: &diagnostics)
                .flatMap { ValueReader.nonEmptyString($0, field: "trigger", diagnostics: &diagnostics) }
        }
        for field in ["trigger", "choice"] where reader.has(field) && !(field == "trigger" ? fact.isFlow : fact.takesChoice) {
            diagnostics.append(
                Diagnostic(
                    .error,
                    "'\(field)' does not apply to fact '\(fact.rawValue)'; only \(field == "trigger" ? "prompt and transition" : "transition") facts take it",
                    at: reader.keyLocation(field) ?? reader.location, check: .unknownField))
        }
        if fact.takesChoice, let choiceNode = reader.node("choice") {
            choice = ValueReader.nonEmptyString(choiceNode, field: "choice", diagnostics: &diagnostics)
        }

        let platforms = reader.node("platforms").flatMap { selection($0, field: "platforms", diagnostics: &diagnostics) } ?? .silent
        var levels = Selection.silent
        if let levelsNode = reader.node("levels") {
            if fact.takesLevels {
                levels = selection(levelsNode, field: "levels", diagnostics: &diagnostics) ?? .silent
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, "'levels' does not apply to fact '\(fact.rawValue)'; only service facts are scoped by access level",
                        at: reader.keyLocation("levels") ?? levelsNode.location, check: .unknownField))
            }
        }
        let os = reader.node("os").flatMap { range($0, platforms: platforms, diagnostics: &diagnostics) } ?? .all

        var references: [ValueReference] = []
        guard let valueNode = reader.require("value", diagnostics: &diagnostics),
            let value = value(valueNode, fact: fact, states: states, references: &references, diagnostics: &diagnostics)
        else { return nil }
        let quote =
            reader.node("quote").flatMap { ValueReader.string($0, field: "quote", diagnostics: &diagnostics) }
            ?? Located("", at: reader.location)
        let note = reader.node("note").flatMap { ValueReader.prose($0, field: "note", allowEmpty: true, diagnostics: &diagnostics)?.value }
        var replacement: String?
        if let replacementNode = reader.node("replacement") {
            if fact.isDeprecation {
                replacement = ValueReader.nonEmptyString(replacementNode, field: "replacement", diagnostics: &diagnostics)?.value
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, "'replacement' does not apply to fact '\(fact.rawValue)'; only deprecation facts take it",
                        at: reader.keyLocation("replacement") ?? replacementNode.location, check: .unknownField))
            }
        }
        guard let id else { return nil }
        if fact.isFlow, trigger == nil || subjects == .silent { return nil }
        return Claim(
            sourceID: sourceID, id: id, fact: fact, location: reader.location,
            scope: ClaimScope(subjects: subjects, platforms: platforms, levels: levels, os: os),
            value: value, quote: quote, topic: topic, note: note, trigger: trigger, choice: choice,
            references: references, replacement: replacement)
    }

    /// `all`, one id, or a list of ids.
    static func selection(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Selection? {
        if node.isPlain, node.text == "all" { return .all }
        guard let ids = ValueReader.stringList(node, field: field, allowScalar: true, diagnostics: &diagnostics) else { return nil }
        if ids.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(field)' is an empty list; leave the field out or name at least one id",
                    at: node.location, check: .wrongType))
            return nil
        }
        return .named(ids)
    }

    static func range(_ node: YAMLNode, platforms: Selection, diagnostics: inout [Diagnostic]) -> VersionRange? {
        guard let reader = MappingReader(node, what: "os range", allowed: ["from", "until"], diagnostics: &diagnostics) else { return nil }
        let from = reader.node("from").flatMap { ValueReader.version($0, field: "from", diagnostics: &diagnostics) }
        let until = reader.node("until").flatMap { ValueReader.version($0, field: "until", diagnostics: &diagnostics) }
        if !reader.has("from") && !reader.has("until") {
            diagnostics.append(
                Diagnostic(
                    .error, "an os range needs 'from', 'until' or both", at: node.location,
                    check: .invalidVersionRange))
            return nil
        }
        let range = VersionRange(from: from, until: until)
        if range.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, "os range is empty: 'from' \(from!) is not before 'until' \(until!)",
                    at: node.location, check: .invalidVersionRange))
            return nil
        }
        if case .named = platforms {
        } else {
            diagnostics.append(
                Diagnostic(
                    .error, "an os range needs named platforms, because each platform numbers its versions differently",
                    at: node.location, check: .invalidVersionRange))
            return nil
        }
        return range
    }

    static func value(
        _ node: YAMLNode, fact: FactKind, states: [String: String], references: inout [ValueReference],
        diagnostics: inout [Diagnostic]
    ) -> Located<ClaimValue>? {
        switch fact.valueType {
        case .key:
            guard node.isScalar, !node.isNull else {
                diagnostics.append(
                    Diagnostic(
                        .error, "expected 'value' of '\(fact.rawValue)' to be one Info.plist key, found \(ValueReader.describe(node))",
                        at: node.location, check: .wrongType))
                return nil
            }
            guard let key = ValueReader.nonEmptyString(node, field: "value", diagnostics: &diagnostics) else { return nil }
            references.append(ValueReference(.key, key))
            return Located(.keys([key.value]), at: node.location)
        case .transition:
            guard let reader = MappingReader(node, what: "transition value", allowed: ["to", "status", "delegate"], diagnostics: &diagnostics) else {
                return nil
            }
            guard
                let to = reader.require("to", diagnostics: &diagnostics)
                    .flatMap({ ValueReader.nonEmptyString($0, field: "to", diagnostics: &diagnostics) })
            else { return nil }
            references.append(ValueReference(.state, to))
            let stated = reader.node("status").flatMap { ValueReader.nonEmptyString($0, field: "status", diagnostics: &diagnostics) }
            if let stated { references.append(ValueReference(.status, stated)) }
            if reader.has("status"), stated == nil { return nil }
            var delegate: Bool?
            if let delegateNode = reader.node("delegate") {
                guard let flag = ValueReader.boolean(delegateNode, field: "delegate", diagnostics: &diagnostics) else { return nil }
                delegate = flag.value
            }
            return Located(
                .transition(
                    TransitionOutcome(
                        to: to.value, status: stated?.value ?? states[to.value], statusStated: stated != nil,
                        delegate: delegate)), at: node.location)
        case .boolean:
            return ValueReader.boolean(node, field: "value", diagnostics: &diagnostics).map { Located(.boolean($0.value), at: $0.location) }
        case .keyList:
            guard node.isSequence,
                let keys = ValueReader.stringList(node, field: "value", allowScalar: false, diagnostics: &diagnostics)
            else {
                if !node.isSequence {
                    diagnostics.append(
                        Diagnostic(
                            .error, "expected 'value' of '\(fact.rawValue)' to be a list of Info.plist keys, found \(ValueReader.describe(node))",
                            at: node.location, check: .wrongType))
                }
                return nil
            }
            return Located(.keys(Array(Set(keys.map(\.value))).sorted()), at: node.location)
        case .text:
            return ValueReader.prose(node, field: "value", diagnostics: &diagnostics).map { Located(.text($0.value), at: $0.location) }
        }
    }

    /// The key names of a key-list claim, with their positions, for reference checks.
    static func keyReferences(in node: YAMLNode) -> [Located<String>] {
        guard let items = node.items else { return [] }
        return items.compactMap { item in item.text.map { Located($0, at: item.location) } }
    }
}
