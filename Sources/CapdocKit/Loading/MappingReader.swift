/// Reads one YAML mapping field by field, reporting structure problems as it goes:
/// unknown fields (with "did you mean"), duplicate fields, missing fields and wrong types.
struct MappingReader {
    let location: SourceLocation
    private var fields: [String: (key: YAMLNode, value: YAMLNode)] = [:]
    /// What the mapping is, for messages: "claim", "source", "platform".
    let what: String

    /// Nil (with a diagnostic) when `node` is not a mapping.
    init?(_ node: YAMLNode, what: String, allowed: [String], diagnostics: inout [Diagnostic]) {
        guard case let .mapping(pairs, location) = node else {
            diagnostics.append(Diagnostic(.error, "expected \(what) to be a mapping, found \(node.kindDescription)",
                                          at: node.location, check: WrongTypeCheck.id))
            return nil
        }
        self.location = location
        self.what = what
        for pair in pairs {
            guard case let .scalar(name, _, _) = pair.key else {
                diagnostics.append(Diagnostic(.error, "field names must be plain words, found \(pair.key.kindDescription)",
                                              at: pair.key.location, check: WrongTypeCheck.id))
                continue
            }
            if let earlier = fields[name] {
                diagnostics.append(Diagnostic(.error, "duplicate field '\(name)' in \(what)", at: pair.key.location,
                                              check: DuplicateIDCheck.id,
                                              notes: [DiagnosticNote("first written here", at: earlier.key.location)]))
                continue
            }
            if !allowed.contains(name) {
                diagnostics.append(Diagnostic(.error, "unknown field '\(name)' in \(what)\(Suggestions.phrase(for: name, in: allowed))",
                                              at: pair.key.location, check: UnknownFieldCheck.id))
                continue
            }
            fields[name] = pair
        }
    }

    func has(_ name: String) -> Bool { fields[name] != nil }

    func node(_ name: String) -> YAMLNode? { fields[name]?.value }

    func keyLocation(_ name: String) -> SourceLocation? { fields[name]?.key.location }

    /// A required field: reports `missing-field` at the mapping when absent.
    func require(_ name: String, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        if let value = fields[name]?.value { return value }
        diagnostics.append(Diagnostic(.error, "\(what) is missing the required field '\(name)'", at: location,
                                      check: MissingFieldCheck.id))
        return nil
    }

    func string(_ name: String, required: Bool, diagnostics: inout [Diagnostic]) -> Located<String>? {
        let found = required ? require(name, diagnostics: &diagnostics) : node(name)
        guard let found else { return nil }
        return ValueReader.string(found, field: name, diagnostics: &diagnostics)
    }
}

/// Typed reads of single YAML values.
enum ValueReader {
    static func string(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Located<String>? {
        guard case let .scalar(text, _, location) = node, !node.isNull else {
            diagnostics.append(Diagnostic(.error, "expected '\(field)' to be text, found \(node.isNull ? "nothing" : node.kindDescription)",
                                          at: node.location, check: WrongTypeCheck.id))
            return nil
        }
        return Located(text, at: location)
    }

    static func nonEmptyString(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Located<String>? {
        guard let text = string(node, field: field, diagnostics: &diagnostics) else { return nil }
        if text.value.isBlank {
            diagnostics.append(Diagnostic(.error, "'\(field)' must not be empty", at: text.location, check: WrongTypeCheck.id))
            return nil
        }
        return text
    }

    static func boolean(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Located<Bool>? {
        if case let .scalar(text, isPlain, location) = node, isPlain {
            switch text {
            case "true", "True", "TRUE": return Located(true, at: location)
            case "false", "False", "FALSE": return Located(false, at: location)
            default: break
            }
        }
        diagnostics.append(Diagnostic(.error, "expected '\(field)' to be true or false, found \(describe(node))",
                                      at: node.location, check: WrongTypeCheck.id))
        return nil
    }

    /// A list of strings; a single scalar is accepted as a one-element list when `allowScalar`.
    static func stringList(_ node: YAMLNode, field: String, allowScalar: Bool, diagnostics: inout [Diagnostic]) -> [Located<String>]? {
        switch node {
        case let .sequence(items, _):
            var result: [Located<String>] = []
            for item in items {
                if let text = string(item, field: field, diagnostics: &diagnostics) { result.append(text) }
            }
            return result
        case .scalar where allowScalar && !node.isNull:
            return string(node, field: field, diagnostics: &diagnostics).map { [$0] }
        default:
            diagnostics.append(Diagnostic(.error, "expected '\(field)' to be a list, found \(describe(node))",
                                          at: node.location, check: WrongTypeCheck.id))
            return nil
        }
    }

    static func version(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Version? {
        guard let text = string(node, field: field, diagnostics: &diagnostics) else { return nil }
        guard let version = Version(text.value) else {
            diagnostics.append(Diagnostic(.error, "'\(text.value)' is not an OS version (expected dotted numbers such as 13.0)",
                                          at: text.location, check: InvalidVersionRangeCheck.id))
            return nil
        }
        return version
    }

    static func describe(_ node: YAMLNode) -> String {
        if node.isNull { return "nothing" }
        if case let .scalar(text, _, _) = node { return "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'" }
        return node.kindDescription
    }
}
