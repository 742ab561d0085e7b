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
    /// Where `templates` is read: the disk, or the templates compiled into the command.
    public var templateFiles: any FileSystem
    /// The command line whose manual (capdoc(1)) the man format writes; none without it.
    public var tool: ToolDescription?
    /// The command line described in the words of the Content being built (its ids as examples, its
    /// key noun): capdoc(1) of another domain's site speaks of that domain. Used where `tool` is nil.
    public var describeTool: (@Sendable (Vocabulary) throws -> ToolDescription)?
    /// Whether `capdoc.json` is indented for people (`--pretty`) rather than compact for tools.
    public var prettyDataset: Bool

    public init(
        formats: [OutputFormat] = OutputFormat.allCases, templates: String = "Templates", templateFiles: any FileSystem = DiskFileSystem(),
        tool: ToolDescription? = nil, describeTool: (@Sendable (Vocabulary) throws -> ToolDescription)? = nil, prettyDataset: Bool = false
    ) {
        self.describeTool = describeTool
        self.formats = formats
        self.templates = templates
        self.templateFiles = templateFiles
        self.tool = tool
        self.prettyDataset = prettyDataset
    }

    public struct Outcome: Sendable {
        public var report: Checker.Report
        /// What was written; nil when nothing was, because the check found errors.
        public var written: OutputWriter.Written?
    }

    func renderers(for vocabulary: Vocabulary) throws -> [any Renderer] {
        let tool = formats.contains(.man) ? try self.tool ?? describeTool?(vocabulary) : nil
        return try formats.map { format in
            switch format {
            case .html: HTMLRenderer(templates: try SiteTemplates(folder: templates, fileSystem: templateFiles))
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
        try emit(compiled, renderers: try renderers(for: compiled.model.vocabulary), into: sink, timer: &timer)
        return sink.files.sorted { $0.path < $1.path }
    }

    public func build(contentAt content: String, into output: String, checker: Checker = Checker()) throws -> Outcome {
        // Where the output may go is settled before the check, so that a bad --output fails at once.
        // Templates compiled in are no folder the output could overwrite.
        let writer = OutputWriter(inputs: templateFiles is DiskFileSystem ? [content, templates] : [content])
        try writer.checkPlacement(of: output)
        try writer.recoverPreviousOutput(output)
        let report = checker.check(contentAt: content)
        guard report.errorCount == 0 else { return Outcome(report: report, written: nil) }
        var timer = PhaseTimer()
        let renderers = try renderers(for: report.model.vocabulary)  // templates are read before anything is rendered, so a bad folder fails early
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
    /// Pages go in `RenderOrder`, which lets each block of services' answers go once its pages are
    /// written. The job of a service's page also writes the service's file of the dataset, from the
    /// same answers; with no format that has pages (`--format json`) the jobs write only those. Once
    /// every job is done, `capdoc.json` is packaged from the entities' files (`DatasetPackage`).
    private func emit(_ compiled: CompiledModel, renderers: [any Renderer], into sink: any FileSink, timer: inout PhaseTimer) throws {
        let input = RenderInput(compiled)
        let pageRenderers = renderers.filter(\.hasPages)
        let order = input.renderOrder
        let tally = WorkTally()
        let dataset = renderers.lazy.compactMap { $0 as? DatasetRenderer }.first
        // What is worked out before the pages, on one core for most of it: the pages' list and order,
        // the deployment targets. (The search's entries are worked out by the job of the shared files.)
        timer.lap("plan the pages")
        try parallelForEach(pageRenderers.isEmpty && dataset == nil ? 1 : input.pageCount + 1) { job in
            if job == 0 {
                for renderer in renderers {
                    let files = try tally.measure("shared: \(renderer.name)") { try renderer.renderShared(input) }
                    try tally.measure("shared: write") { for file in files { try sink.write(file) } }
                }
                return
            }
            let index = order.pages[job - 1]
            let source = input.pageSources[index]
            if !pageRenderers.isEmpty {
                let page = tally.measure("\(PageKind(page: index, of: input)): compose") { source.build() }
                for renderer in pageRenderers {
                    let files = tally.measure("\(PageKind(page: index, of: input)): \(renderer.name)") { renderer.render(page, input) }
                    try tally.measure("\(PageKind(page: index, of: input)): write") { for file in files { try sink.write(file) } }
                }
            }
            // Before the page's block may let the service's answers go (`order.written`).
            if let dataset, let slot = source.serviceSlot {
                let file = tally.measure("\(PageKind(page: index, of: input)): Dataset") { dataset.serviceFile(slot: slot, input) }
                try sink.write(file)
            }
            order.written(index)
        }
        if let dataset {
            try tally.measure("shared: Dataset package") { try DatasetPackage(input: input, layout: dataset.layout).write(into: sink) }
        }
        if WorkTally.enabled { try? StandardStreams.write(tally.report(), to: StandardStreams.error) }
    }
}

extension Builder {
    /// What the renderers read beside each page (`RenderMemo`).
    func memoEnvironment(_ renderers: [any Renderer], _ input: RenderInput) -> RenderMemo.Environment {
        RenderMemo.Environment(
            formats: formats.map(\.rawValue), layout: renderers.lazy.compactMap { ($0 as? HTMLRenderer)?.templates.layoutSource }.first,
            domain: input.compiled.vocabulary.domain, dataAsOf: input.dataAsOf, manDate: input.manDate, tool: tool)
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

    /// Each file's place in `collected`, by path.
    private var places: [String: Int] = [:]

    func write(_ file: OutputFile) throws {
        try lock.withLock {
            guard places[file.path] == nil else { throw OutputWriter.Failure.writtenTwice(file.path) }
            places[file.path] = collected.count
            collected.append(file)
        }
    }

    func read(path: String) throws -> [UInt8] {
        guard let bytes = lock.withLock({ places[path].map { collected[$0].bytes } }) else {
            throw OutputWriter.Failure.io("cannot read '\(path)': not written")
        }
        return bytes
    }
}
