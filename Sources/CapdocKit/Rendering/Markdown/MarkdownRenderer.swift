/// The same pages as CommonMark under `markdown/`, with GFM pipe tables and relative links between them.
public struct MarkdownRenderer: Renderer {
    public static let folder = "markdown"

    public init() {}

    public func render(_ input: RenderInput) throws -> [OutputFile] {
        let pages = input.pages
        return parallelMap(pages.count) { index in
            OutputFile(path: Self.folder + "/" + pages[index].ref.path + ".md",
                       text: PageDocumentBuilder(format: .markdown, page: pages[index]).document().commonMark())
        }
    }
}
