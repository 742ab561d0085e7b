import CapdocKit

/// Checks Content and plans the site with the same `Builder` as `capdoc build`, so that the bytes
/// served are the bytes a build writes.
///
/// Only what an edit changed is done again (issue 43): a Content file whose bytes did not change
/// is not parsed again (`ParseCache`); the pages are made when first asked for (`SiteOnDemand`),
/// and a page composed the same as at an earlier build is not rendered again (`RenderMemo`). Each
/// gives exactly what doing the work again would; merging and the checks run whole each time.
public struct SiteCompiler: Sendable {
    public var content: String
    public var builder: Builder
    public var checker: Checker
    /// The pages' files of the earlier builds.
    public let memo = RenderMemo()

    public init(content: String, builder: Builder, checker: Checker = Checker()) {
        self.content = content
        self.builder = builder
        self.checker = checker
        if self.checker.parseCache == nil { self.checker.parseCache = ParseCache() }
        if self.checker.mergeMemory == nil { self.checker.mergeMemory = MergeMemory() }
    }

    public struct Outcome: Sendable {
        /// The site, its files made when asked for; nil when the check found errors (or the
        /// templates failed), and the last good site stays.
        public var site: SiteOnDemand?
        /// What `capdoc check` would print, without colour; a template's failure included.
        public var diagnostics: String
        public var errorCount: Int
        public var warningCount: Int

        public init(site: SiteOnDemand?, diagnostics: String, errorCount: Int, warningCount: Int) {
            self.site = site
            self.diagnostics = diagnostics
            self.errorCount = errorCount
            self.warningCount = warningCount
        }
    }

    public func compile() -> Outcome {
        let report = checker.check(contentAt: content)
        let diagnostics = DiagnosticRenderer(fileSystem: checker.fileSystem).human(report.diagnostics)
        let warnings = report.diagnostics.filter { $0.severity == .warning }.count
        guard report.errorCount == 0 else {
            return Outcome(site: nil, diagnostics: diagnostics, errorCount: report.errorCount, warningCount: warnings)
        }
        do {
            let site = try SiteOnDemand(CompiledModel(model: report.model, merge: report.merge), builder: builder, memo: memo)
            return Outcome(site: site, diagnostics: diagnostics, errorCount: 0, warningCount: warnings)
        } catch {
            // A template that does not parse, say: shown like a diagnostic, with the last good site.
            return Outcome(site: nil, diagnostics: diagnostics + "error: \(error)\n", errorCount: 1, warningCount: warnings)
        }
    }
}
