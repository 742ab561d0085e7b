import Foundation

/// The output formats of `capdoc build`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case html, markdown, man, json
}

/// `capdoc build`: check, render the chosen formats, write them atomically.
public struct Builder: Sendable {
    public var formats: [OutputFormat]
    /// The folder of the site's templates, needed for HTML.
    public var templates: String

    public init(formats: [OutputFormat] = OutputFormat.allCases, templates: String = "Templates") {
        self.formats = formats
        self.templates = templates
    }

    public struct Outcome: Sendable {
        public var report: Checker.Report
        /// Nil when nothing was written because the check found errors.
        public var files: [OutputFile]?
        public var bytes: Int
    }

    public func renderers() throws -> [any Renderer] {
        try formats.map { format in
            switch format {
            case .html: HTMLRenderer(templates: try SiteTemplates(folder: templates))
            case .markdown: MarkdownRenderer()
            case .man: ManRenderer()
            case .json: DatasetRenderer()
            }
        }
    }

    /// Renders without writing: the files a build would write, in path order.
    public func render(_ compiled: CompiledModel) throws -> [OutputFile] {
        let renderers = try renderers()
        let input = RenderInput(compiled)
        return try renderers.flatMap { try $0.render(input) }.sorted { $0.path < $1.path }
    }

    public func build(contentAt content: String, into output: String, checker: Checker = Checker()) throws -> Outcome {
        let report = checker.check(contentAt: content)
        guard report.errorCount == 0 else { return Outcome(report: report, files: nil, bytes: 0) }
        _ = try renderers()  // templates are read before anything is rendered, so a bad folder fails early
        let files = try render(CompiledModel(model: report.model, merge: report.merge))
        let bytes = try OutputWriter().write(files, to: output)
        return Outcome(report: report, files: files, bytes: bytes)
    }
}
