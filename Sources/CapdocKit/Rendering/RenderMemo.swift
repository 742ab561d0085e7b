import Foundation

/// The files of each page as last rendered, kept by `capdoc serve` so that after an edit a page is
/// rendered again only when the edit changed it (issue 43: claims → facts → answers → pages).
///
/// The page is still composed (`PageSource.build`): composing is where the page reads the
/// answers, the sources and the prose, so a composed page holds everything an edit could change in
/// it, and nothing needs to know which claims a page reads. What is saved is the rendering of the
/// page in each format (cmark, the layout, man's post-processing). A page's files are a function
/// of the page and of the `Environment` alone (what `Renderer.render` reads beside the page): a
/// page with the digest and the environment of an entry has that entry's files, byte for byte.
public final class RenderMemo: @unchecked Sendable {
    /// What the renderers read beside the page. When it changes (a template, the newest source's
    /// date in every page's foot), no entry matches and every page is rendered again.
    struct Environment: Hashable {
        /// The formats rendered, by name.
        var formats: [String]
        /// `page.mustache` as read: the HTML layout of every page.
        var layout: Data?
        var domain: Domain
        var dataAsOf: String
        var manDate: String
        var tool: ToolDescription?
    }

    private struct Entry {
        var digest: PageDigest
        /// Kept with the entry rather than once for the memo: pages of two builds may be made at
        /// once (a request still served from the last build while the next one is asked for).
        var environment: Environment
        var files: [OutputFile]
    }

    private var entries: [PageRef: Entry] = [:]
    private let lock = NSLock()
    /// Pages rendered, and pages whose files were reused, since the memo was made: for the tests.
    public private(set) var renderedCount = 0
    public private(set) var reusedCount = 0

    public init() {}

    /// The files of `page` in `environment`: those kept when the page had this digest, else
    /// `render()`'s, which are kept for the next build.
    func files(of page: Page, in environment: Environment, render: () -> [OutputFile]) -> [OutputFile] {
        let digest = PageDigest(page)
        let kept: [OutputFile]? = lock.withLock {
            guard let entry = entries[page.ref], entry.digest == digest, entry.environment == environment else { return nil }
            reusedCount += 1
            return entry.files
        }
        if let kept { return kept }
        let files = render()  // outside the lock: pages render on every core
        lock.withLock {
            entries[page.ref] = Entry(digest: digest, environment: environment, files: files)
            renderedCount += 1
        }
        return files
    }

    /// Lets go of the pages a build no longer has (a service deleted, a source renamed).
    func retain(pages: Set<PageRef>) {
        lock.withLock { entries = entries.filter { pages.contains($0.key) } }
    }

    /// How many pages are kept.
    public var count: Int { lock.withLock { entries.count } }
}
