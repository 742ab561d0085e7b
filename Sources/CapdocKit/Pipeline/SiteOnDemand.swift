import Foundation

/// The files `capdoc build` would write for a checked model, each made when it is first asked for
/// (`capdoc serve`), by the same renderers and from the same pages as `Builder.render`, so that its
/// bytes are the build's.
///
/// After an edit a build renders every page again; the server needs first the page the maintainer
/// is looking at. Here an edit costs the check and the site's plan (`RenderInput`: which pages
/// there are, known before any is built), and then each page only when asked for: the page is
/// composed from the new answers and, when the `RenderMemo` has it composed the same at an earlier
/// build, its files are the earlier bytes; otherwise it is rendered. Every path of the site is
/// known from the plan, so a file that is not there is known without making anything.
///
/// Files once made are kept. The files that belong to no page (the stylesheet, the search index,
/// the dataset's entities but the services, capdoc(1)) are made together on the first request for
/// any of them; `capdoc.json` and `capdoc.json.gz`, which hold every entity's file, on the first
/// request for either.
public final class SiteOnDemand: @unchecked Sendable {
    private let input: RenderInput
    private let renderers: [any Renderer]
    private let pageRenderers: [any Renderer]
    private let dataset: DatasetRenderer?
    private let memo: RenderMemo?
    private let environment: RenderMemo.Environment
    /// The page of each page file's path (HTML, Markdown, man), by its index in the site's order.
    private let pageFiles: [String: Int]
    /// The service of each service's dataset file (`data/services/ID.json`), by its slot.
    private let serviceFiles: [String: Int]

    private var made: [String: [UInt8]] = [:]
    private let lock = NSLock()
    /// Held while the shared files, or the package, are made: they are made once, and a second
    /// request for them waits for the first.
    private let sharedLock = NSLock()
    private var shared: [String: [UInt8]]?
    private let packageLock = NSLock()
    private var package: [String: [UInt8]]?

    /// Plans the site of `compiled` for `builder`'s formats (the templates are read now, so that a
    /// template that does not parse fails here, as it does a build).
    public init(_ compiled: CompiledModel, builder: Builder, memo: RenderMemo?) throws {
        var timer = PhaseTimer()
        let renderers = try builder.renderers(for: compiled.model.vocabulary)
        timer.lap("plan: templates, tool")
        let input = RenderInput(compiled)
        timer = PhaseTimer()
        self.input = input
        self.renderers = renderers
        pageRenderers = renderers.filter(\.hasPages)
        dataset = renderers.lazy.compactMap { $0 as? DatasetRenderer }.first
        self.memo = memo
        environment = builder.memoEnvironment(renderers, input)
        let overview = ManPageNames.overview(compiled.vocabulary.domain)
        var pageFiles: [String: Int] = [:]
        var serviceFiles: [String: Int] = [:]
        let services = compiled.vocabulary.all(.service)
        for (index, source) in input.pageSources.enumerated() {
            for renderer in pageRenderers {
                for path in renderer.paths(of: source.ref, manName: { PageContext.manName(for: source.ref, overview: overview) }) {
                    pageFiles[path] = index
                }
            }
            if dataset != nil, let slot = source.serviceSlot {
                serviceFiles[DatasetRenderer.path("services", services[slot].id.value)] = slot
            }
        }
        self.pageFiles = pageFiles
        self.serviceFiles = serviceFiles
        memo?.retain(pages: Set(input.pageSources.map(\.ref)))
        timer.lap("plan: paths")
    }

    /// The bytes of the file at `path` (relative to the site's root), made now if they were not
    /// yet; nil when the site has no such file.
    public func file(_ path: String) throws -> [UInt8]? {
        if let bytes = lock.withLock({ made[path] }) { return bytes }
        if let index = pageFiles[path] {
            let files = pageFilesOf(index)
            lock.withLock { for file in files { made[file.path] = file.bytes } }
            return files.first { $0.path == path }?.bytes
        }
        if let slot = serviceFiles[path], let dataset {
            let file = dataset.serviceFile(slot: slot, input)
            lock.withLock { made[file.path] = file.bytes }
            return file.bytes
        }
        if dataset != nil, path == DatasetRenderer.datasetFile || path == DatasetRenderer.compressedFile {
            return try packageFiles()[path]
        }
        return try sharedFiles()[path]
    }

    /// Every path of the site, in order: what `capdoc build` writes (the shared files are made to know theirs).
    public func paths() throws -> [String] {
        var paths = Set(pageFiles.keys).union(serviceFiles.keys).union(try sharedFiles().keys)
        if dataset != nil { paths.formUnion([DatasetRenderer.datasetFile, DatasetRenderer.compressedFile]) }
        return paths.sorted()
    }

    /// How many pages the site has.
    public var pageCount: Int { input.pageCount }

    /// The files of the page at `index` in every format: the memo's when the page is composed as
    /// it was, else rendered.
    private func pageFilesOf(_ index: Int) -> [OutputFile] {
        let page = input.pageSources[index].build()
        let render = { self.pageRenderers.flatMap { $0.render(page, self.input) } }
        guard let memo else { return render() }
        return memo.files(of: page, in: environment, render: render)
    }

    private func sharedFiles() throws -> [String: [UInt8]] {
        try sharedLock.withLock {
            if let shared { return shared }
            var files: [String: [UInt8]] = [:]
            for renderer in renderers {
                for file in try renderer.renderShared(input) { files[file.path] = file.bytes }
            }
            shared = files
            return files
        }
    }

    /// `capdoc.json` and `capdoc.json.gz`, packaged from every entity's file as a build packages them.
    private func packageFiles() throws -> [String: [UInt8]] {
        try packageLock.withLock {
            if let package { return package }
            guard let dataset else { return [:] }
            // The services' files first, on every core as a build makes them: the package reads
            // them one by one, and made there they would be made on one core.
            let slots = serviceFiles.filter { path, _ in lock.withLock { made[path] == nil } }.map(\.value)
            let input = input
            let files = parallelMap(slots.count) { dataset.serviceFile(slot: slots[$0], input) }
            lock.withLock { for file in files { made[file.path] = file.bytes } }
            let sink = PackageSink(site: self)
            try DatasetPackage(input: input, layout: dataset.layout).write(into: sink)
            package = sink.written
            return sink.written
        }
    }

    /// What `DatasetPackage` reads the entities' files from (this site) and writes the package to.
    private final class PackageSink: FileSink, @unchecked Sendable {
        let site: SiteOnDemand
        var written: [String: [UInt8]] = [:]

        init(site: SiteOnDemand) { self.site = site }

        func write(_ file: OutputFile) throws { written[file.path] = file.bytes }

        func read(path: String) throws -> [UInt8] {
            guard let bytes = try site.file(path) else { throw OutputWriter.Failure.io("cannot read '\(path)': not in the site") }
            return bytes
        }
    }
}

extension Renderer {
    /// The paths of the files this format renders for the page at `ref`, known without building the
    /// page (`manName` gives the page's man page name, for the formats that use it).
    func paths(of ref: PageRef, manName: () -> String?) -> [String] {
        switch self {
        case is HTMLRenderer: [HTMLRenderer.path(of: ref)]
        case is MarkdownRenderer: [MarkdownRenderer.path(of: ref)]
        case is ManRenderer: manName().map { [ManRenderer.path(manName: $0)] } ?? []
        default: []
        }
    }
}
