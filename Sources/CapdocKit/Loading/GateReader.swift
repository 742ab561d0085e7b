/// Reads `gates.yaml`: the dependencies between facts (see `Gate`).
enum GateReader {
    static let file = "gates.yaml"
    static let fields = ["id", "name", "summary", "facts", "requires", "subject", "outcome", "accuracy"]

    static func gates(_ node: YAMLNode, diagnostics: inout [Diagnostic]) -> [Gate] {
        guard let items = node.items else {
            diagnostics.append(Diagnostic(.error, "expected a list of gates, found \(node.kindDescription)", at: node.location, check: .wrongType))
            return []
        }
        var gates: [Gate] = []
        var seen: [String: SourceLocation] = [:]
        for item in items {
            guard let gate = gate(item, diagnostics: &diagnostics) else { continue }
            if let earlier = seen[gate.id.value] {
                diagnostics.append(
                    Diagnostic(
                        .error, "duplicate gate id '\(gate.id.value)'", at: gate.id.location, check: .duplicateID,
                        notes: [DiagnosticNote("first defined here", at: earlier)]))
                continue
            }
            seen[gate.id.value] = gate.id.location
            gates.append(gate)
        }
        if let cycle = cycle(in: gates) {
            diagnostics.append(
                Diagnostic(
                    .error, "gates form a cycle: \(cycle.path.joined(separator: " requires ")); a fact cannot depend on itself",
                    at: cycle.gate.location, check: .invalidGate))
            return []
        }
        return gates
    }

    private static func gate(_ node: YAMLNode, diagnostics: inout [Diagnostic]) -> Gate? {
        guard let reader = MappingReader(node, what: "gate", allowed: fields, diagnostics: &diagnostics) else { return nil }
        let id = reader.require("id", diagnostics: &diagnostics).flatMap { ValueReader.nonEmptyString($0, field: "id", diagnostics: &diagnostics) }
        let name = reader.require("name", diagnostics: &diagnostics).flatMap { ValueReader.nonEmptyString($0, field: "name", diagnostics: &diagnostics) }
        let summary = reader.require("summary", diagnostics: &diagnostics).flatMap { ValueReader.prose($0, field: "summary", diagnostics: &diagnostics) }
        let outcome = reader.require("outcome", diagnostics: &diagnostics).flatMap {
            ValueReader.nonEmptyString($0, field: "outcome", diagnostics: &diagnostics)
        }
        for text in [id, outcome].compactMap({ $0 }) where !Identifier.isKebabCase(text.value) {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(text.value)' must be kebab-case (lowercase letters, digits, single hyphens)", at: text.location,
                    check: .unsafeID))
        }
        let gated = reader.require("facts", diagnostics: &diagnostics)
            .flatMap { ValueReader.stringList($0, field: "facts", allowScalar: true, diagnostics: &diagnostics) }?
            .compactMap { kind($0, diagnostics: &diagnostics) }
        let requiresText = reader.require("requires", diagnostics: &diagnostics)
            .flatMap { ValueReader.nonEmptyString($0, field: "requires", diagnostics: &diagnostics) }
        let requires = requiresText.flatMap { kind($0, diagnostics: &diagnostics) }
        guard let id, let name, let summary, let outcome, let gated, let requires, let requiresText else { return nil }
        if gated.isEmpty {
            diagnostics.append(Diagnostic(.error, "'facts' must name at least one fact kind", at: reader.location, check: .wrongType))
            return nil
        }
        guard requires.valueType == .boolean else {
            diagnostics.append(
                Diagnostic(
                    .error, "a gate requires a fact that is true or false; '\(requires.rawValue)' is not", at: requiresText.location,
                    check: .invalidGate))
            return nil
        }
        var subject: GateSubject?
        let subjectNode = reader.node("subject")
        if let wanted = requires.subjectKind {
            guard let node = reader.require("subject", diagnostics: &diagnostics),
                let text = ValueReader.nonEmptyString(node, field: "subject", diagnostics: &diagnostics)
            else { return nil }
            guard let path = GateSubject(text.value) else {
                let known = GateSubject.Part.allCases.map(\.rawValue) + ["subject.level", "trigger.request", "from.status"]
                diagnostics.append(
                    Diagnostic(
                        .error, "unknown gate subject '\(text.value)'\(Suggestions.phrase(for: text.value, in: known))",
                        at: text.location, check: .invalidGate))
                return nil
            }
            for kind in gated where path.entityKind(for: kind) != wanted {
                let found = path.entityKind(for: kind).map { "names a \($0.rawValue)" } ?? "does not apply"
                diagnostics.append(
                    Diagnostic(
                        .error, "gate subject '\(path)' \(found) for '\(kind.rawValue)' facts, but '\(requires.rawValue)' needs a \(wanted.rawValue)",
                        at: text.location, check: .invalidGate))
                return nil
            }
            subject = path
        } else if let subjectNode {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(requires.rawValue)' has no subject, so the gate takes none", at: subjectNode.location,
                    check: .unknownField))
        }
        if requires.takesLevels, let kind = gated.first(where: { !$0.takesLevels }) {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(requires.rawValue)' is scoped by level, but '\(kind.rawValue)' facts have no level to give it",
                    at: requiresText.location, check: .invalidGate))
            return nil
        }
        var accuracy: Accuracy?
        if let node = reader.node("accuracy"), let text = ValueReader.nonEmptyString(node, field: "accuracy", diagnostics: &diagnostics) {
            guard let value = Accuracy(rawValue: text.value) else {
                diagnostics.append(
                    Diagnostic(
                        .error, "unknown accuracy '\(text.value)'; it is one of \(Accuracy.allCases.map(\.rawValue).joined(separator: ", "))",
                        at: text.location, check: .invalidGate))
                return nil
            }
            accuracy = value
        }
        return Gate(
            id: id, gated: gated, requires: requires, subject: subject, outcome: outcome.value, name: name.value,
            summary: summary.value, location: reader.location, accuracy: accuracy)
    }

    private static func kind(_ text: Located<String>, diagnostics: inout [Diagnostic]) -> FactKind? {
        guard let kind = FactKind(rawValue: text.value), kind != .note else {
            diagnostics.append(
                Diagnostic(
                    .error,
                    "unknown fact kind '\(text.value)'\(Suggestions.phrase(for: text.value, in: FactKind.allCases.filter { $0 != .note }.map(\.rawValue)))",
                    at: text.location, check: .unknownID))
            return nil
        }
        return kind
    }

    /// A chain of gates that leads back to where it started, if there is one.
    static func cycle(in gates: [Gate]) -> (gate: Gate, path: [String])? {
        var requires: [FactKind: [Gate]] = [:]
        for gate in gates { for kind in gate.gated { requires[kind, default: []].append(gate) } }
        for start in gates {
            for first in start.gated {
                // Depth-first from each gated kind, through the kinds each required kind is gated by.
                var stack: [(FactKind, [String])] = [(start.requires, [first.rawValue, start.requires.rawValue])]
                var visited = Set<FactKind>()
                while let (kind, path) = stack.popLast() {
                    if kind == first { return (start, path) }
                    guard visited.insert(kind).inserted else { continue }
                    for gate in requires[kind] ?? [] { stack.append((gate.requires, path + [gate.requires.rawValue])) }
                }
            }
        }
        return nil
    }
}
