/// For each entity, the sources with a claim that names it as its subject, in id order. Where an
/// answer about the entity is unknown, these are the pages that were read and are silent on the
/// question: `query`, the entity's page and `capdoc.json` name them, so that a reader knows what was
/// consulted, not only that nothing decides. Built in one pass over the claims, since a page per
/// entity asking each source would cost claims × entities at thousands of services.
public struct SourcesBySubject: Sendable {
    /// By `EntityKind.ordinal`, each entity's sources.
    private let table: [[String: [String]]]

    public init(_ model: ContentModel) {
        var table = Array(repeating: [String: Set<String>](), count: EntityKind.allCases.count)
        for source in model.sources {
            for claim in source.claims {
                guard let kind = claim.fact.subjectKind, case let .named(ids) = claim.scope.subjects else { continue }
                for id in ids { table[kind.ordinal][id.value, default: []].insert(source.id.value) }
            }
        }
        self.table = table.map { $0.mapValues { $0.sorted() } }
    }

    /// The sources with a claim about the entity; empty for one that no claim names.
    public func sources(_ kind: EntityKind, _ id: String) -> [String] {
        table[kind.ordinal][id] ?? []
    }
}
