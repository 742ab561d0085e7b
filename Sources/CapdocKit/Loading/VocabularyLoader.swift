/// Reads the vocabulary files (`platforms.yaml`, …, `flow.yaml`) into a `Vocabulary`.
struct VocabularyLoader {
    /// The file of each simple vocabulary kind, and the extra fields its entries may have.
    static let files: [(kind: EntityKind, file: String, extras: [String])] = [
        (.platform, "platforms.yaml", ["numbering", "sdks", "deployment-setting", "first-version", "versions", "compile-conditions", "version-style"]),
        (.level, "levels.yaml", []),
        (.status, "statuses.yaml", ["symbol", "objc", "level"]),
        (.service, "services.yaml", ["apis", "objc"]),
        (.key, "keys.yaml", ["type", "alternative-type", "label", "values", "widget-opt-in", "inside", "background-mode", "background-request"]),
        (.request, "requests.yaml", ["api", "level", "objc"]),
        (.api, "apis.yaml", ["symbol", "category", "framework"]),
        (.bundle, "bundles.yaml", []),
    ]
    /// The fields every entry may have, whatever its kind; `aliases` is optional.
    static let commonFields = ["id", "name", "summary", "aliases"]
    static let flowFile = "flow.yaml"
    static let flowSections: [(kind: EntityKind, field: String, extras: [String])] = [
        (.state, "states", ["status"]),
        (.trigger, "triggers", ["request"]),
        (.choice, "choices", []),
    ]
    static let keyTypes = ["string", "dictionary", "boolean", "array"]
    /// How key ids are spelled: the domain's `key-style`, read before the vocabulary.
    var keyStyle = Domain.KeyStyle.plist
    /// The key attributes that mark a key for a lint rule, and the key type each needs: a dictionary
    /// whose values are usage strings, a widget extension's opt-in boolean, a key read only inside
    /// another dictionary, the background-modes array and the mode in it that implies a request.
    static let keyRoles: [(field: String, type: String?)] = [
        ("values", "dictionary"), ("widget-opt-in", "boolean"), ("inside", nil), ("background-mode", "array"),
    ]
    static func article(_ type: String) -> String { type == "array" ? "an" : "a" }
    /// What `values` may say of a dictionary key's values.
    static let keyValueKinds = ["usage-strings"]

    var vocabulary = Vocabulary()

    mutating func loadList(_ node: YAMLNode, kind: EntityKind, extras: [String], diagnostics: inout [Diagnostic]) {
        guard let items = node.items else {
            diagnostics.append(
                Diagnostic(
                    .error, "expected a list of \(kind.plural), found \(node.kindDescription)",
                    at: node.location, check: .wrongType))
            return
        }
        // A list without entries would not fail any later check: with no levels, every claim about a
        // level would be dropped without a word.
        if items.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, "no \(kind.plural): the list must have at least one \(kind.rawValue)",
                    at: node.location, check: .missingField))
            return
        }
        let allowed = Self.commonFields + extras
        for item in items {
            if let entity = entity(item, kind: kind, allowed: allowed, extras: extras, diagnostics: &diagnostics) {
                if let earlier = vocabulary.add(entity) {
                    diagnostics.append(
                        Diagnostic(
                            .error, "duplicate \(kind.rawValue) id '\(entity.id.value)'", at: entity.id.location,
                            check: .duplicateID,
                            notes: [DiagnosticNote("first defined here", at: earlier.id.location)]))
                }
            }
        }
    }

    /// `allowed`: the fields an entry may have, the `commonFields` and the `extras`.
    private func entity(_ node: YAMLNode, kind: EntityKind, allowed: [String], extras: [String], diagnostics: inout [Diagnostic]) -> Entity? {
        guard let reader = MappingReader(node, what: kind.rawValue, allowed: allowed, diagnostics: &diagnostics) else { return nil }
        guard let idNode = reader.require("id", diagnostics: &diagnostics),
            let id = ValueReader.nonEmptyString(idNode, field: "id", diagnostics: &diagnostics)
        else { return nil }
        if let problem = Identifier.problem(with: id.value, kind: kind, keyStyle: keyStyle) {
            diagnostics.append(Diagnostic(.error, problem, at: id.location, check: .unsafeID))
            return nil
        }
        let name = reader.require("name", diagnostics: &diagnostics)
            .flatMap { ValueReader.nonEmptyString($0, field: "name", diagnostics: &diagnostics) }
        let summary = reader.require("summary", diagnostics: &diagnostics)
            .flatMap { ValueReader.prose($0, field: "summary", diagnostics: &diagnostics) }
        let aliases = reader.node("aliases").map { Self.aliases($0, diagnostics: &diagnostics) } ?? []
        var attributes: [String: String] = [:]
        var apis: [String] = []
        for extra in extras {
            guard let value = reader.node(extra) else { continue }
            if extra == "apis" {
                let names = ValueReader.stringList(value, field: extra, allowScalar: false, diagnostics: &diagnostics) ?? []
                for name in names { Self.checkSpelling(name, field: "API name", diagnostics: &diagnostics) }
                apis = names.map(\.value)
            } else if let text = ValueReader.nonEmptyString(value, field: extra, diagnostics: &diagnostics) {
                if AppleSpelling.fields.contains(extra) { Self.checkSpelling(text, field: extra == "api" ? "API name" : extra, diagnostics: &diagnostics) }
                if extra == "type" || extra == "alternative-type", !Self.keyTypes.contains(text.value) {
                    diagnostics.append(
                        Diagnostic(
                            .error, "key type '\(text.value)' is not one of \(Self.keyTypes.joined(separator: ", "))",
                            at: text.location, check: .wrongType))
                }
                if extra == "values", !Self.keyValueKinds.contains(text.value) {
                    diagnostics.append(
                        Diagnostic(
                            .error, "key values '\(text.value)' is not one of \(Self.keyValueKinds.joined(separator: ", "))",
                            at: text.location, check: .wrongType))
                    continue
                }
                if extra == "versions", let word = text.value.split(separator: " ").first(where: { Version(String($0)) == nil }) {
                    diagnostics.append(
                        Diagnostic(
                            .error, "versions: '\(word)' is not a version (dotted numbers separated by spaces, such as \"17.0 18.0\")",
                            at: text.location, check: .wrongType))
                    continue
                }
                if extra == "version-style", Version.Style(rawValue: text.value) == nil {
                    let styles = Version.Style.allCases.map(\.rawValue).joined(separator: ", ")
                    diagnostics.append(
                        Diagnostic(
                            .error, "version-style '\(text.value)' is not one of \(styles)",
                            at: text.location, check: .wrongType))
                    continue
                }
                if extra == "first-version", Version(text.value) == nil {
                    diagnostics.append(
                        Diagnostic(
                            .error, "first-version '\(text.value)' is not a version (dotted numbers, such as \"2.0\")",
                            at: text.location, check: .wrongType))
                    continue
                }
                attributes[extra] = text.value
            }
        }
        if kind == .key, let type = attributes["type"], Self.keyTypes.contains(type) {
            for role in Self.keyRoles {
                guard let needed = role.type, needed != type, let node = reader.node(role.field), attributes[role.field] != nil else { continue }
                diagnostics.append(
                    Diagnostic(
                        .error, "'\(role.field)' marks \(Self.article(needed)) \(needed) key, but \(id.value) is \(Self.article(type)) \(type)",
                        at: node.location, check: .wrongType))
                attributes[role.field] = nil
            }
        }
        // A background mode implies a request, which Content names: the program knows no request's id.
        if kind == .key, attributes["background-mode"] != nil, attributes["background-request"] == nil {
            _ = reader.require("background-request", diagnostics: &diagnostics)
        }
        if kind == .key, !reader.has("type") {
            _ = reader.require("type", diagnostics: &diagnostics)
        }
        if kind == .state, !reader.has("status") {
            _ = reader.require("status", diagnostics: &diagnostics)
        }
        return Entity(
            kind: kind, id: id, name: name?.value ?? id.value, summary: summary?.value ?? "",
            attributes: attributes, apis: apis, aliases: aliases)
    }

    /// Refuses a name spelled as Apple spells it that holds a character outside printable ASCII,
    /// at that character (its column, where the name is written on one line as a plain scalar).
    static func checkSpelling(_ name: Located<String>, field: String, diagnostics: inout [Diagnostic]) {
        guard let problem = AppleSpelling.problem(name.value, field: field) else { return }
        var location = name.location
        location.column += problem.offset
        diagnostics.append(Diagnostic(.error, problem.message, at: location, check: .unsafeID))
    }

    /// An entry's `aliases`: a list of non-empty texts. A single text is refused rather than taken
    /// for a list of one, like every other list of Content (values are not coerced).
    static func aliases(_ node: YAMLNode, diagnostics: inout [Diagnostic]) -> [String] {
        guard let items = node.items else {
            diagnostics.append(
                Diagnostic(
                    .error, "expected 'aliases' to be a list, found \(ValueReader.describe(node))",
                    at: node.location, check: .wrongType))
            return []
        }
        return items.compactMap { ValueReader.nonEmptyString($0, field: "aliases", diagnostics: &diagnostics)?.value }
    }

    mutating func loadFlow(_ node: YAMLNode, diagnostics: inout [Diagnostic]) {
        guard
            let reader = MappingReader(
                node, what: "flow", allowed: Self.flowSections.map(\.field),
                diagnostics: &diagnostics)
        else { return }
        for section in Self.flowSections {
            if let list = reader.require(section.field, diagnostics: &diagnostics) {
                loadList(list, kind: section.kind, extras: section.extras, diagnostics: &diagnostics)
            }
        }
    }
}
