/// The whole `capdoc check` pipeline: load, merge, run every check.
public struct Checker: Sendable {
    public var fileSystem: any FileSystem
    public var archives: ArchiveLibrary?
    /// Kept between checks by `capdoc serve`, so that only the files an edit changed are parsed again.
    public var parseCache: ParseCache?
    /// Kept between checks by `capdoc serve`, so that only the cells an edit changed are merged again.
    public var mergeMemory: MergeMemory?

    public init(
        fileSystem: any FileSystem = DiskFileSystem(), archives: ArchiveLibrary? = nil, parseCache: ParseCache? = nil, mergeMemory: MergeMemory? = nil
    ) {
        self.fileSystem = fileSystem
        self.archives = archives
        self.parseCache = parseCache
        self.mergeMemory = mergeMemory
    }

    /// What a check found; a type of the Checks stage, so that what reads a report (lint-plist)
    /// needs nothing of the pipeline that made it.
    public typealias Report = CheckReport

    public func check(contentAt root: String) -> Report {
        var timer = PhaseTimer()
        let loaded = ContentLoader(fileSystem: fileSystem, parseCache: parseCache).load(from: root)
        parseCache?.sweep()
        timer.lap("load")
        var merge = Merger.merge(loaded.model, memory: mergeMemory)
        timer.lap("merge")
        let gateConflicts = GateConflicts.find(model: loaded.model, merge: merge)
        merge.contradictions += gateConflicts.contradictions
        merge.usedAdjudications.formUnion(gateConflicts.usedAdjudications)
        timer.lap("gates")
        let context = CheckContext(model: loaded.model, merge: merge, keyReferences: loaded.keyReferences, archives: archives)
        var diagnostics = loaded.diagnostics
        // The checks only read the model: run them side by side (CAPDOC_TIMINGS then times them together).
        // A check of a concept the domain lacks (a relaunch, the flow) has nothing to read: not run.
        let checks = CheckRegistry.all.filter { $0.applies(to: loaded.model.vocabulary.domain) }
        for found in parallelMap(checks.count, { checks[$0].run(context) }) { diagnostics += found }
        timer.lap("checks")
        let report = Report(model: loaded.model, merge: merge, diagnostics: Diagnostic.ordered(Self.firstErrorsFirst(diagnostics, root: root)))
        timer.lap("order diagnostics")
        return report
    }

    /// The diagnostics to show. A top-level file that does not read as YAML (`platforms.yaml`, …)
    /// leaves the vocabulary without its entries, and every claim naming one of them then fails too:
    /// one bracket in `platforms.yaml` gave 1,042 errors, the cause far down the list. Those YAML
    /// errors are then shown alone, the last saying how many that follow from them are left out.
    static func firstErrorsFirst(_ diagnostics: [Diagnostic], root: String) -> [Diagnostic] {
        let topLevel = Set(ContentLoader.topLevelFiles.map { joinPath(root, $0) })
        let causes = diagnostics.filter { $0.checkID == .yamlSyntax && topLevel.contains($0.location.path) }
        guard var last = causes.last else { return diagnostics }
        let hidden = diagnostics.count - causes.count
        guard hidden > 0 else { return diagnostics }
        last.notes.append(
            DiagnosticNote(
                "\(hidden) more diagnostic\(hidden == 1 ? "" : "s") not shown: they may follow from the file(s) that did not read; fix these first",
                at: last.location))
        return causes.dropLast() + [last]
    }
}
