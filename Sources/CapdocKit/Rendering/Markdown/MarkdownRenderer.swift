import Foundation

/// The same pages as CommonMark under `markdown/`, with GFM pipe tables and relative links between them.
struct MarkdownRenderer: Renderer {
    public static let folder = "markdown"

    public init() {}

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] {
        [OutputFile(path: Self.folder + "/" + page.ref.path + ".md", bytes: PageDocumentBuilder(format: .markdown, page: page).renderedBytes())]
    }

    var hasPages: Bool { true }

    func renderShared(_ input: RenderInput) throws -> [OutputFile] { [] }
}
