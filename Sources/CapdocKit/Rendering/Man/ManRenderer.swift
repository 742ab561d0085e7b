import Foundation

/// man pages under `man/`: section 7 for the overview and every entity (by id; keys by their name),
/// and `capdoc(1)` for the tool when its command line is described.
public struct ManRenderer: Renderer {
    public static let folder = "man"

    /// The command line capdoc(1) documents; without it (a library's own build), there is no capdoc(1).
    public var tool: ToolDescription?

    public init(tool: ToolDescription? = nil) {
        self.tool = tool
    }

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] {
        guard let name = page.manName else { return [] }
        let body = PageDocumentBuilder(format: .man, page: Self.withoutRepeatedDescription(page)).renderedBytes()
        let domain = input.compiled.vocabulary.domain
        let text = ManPostProcessor.page(
            name: name, section: "7", date: input.manDate, title: domain.name, description: page.description,
            body: body,
            seeAlso: page.seeAlso.compactMap { PageContext.manName(for: $0, overview: ManPageNames.overview(domain)).map { (name: $0, section: "7") } })
        return [OutputFile(path: Self.path(manName: name), bytes: text)]
    }

    var hasPages: Bool { true }

    /// The path of a page's man page, by its name (`PageContext.manName` knows it without building the page).
    static func path(manName: String) -> String { "\(folder)/man7/\(manName).7" }

    func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        guard let tool else { return [] }
        return [
            OutputFile(
                path: "\(Self.folder)/man1/\(tool.root.name).1",
                text: ToolManual.page(tool, date: input.manDate, vocabulary: input.compiled.vocabulary))
        ]
    }

    /// The page without its first block when that block says the description again: NAME already
    /// shows it ("name \\- description"), and man would print it twice.
    static func withoutRepeatedDescription(_ page: Page) -> Page {
        var page = page
        guard let first = page.blocks.first, page.leadRepeatsDescription ?? (Self.plainText(first) == page.description) else { return page }
        page.blocks.removeFirst()
        return page
    }

    private static func plainText(_ block: Block) -> String? {
        let text: String
        switch block {
        case let .markdown(markdown): text = CMarkDocument(markdown: markdown).plainText
        case let .paragraph(inlines): text = ManTableLayout.plainText(inlines)
        default: return nil
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The pages' date: SOURCE_DATE_EPOCH when set (reproducible builds), otherwise the newest date
    /// of the sources — the date the facts are as of. Never the clock, so builds are byte-identical.
    static func date(_ model: ContentModel) -> String {
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Double(epoch) {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return formatter.string(from: Date(timeIntervalSince1970: seconds))
        }
        return model.newestSourceDate ?? "1970-01-01"
    }
}
