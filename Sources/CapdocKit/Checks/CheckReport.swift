/// What `capdoc check` found: the loaded model, the merge of its claims, and every diagnostic.
public struct CheckReport: Sendable {
    public var model: ContentModel
    public var merge: MergeResult
    /// Ordered by file and position.
    public var diagnostics: [Diagnostic]

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// The one-line summary printed on success.
    public var summary: String {
        let adjudicated = merge.contradictions.filter { $0.adjudication != nil }.count
        let claims = model.sources.reduce(0) { $0 + $1.claims.count }
        return "checked \(model.sources.count) sources, \(claims) claims, \(merge.facts.count) facts; "
            + "\(adjudicated) contradictions adjudicated; \(errorCount) errors, \(warningCount) warnings"
    }
}
