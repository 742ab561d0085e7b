import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Blocks written directly (tables, generated paragraphs and lists), spliced in after cmark renders the
/// page, give exactly the bytes cmark gives with the blocks' text inside its custom blocks.
@Suite("Directly written blocks spliced into rendered pages")
struct DirectBlockSpliceTests {
    func plain(_ builder: PageDocumentBuilder) -> String {
        builder.format == .man ? builder.document().man() : builder.document().commonMark()
    }

    @Test("every page of the shipped Content, in Markdown and man", arguments: [DocumentFormat.markdown, .man])
    func shippedPages(_ format: DocumentFormat) throws {
        let shipped = FixtureTree.shipped().check(archives: false)
        let pages = RenderInput(CompiledModel(model: shipped.model, merge: shipped.merge)).pages
        #expect(pages.contains { page in page.blocks.contains { if case .table = $0 { true } else { false } } })
        for page in pages {
            let builder = PageDocumentBuilder(format: format, page: page)
            #expect(builder.rendered() == plain(builder), "\(page.ref)")
        }
    }

    static let table = Block.table(Table(caption: "T", columns: ["A", "B"], rows: [TableRow(header: TableCell(text: "x"), cells: [TableCell(text: "y")])]))

    static let list = Block.list([[.text("a")], [.code("b")]])

    @Test("prose that contains a placeholder falls back to the plain rendering", arguments: [DocumentFormat.markdown, .man])
    func hostileProse(_ format: DocumentFormat) {
        for prose in [
            "\(DirectBlockSplice.marker)0\(DirectBlockSplice.end)", "`\(DirectBlockSplice.marker)1\(DirectBlockSplice.end)`", "a\(DirectBlockSplice.marker)",
            "\u{2}",
        ] {
            let page = Page(ref: PageRef("services", "x"), title: "X", description: "", blocks: [Self.table, .markdown(prose), Self.list, Self.table])
            let builder = PageDocumentBuilder(format: format, page: page)
            #expect(builder.rendered() == plain(builder), "\(prose)")
        }
    }
}
