import Foundation

/// A file a renderer produced, by its path relative to the output folder.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    /// The file's bytes, as the renderers make them: a `Data` made of them copied every byte a build
    /// writes (2.8 GB at 20,000 services) into memory allocated for nothing else.
    public var bytes: [UInt8]

    /// The bytes as `Data`, made when asked for.
    public var contents: Data { Data(bytes) }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, contents: Data) {
        self.init(path: path, bytes: Array(contents))
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// The checked model that renderers draw from.
public struct CompiledModel: Sendable {
    public var model: ContentModel
    public var merge: MergeResult

    public init(model: ContentModel, merge: MergeResult) {
        self.model = model
        self.merge = merge
    }

    public var vocabulary: Vocabulary { model.vocabulary }
}

/// What renderers draw from: the compiled model and its pages. A page is built when it is asked
/// for, so that a build renders and writes each page as soon as it exists and pages never all wait
/// in memory (20,000 services make gigabytes of pages).
public struct RenderInput: Sendable {
    public var compiled: CompiledModel
    let pageSources: [PageSource]
    /// The date man pages carry in their title line.
    let manDate: String
    /// "Data as of 2026-11-22 (57 sources)", for the foot of every HTML page.
    let dataAsOf: String
    /// What the site's search box searches, in order (see `PageContext.searchEntries`): worked out
    /// when the search's index is written, not when the site is planned, which `capdoc serve` does
    /// at every save.
    var searchEntries: [IndexEntry] { searchMemo.value { renderOrder.context.searchEntries() } }
    private let searchMemo = Memo<[IndexEntry]>()
    /// The order a build renders the pages in, which lets go of what each block of pages needed.
    let renderOrder: RenderOrder
    /// The answers about each service, which the pages and the dataset read.
    var answerTable: AnswerTable { renderOrder.context.answerTable }
    /// The sources about each entity, which the pages and the dataset name where an answer is unknown.
    var sourcesBySubject: SourcesBySubject { renderOrder.context.sourcesBySubject }

    public init(_ compiled: CompiledModel) {
        self.compiled = compiled
        var timer = PhaseTimer()
        let context = PageContext(compiled)
        timer.lap("plan: answers, targets")
        pageSources = context.pageSources()
        timer.lap("plan: page list")
        renderOrder = RenderOrder(pageSources, context: context)
        timer.lap("plan: render order")
        manDate = ManRenderer.date(compiled.model)
        dataAsOf = "Data as of \(compiled.model.newestSourceDate ?? "an unknown date") (\(compiled.model.sources.count) sources)."
    }

    var pageCount: Int { pageSources.count }

    /// Builds the page at `index` (in the site's fixed page order).
    public func page(_ index: Int) -> Page { pageSources[index].build() }

    /// Builds the page at `ref`, if the site has one.
    public func page(_ ref: PageRef) -> Page? { pageSources.first { $0.ref == ref.page }?.build() }

    /// Every page, built on every core.
    public var pages: [Page] { parallelMap(pageCount) { page($0) } }
}

/// Receives the files of a build as they are rendered, from any thread.
public protocol FileSink: Sendable {
    func write(_ file: OutputFile) throws
    /// A file made in pieces: `produce` hands each piece to the function it is given, in order. A
    /// large file (`capdoc.json`) then goes to disk as it is made, never whole in memory.
    func write(path: String, streaming produce: (_ piece: ([UInt8]) throws -> Void) throws -> Void) throws
    /// A file written before, as it was written: what `capdoc.json` is packaged from (the entities'
    /// files under `data/`, `DatasetPackage`).
    func read(path: String) throws -> [UInt8]
}

extension FileSink {
    /// For a sink that keeps files whole: the pieces joined, then written as one file.
    public func write(path: String, streaming produce: (_ piece: ([UInt8]) throws -> Void) throws -> Void) throws {
        var bytes: [UInt8] = []
        try produce { bytes += $0 }
        try write(OutputFile(path: path, bytes: bytes))
    }
}

/// One output format.
protocol Renderer: Sendable {
    /// The files of one page (none for formats without pages).
    func render(_ page: Page, _ input: RenderInput) -> [OutputFile]
    /// The files that belong to no page: the stylesheet, the dataset, the tool's own man page.
    func renderShared(_ input: RenderInput) throws -> [OutputFile]
    /// Whether the format has a file per page (the dataset has none).
    var hasPages: Bool { get }
}

extension Renderer {
    /// Every file of the format, in memory, in page order.
    public func render(_ input: RenderInput) throws -> [OutputFile] {
        try renderShared(input) + parallelMap(input.pageCount) { render(input.page($0), input) }.flatMap { $0 }
    }
}
