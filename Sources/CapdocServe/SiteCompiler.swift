import CapdocKit

/// Checks Content and renders the site into memory with the same `Builder` as `capdoc build`, so
/// that the bytes served are the bytes a build writes.
public struct SiteCompiler: Sendable {
    public var content: String
    public var builder: Builder
    public var checker: Checker

    public init(content: String, builder: Builder, checker: Checker = Checker()) {
        self.content = content
        self.builder = builder
        self.checker = checker
    }

    public struct Outcome: Sendable {
        /// The rendered files; nil when the check found errors (or the templates failed), and the
        /// last good files stay.
        public var files: [String: [UInt8]]?
        /// What `capdoc check` would print, without colour; a template's failure included.
        public var diagnostics: String
        public var errorCount: Int
        public var warningCount: Int
    }

    public func compile() -> Outcome {
        let report = checker.check(contentAt: content)
        let diagnostics = DiagnosticRenderer(fileSystem: checker.fileSystem).human(report.diagnostics)
        let warnings = report.diagnostics.filter { $0.severity == .warning }.count
        guard report.errorCount == 0 else {
            return Outcome(files: nil, diagnostics: diagnostics, errorCount: report.errorCount, warningCount: warnings)
        }
        do {
            let rendered = try builder.render(CompiledModel(model: report.model, merge: report.merge))
            var files: [String: [UInt8]] = [:]
            files.reserveCapacity(rendered.count)
            for file in rendered { files[file.path] = file.bytes }
            return Outcome(files: files, diagnostics: diagnostics, errorCount: 0, warningCount: warnings)
        } catch {
            // A template that does not parse, say: shown like a diagnostic, with the last good site.
            return Outcome(files: nil, diagnostics: diagnostics + "error: \(error)\n", errorCount: 1, warningCount: warnings)
        }
    }
}
