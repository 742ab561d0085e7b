import Foundation

/// The same pages as CommonMark under `markdown/`, with GFM pipe tables and relative links between them.
struct MarkdownRenderer: Renderer {
    public static let folder = "markdown"

    public init() {}

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] {
        [OutputFile(path: Self.path(of: page.ref), bytes: PageDocumentBuilder(format: .markdown, page: page).renderedBytes())]
    }

    var hasPages: Bool { true }

    /// The path of a page's file, known without building the page (`SiteOnDemand`).
    static func path(of ref: PageRef) -> String { folder + "/" + ref.path + ".md" }

    func renderShared(_ input: RenderInput) throws -> [OutputFile] { [] }
}
