/// The whole `capdoc check` pipeline: load, merge, run every check.
public struct Checker: Sendable {
    public var fileSystem: any FileSystem
    public var archives: ArchiveLibrary?

    public init(fileSystem: any FileSystem = DiskFileSystem(), archives: ArchiveLibrary? = nil) {
        self.fileSystem = fileSystem
        self.archives = archives
    }

    public struct Report: Sendable {
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

    public func check(contentAt root: String) -> Report {
        var timer = PhaseTimer()
        let loaded = ContentLoader(fileSystem: fileSystem).load(from: root)
        timer.lap("load")
        var merge = Merger.merge(loaded.model)
        timer.lap("merge")
        let gateConflicts = GateConflicts.find(model: loaded.model, merge: merge)
        merge.contradictions += gateConflicts.contradictions
        merge.usedAdjudications.formUnion(gateConflicts.usedAdjudications)
        timer.lap("gates")
        let context = CheckContext(model: loaded.model, merge: merge, keyReferences: loaded.keyReferences, archives: archives)
        var diagnostics = loaded.diagnostics
        // The checks only read the model: run them side by side (CAPDOC_TIMINGS then times them together).
        let checks = CheckRegistry.all
        for found in parallelMap(checks.count, { checks[$0].run(context) }) { diagnostics += found }
        timer.lap("checks")
        let report = Report(model: loaded.model, merge: merge, diagnostics: Diagnostic.ordered(diagnostics))
        timer.lap("order diagnostics")
        return report
    }
}
