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
    /// The command line whose manual (capdoc(1)) the man format writes; none without it.
    public var tool: ToolDescription?
    /// Whether `capdoc.json` is indented for people (`--pretty`) rather than compact for tools.
    public var prettyDataset: Bool

    public init(
        formats: [OutputFormat] = OutputFormat.allCases, templates: String = "Templates", tool: ToolDescription? = nil,
        prettyDataset: Bool = false
    ) {
        self.formats = formats
        self.templates = templates
        self.tool = tool
        self.prettyDataset = prettyDataset
    }

    public struct Outcome: Sendable {
        public var report: Checker.Report
        /// What was written; nil when nothing was, because the check found errors.
        public var written: OutputWriter.Written?
    }

    func renderers() throws -> [any Renderer] {
        try formats.map { format in
            switch format {
            case .html: HTMLRenderer(templates: try SiteTemplates(folder: templates))
            case .markdown: MarkdownRenderer()
            case .man: ManRenderer(tool: tool)
            case .json: DatasetRenderer(layout: prettyDataset ? .pretty : .compact)
            }
        }
    }

    /// Renders without writing: the files a build would write, in path order.
    public func render(_ compiled: CompiledModel) throws -> [OutputFile] {
        let sink = CollectingSink()
        var timer = PhaseTimer()
        try emit(compiled, renderers: try renderers(), into: sink, timer: &timer)
        return sink.files.sorted { $0.path < $1.path }
    }

    public func build(contentAt content: String, into output: String, checker: Checker = Checker()) throws -> Outcome {
        // Where the output may go is settled before the check, so that a bad --output fails at once.
        let writer = OutputWriter(inputs: [content, templates])
        try writer.checkPlacement(of: output)
        try writer.recoverPreviousOutput(output)
        let report = checker.check(contentAt: content)
        guard report.errorCount == 0 else { return Outcome(report: report, written: nil) }
        var timer = PhaseTimer()
        let renderers = try renderers()  // templates are read before anything is rendered, so a bad folder fails early
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        let written = try writer.write(to: output) { sink in
            try emit(compiled, renderers: renderers, into: sink, timer: &timer)
            timer.lap("render and write")
        }
        timer.lap("swap in the output")
        return Outcome(report: report, written: written)
    }

    /// Renders every page in every format and the shared files, on every core, handing each file to
    /// the sink as soon as it exists. A job is one page in all formats, or the shared files (job 0).
    /// Pages go in `RenderOrder`, which lets each block of services' cells go once its pages are
    /// written; with no format that has pages (`--format json`), no page is built and job 0 writes
    /// the whole dataset. With pages, each service's page job hands the answers its page was made
    /// of to the dataset (`DatasetAssembly.deliver`), which would otherwise work them out again, and
    /// the job that completes the dataset writes it.
    private func emit(_ compiled: CompiledModel, renderers: [any Renderer], into sink: any FileSink, timer: inout PhaseTimer) throws {
        let input = RenderInput(compiled)
        let pageRenderers = renderers.filter(\.hasPages)
        let order = input.renderOrder
        let tally = WorkTally()
        let dataset = renderers.lazy.compactMap { $0 as? DatasetRenderer }.first
        let assembly = dataset.map {
            DatasetAssembly(
                compiled, layout: $0.layout, servicesFromPages: !pageRenderers.isEmpty, answers: input.answerTable,
                sources: input.sourcesBySubject)
        }
        // What is worked out before the pages, on one core for most of it: the pages' list and order,
        // the search's entries, the deployment targets, the dataset's claims.
        timer.lap("plan the pages")
        // The dataset, once complete, streamed to its file by the job that completed it.
        @Sendable func finish(_ assembly: DatasetAssembly) throws {
            try tally.measure("shared: Dataset") {
                try sink.write(path: DatasetRenderer.datasetFile) { try assembly.finish($0) }
            }
        }
        try parallelForEach(pageRenderers.isEmpty ? 1 : input.pageCount + 1) { job in
            if job == 0 {
                for renderer in renderers {
                    if let dataset, let assembly, renderer is DatasetRenderer {
                        try sink.write(dataset.schemaFile(input))
                        if tally.measure("shared: Dataset", { assembly.prepare() }) { try finish(assembly) }
                        continue
                    }
                    let files = try tally.measure("shared: \(renderer.name)") { try renderer.renderShared(input) }
                    try tally.measure("shared: write") { for file in files { try sink.write(file) } }
                }
            } else {
                let index = order.pages[job - 1]
                let source = input.pageSources[index]
                let page = tally.measure("\(PageKind(page: index, of: input)): compose") { source.build() }
                for renderer in pageRenderers {
                    let files = tally.measure("\(PageKind(page: index, of: input)): \(renderer.name)") { renderer.render(page, input) }
                    try tally.measure("\(PageKind(page: index, of: input)): write") { for file in files { try sink.write(file) } }
                }
                // A service's entry is made from the answers its page was made of, before the page's
                // block may let them go (`order.written`).
                let completed =
                    if let assembly, let slot = source.serviceSlot {
                        tally.measure("\(PageKind(page: index, of: input)): Dataset") { assembly.deliver(slot: slot) }
                    } else { false }
                order.written(index)
                if completed, let assembly { try finish(assembly) }
            }
        }
        if WorkTally.enabled { try? StandardStreams.write(tally.report(), to: StandardStreams.error) }
    }
}

/// A page's kind for the work tally: its top folder (`services`, `levels`, `targets`), the parts of
/// a split page apart from its overview, and "top" for the pages at the root.
private struct PageKind: CustomStringConvertible {
    let description: String

    /// The kind of the page at `index`, named without building it (only when the tally is on: the
    /// names are autoclosures of `WorkTally.measure`).
    init(page index: Int, of input: RenderInput) {
        let folders = input.pageSources[index].ref.section.split(separator: "/")
        guard let top = folders.first else { description = "top"; return }
        description = folders.count > 1 || top == "matrix" ? "\(top) parts" : String(top)
    }
}

extension Renderer {
    /// The format's name in the work tally.
    fileprivate var name: String { String(describing: type(of: self)).replacingOccurrences(of: "Renderer", with: "") }
}

/// Keeps the files in memory (for `render`).
private final class CollectingSink: FileSink, @unchecked Sendable {
    private var collected: [OutputFile] = []
    private let lock = NSLock()

    var files: [OutputFile] { lock.withLock { collected } }

    private var paths: Set<String> = []

    func write(_ file: OutputFile) throws {
        try lock.withLock {
            guard paths.insert(file.path).inserted else { throw OutputWriter.Failure.writtenTwice(file.path) }
            collected.append(file)
        }
    }
}
