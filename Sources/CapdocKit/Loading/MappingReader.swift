/// Reads one YAML mapping field by field, reporting structure problems as it goes:
/// unknown fields (with "did you mean"), duplicate fields, missing fields and wrong types.
struct MappingReader {
    let location: SourceLocation
    /// What the mapping is, for messages: "claim", "source", "platform".
    let what: String
    private let pairs: YAMLPairs
    private let allowed: [String]
    /// For each allowed field, the index of its pair, or -1. A mapping has a handful of fields: a
    /// linear search of the allowed names costs less than hashing them into a dictionary.
    private var slots: [Int]

    /// Nil (with a diagnostic) when `node` is not a mapping.
    init?(_ node: YAMLNode, what: String, allowed: [String], diagnostics: inout [Diagnostic]) {
        guard let pairs = node.pairs else {
            diagnostics.append(
                Diagnostic(
                    .error, "expected \(what) to be a mapping, found \(node.kindDescription)",
                    at: node.location, check: .wrongType))
            return nil
        }
        self.location = node.location
        self.what = what
        self.pairs = pairs
        self.allowed = allowed
        slots = Array(repeating: -1, count: allowed.count)
        for index in pairs.indices {
            let key = pairs.key(index)
            guard let name = key.text else {
                diagnostics.append(
                    Diagnostic(
                        .error, "field names must be plain words, found \(key.kindDescription)",
                        at: key.location, check: .wrongType))
                continue
            }
            guard let field = Self.field(name, in: allowed) else {
                diagnostics.append(
                    Diagnostic(
                        .error, "unknown field '\(name)' in \(what)\(Suggestions.phrase(for: name, in: allowed))",
                        at: key.location, check: .unknownField))
                continue
            }
            if slots[field] >= 0 {
                diagnostics.append(
                    Diagnostic(
                        .error, "duplicate field '\(name)' in \(what)", at: key.location,
                        check: .duplicateID,
                        notes: [DiagnosticNote("first written here", at: pairs.key(slots[field]).location)]))
                continue
            }
            slots[field] = index
        }
    }

    private func pairIndex(_ name: String) -> Int? {
        guard let field = Self.field(name, in: allowed), slots[field] >= 0 else { return nil }
        return slots[field]
    }

    /// The position of `name` among the allowed names (ASCII words, all of them). Names of another
    /// length are passed over without comparing their text (a comparison of two different strings is
    /// a library call): ASCII text equals only the same bytes.
    private static func field(_ name: String, in allowed: [String]) -> Int? {
        let length = name.utf8.count
        for index in allowed.indices where allowed[index].utf8.count == length && allowed[index] == name { return index }
        // Other text can still be equal, canonically, with more bytes (the Kelvin sign is "K"): as before, `==` decides.
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return allowed.firstIndex(of: name)
    }

    func has(_ name: String) -> Bool { pairIndex(name) != nil }

    func node(_ name: String) -> YAMLNode? { pairIndex(name).map { pairs.value($0) } }

    func keyLocation(_ name: String) -> SourceLocation? { pairIndex(name).map { pairs.key($0).location } }

    /// A required field: reports `missing-field` at the mapping when absent.
    func require(_ name: String, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        if let value = node(name) { return value }
        diagnostics.append(
            Diagnostic(
                .error, "\(what) is missing the required field '\(name)'", at: location,
                check: .missingField))
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
        guard let text = node.text, !node.isNull else {
            diagnostics.append(
                Diagnostic(
                    .error, "expected '\(field)' to be text, found \(node.isNull ? "nothing" : node.kindDescription)",
                    at: node.location, check: .wrongType))
            return nil
        }
        return Located(text, at: node.location)
    }

    /// The most UTF-8 bytes a field of one line (an id, a name, a title, a URL, a version list…) may
    /// hold. Such fields are printed wherever their entry is named: a source's 1 MB title, on every
    /// page that cites it, wrote 710 MB (issue 41). Prose (summaries, notes, quotes) is not one.
    static let maximumLineFieldLength = 1_000

    /// The text, if it is not blank; `maximumLength` nil for prose, which may be long.
    static func nonEmptyString(
        _ node: YAMLNode, field: String, maximumLength: Int? = maximumLineFieldLength, diagnostics: inout [Diagnostic]
    ) -> Located<String>? {
        guard let text = string(node, field: field, diagnostics: &diagnostics) else { return nil }
        if startsBlank(text.value), text.value.isBlank {
            diagnostics.append(Diagnostic(.error, "'\(field)' must not be empty", at: text.location, check: .wrongType))
            return nil
        }
        let length = text.value.utf8.count
        if let maximumLength, length > maximumLength {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(field)' is \(length) bytes long, over the limit of \(maximumLength) for a field of one line",
                    at: text.location, check: .wrongType))
            return nil
        }
        return text
    }

    /// Whether text may be blank: a first character that is ASCII and not white space settles it
    /// without looking up the Unicode properties of every character.
    private static func startsBlank(_ text: String) -> Bool {
        guard let first = text.utf8.first, first < 0x80 else { return true }
        return first == 0x20 || (0x09...0x0D).contains(first)
    }

    static func boolean(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Located<Bool>? {
        if node.isPlain, let text = node.text {
            switch text {
            case "true", "True", "TRUE": return Located(true, at: node.location)
            case "false", "False", "FALSE": return Located(false, at: node.location)
            default: break
            }
        }
        diagnostics.append(
            Diagnostic(
                .error, "expected '\(field)' to be true or false, found \(describe(node))",
                at: node.location, check: .wrongType))
        return nil
    }

    /// A list of strings; a single scalar is accepted as a one-element list when `allowScalar`.
    static func stringList(_ node: YAMLNode, field: String, allowScalar: Bool, diagnostics: inout [Diagnostic]) -> [Located<String>]? {
        if let items = node.items {
            var result: [Located<String>] = []
            result.reserveCapacity(items.count)
            for item in items {
                if let text = string(item, field: field, diagnostics: &diagnostics) { result.append(text) }
            }
            return result
        }
        if node.isScalar, allowScalar, !node.isNull {
            return string(node, field: field, diagnostics: &diagnostics).map { [$0] }
        }
        diagnostics.append(
            Diagnostic(
                .error, "expected '\(field)' to be a list, found \(describe(node))",
                at: node.location, check: .wrongType))
        return nil
    }

    static func version(_ node: YAMLNode, field: String, diagnostics: inout [Diagnostic]) -> Version? {
        guard let text = string(node, field: field, diagnostics: &diagnostics) else { return nil }
        guard let version = Version(text.value) else {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(text.value)' is not an OS version (expected dotted numbers such as 13.0)",
                    at: text.location, check: .invalidVersionRange))
            return nil
        }
        return version
    }

    static func describe(_ node: YAMLNode) -> String {
        if node.isNull { return "nothing" }
        if let text = node.text { return "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'" }
        return node.kindDescription
    }
}
