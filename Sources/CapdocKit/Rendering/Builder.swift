import Foundation

/// The output formats of `capdoc build`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case json
}

/// `capdoc build`: check, render the chosen formats, write them atomically.
public struct Builder: Sendable {
    public var formats: [OutputFormat]

    public init(formats: [OutputFormat] = OutputFormat.allCases) {
        self.formats = formats
    }

    public struct Outcome: Sendable {
        public var report: Checker.Report
        /// Nil when nothing was written because the check found errors.
        public var files: [OutputFile]?
        public var bytes: Int
    }

    public func renderers() -> [any Renderer] {
        formats.map { format in
            switch format {
            case .json: DatasetRenderer()
            }
        }
    }

    /// Renders without writing: the files a build would write, in path order.
    public func render(_ compiled: CompiledModel) throws -> [OutputFile] {
        try renderers().flatMap { try $0.render(compiled) }.sorted { $0.path < $1.path }
    }

    public func build(contentAt content: String, into output: String, checker: Checker = Checker()) throws -> Outcome {
        let report = checker.check(contentAt: content)
        guard report.errorCount == 0 else { return Outcome(report: report, files: nil, bytes: 0) }
        let files = try render(CompiledModel(model: report.model, merge: report.merge))
        let bytes = try OutputWriter().write(files, to: output)
        return Outcome(report: report, files: files, bytes: bytes)
    }
}
