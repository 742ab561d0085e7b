/// A claim, adjudication or flow state refers to an id that the vocabulary does not define.
enum UnknownIDCheck: Check {
    public static let id = CheckID.unknownID
    public static let summary = "A reference names an id that does not exist."
    static let documentation = """
        Claims name subjects, platforms, levels and keys; flow claims name states, triggers, \
        choices, statuses and keys; adjudications name claims as `source-id#claim-id`; flow states name the \
        status they report, and triggers the request whose keys their prompts need. Each must exist in the \
        vocabulary or the sources. The message suggests the nearest existing ids.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        var diagnostics: [Diagnostic] = []
        // Each kind's ids, fetched once: every claim names several.
        let known = Dictionary(uniqueKeysWithValues: EntityKind.allCases.map { ($0, vocabulary.positions(of: $0)) })
        func check(_ id: Located<String>, _ kind: EntityKind) {
            guard known[kind]![id.value] == nil else { return }
            diagnostics.append(
                Diagnostic(
                    .error, "unknown \(kind.rawValue) '\(id.value)'\(Suggestions.phrase(for: id.value, in: vocabulary.ids(kind)))",
                    at: id.location, check: Self.id))
        }
        func check(_ selection: Selection, _ ids: IDTable, _ kind: EntityKind) {
            guard case let .named(named) = selection else { return }
            for id in named where ids[id.value] == nil { check(id, kind) }
        }
        let platforms = known[.platform]!, levels = known[.level]!
        for claim in context.model.claims {
            let fact = claim.fact
            if let subjectKind = fact.subjectKind { check(claim.scope.subjects, known[subjectKind]!, subjectKind) }
            check(claim.scope.platforms, platforms, .platform)
            check(claim.scope.levels, levels, .level)
            // The loader records key positions for key-list claims only.
            if fact.valueType == .keyList {
                for key in context.keyReferences[claim.reference] ?? [] { check(key, .key) }
            }
            if let trigger = claim.trigger { check(trigger, .trigger) }
            if let choice = claim.choice { check(choice, .choice) }
            for reference in claim.references { check(reference.id, reference.kind) }
        }
        var sortedReferences: [String]?
        for adjudication in context.model.adjudications {
            for reference in [adjudication.prevails] + adjudication.over where !context.merge.claimsByReference.contains(reference.value) {
                if sortedReferences == nil { sortedReferences = context.merge.claimsByReference.keys.sorted() }
                let candidates = sortedReferences!
                diagnostics.append(
                    Diagnostic(
                        .error, "unknown claim '\(reference.value)'\(Suggestions.phrase(for: reference.value, in: candidates))",
                        at: reference.location, check: Self.id))
            }
            check(adjudication.platforms, platforms, .platform)
        }
        // Entities that name another by an attribute: a flow state its status, a background-modes
        // key the request its mode implies, a flow trigger its request.
        let attributeReferences: [(kind: EntityKind, attribute: String, target: EntityKind, role: String)] = [
            (.state, "status", .status, "flow state"), (.key, "background-request", .request, "the background mode of"),
            (.trigger, "request", .request, "flow trigger"),
        ]
        for reference in attributeReferences {
            for entity in vocabulary.all(reference.kind) {
                guard let named = entity.attributes[reference.attribute], !vocabulary.contains(reference.target, named) else { continue }
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "unknown \(reference.target.rawValue) '\(named)' for \(reference.role) '\(entity.id.value)'\(Suggestions.phrase(for: named, in: vocabulary.ids(reference.target)))",
                        at: entity.id.location, check: Self.id))
            }
        }
        return diagnostics
    }
}
