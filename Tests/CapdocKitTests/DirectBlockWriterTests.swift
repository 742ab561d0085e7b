import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Generated paragraphs and lists written directly (`DirectBlockWriter`) give every page exactly the
/// bytes of the plain rendering, where cmark builds and renders their nodes.
@Suite("Paragraphs and lists written without cmark")
struct DirectBlockWriterTests {
    static let formats: [DocumentFormat] = [.html, .markdown, .man]

    @Test("the libcmark this runs with is one the direct writers were checked against")
    func checkedCMarkVersion() {
        let version = CMarkDocument.libraryVersion
        #expect(
            DirectBlockWriter.checkedCMarkVersions.contains(version),
            "libcmark \(version) is not a version the direct writers were checked against (\(DirectBlockWriter.checkedCMarkVersions.joined(separator: ", "))): run DirectBlockWriterTests, TableWriter's and the golden tests with it, then add it to DirectBlockWriter.checkedCMarkVersions"
        )
    }

    /// The page as it is rendered, and the page the plain way: every paragraph and list a cmark node
    /// tree, tables in custom blocks, nothing spliced.
    func both(_ page: Page, _ format: DocumentFormat) -> (direct: String, plain: String) {
        let builder = PageDocumentBuilder(format: format, page: page)
        var plain = builder
        plain.writesBlocksDirectly = false
        let document = plain.document()
        let rendered =
            switch format {
            case .html: document.html()
            case .markdown: document.commonMark()
            case .man: document.man()
            }
        return (builder.rendered(), rendered)
    }

    /// How many of the page's blocks the writer writes (the others go through cmark).
    func writtenBlocks(_ page: Page, _ format: DocumentFormat) -> Int {
        page.blocks.count(where: { DirectBlockWriter(format: format, page: page.ref).bytes(for: $0) != nil })
    }

    /// Every page of a model, direct against plain; the number of blocks written directly.
    func comparePages(_ tree: FixtureTree, _ format: DocumentFormat) -> Int {
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0)
        let pages = RenderInput(CompiledModel(model: report.model, merge: report.merge)).pages
        var written = 0
        for page in pages {
            let result = both(page, format)
            #expect(result.direct == result.plain, "\(page.ref)")
            written += writtenBlocks(page, format)
        }
        return written
    }

    @Test("every page of the shipped Content", arguments: formats)
    func shippedPages(_ format: DocumentFormat) {
        // Each service page's citations alone are a list written directly: the comparison is not vacuous.
        #expect(comparePages(FixtureTree.shipped(), format) > 100)
    }

    @Test("every page of generated Content, split into parts", arguments: formats)
    func generatedPages(_ format: DocumentFormat) {
        #expect(comparePages(SplitPagesTests.content(services: SplitPagesTests.generated), format) > 500)
    }

    /// Texts that mean something in HTML, CommonMark or roff, above all at the start of a line.
    static let hostileTexts = [
        "*a*", "_a_", "[a]", "]", "[", "<b>", "a & b", "&amp;", "\\", "a\\b", ".", ".so /etc/passwd", "'x", "# h", "#",
        "- a", "-", "+ a", "= a", "1. a", "1.", "2) a", "12.5", "`x`", "!", "![i](x)", "é ü 漢字", "“quoted” ‘q’ — –", "",
        " lead", "trail ", "|", "a|b", "][", "a\u{2}b",
    ]

    /// The inlines a page puts in a paragraph or a list item, around one text.
    static func inlines(around text: String) -> [[Inline]] {
        let claim = PageRef("sources", "guide", fragment: "claim-a")
        return [
            [.text(text)],
            [.anchor("cite-1", [.text("[1]")]), .text(" "), .link([.text(text)], .page(claim)), .text(" ("), .code("guide#a"), .text("): “\(text)”")],
            [.text(text), .text(" "), .citation(Citation(number: 3)), .citation(Citation(number: 12))],
            [.strong([.text(text)]), .text(": "), .emphasis([.text(text)]), .text(" "), .code(text)],
            [.link([.code(text)], .page(PageRef("keys", "NSLocationWhenInUseUsageDescription"))), .text(" — " + text)],
            [.value(.yes, [.text(text)])],
            [],
        ]
    }

    @Test("hostile texts in paragraphs and list items", arguments: formats)
    func hostileTexts(_ format: DocumentFormat) {
        var written = 0
        for text in Self.hostileTexts {
            let variants = Self.inlines(around: text)
            let blocks: [Block] =
                [.heading(2, "Before", anchor: "before")] + variants.map(Block.paragraph) + [
                    .list(variants), .heading(2, "After", anchor: nil), .list(variants),
                ]
            let page = Page(ref: PageRef("services", "visits"), title: "Visits", description: "", blocks: blocks)
            let result = both(page, format)
            #expect(result.direct == result.plain, "\(text.debugDescription)")
            written += writtenBlocks(page, format)
        }
        // Only control characters (and, in Markdown, empty paragraphs) make the writer decline here.
        #expect(written > Self.hostileTexts.count * 5)
    }

    /// Counts how often a box's inlines are made: each time is a writing that did not copy.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// The inlines with every shared box replaced by what it holds.
    static func unboxed(_ inlines: [Inline]) -> [Inline] {
        inlines.flatMap { inline -> [Inline] in
            switch inline {
            case let .shared(shared): unboxed(shared.inlines)
            case let .strong(children): [.strong(unboxed(children))]
            case let .emphasis(children): [.emphasis(unboxed(children))]
            case let .value(value, children): [.value(value, unboxed(children))]
            case let .anchor(id, children): [.anchor(id, unboxed(children))]
            case let .link(children, target): [.link(unboxed(children), target)]
            case .text, .code, .markdown, .citation: [inline]
            }
        }
    }

    @Test("shared inlines give the bytes of the inlines they hold, wherever they stand, on pages of every depth", arguments: formats)
    func sharedInlines(_ format: DocumentFormat) {
        for text in Self.hostileTexts {
            // One box for every page and place, as a claim's entry is shared by every page that cites it.
            let held: [Inline] =
                Array(Self.inlines(around: text)[1].dropFirst(2)) + [.text(" "), .code("x"), .link([.text(text)], .page(PageRef("keys", "k")))]
            let shared = SharedInlines(lock: NSLock()) { held }
            func blocks(_ inlines: ([Inline]) -> [Inline]) -> [Block] {
                let items: [[Inline]] = [
                    [.anchor("cite-1", [.text("[1]")]), .text(" "), .shared(shared)],  // inside a line: copied
                    [.shared(shared)],  // a line's start: written
                    [.text(text), .shared(shared), .shared(shared)],
                    [.strong([.shared(shared)]), .text(" "), .value(.yes, [.shared(shared)])],
                ]
                let unboxed = items.map(inlines)
                return [
                    .paragraph(unboxed[0]), .list(unboxed), .paragraph(unboxed[2]),
                    .table(Table(caption: "T", columns: ["A", "B"], rows: [TableRow(header: TableCell(unboxed[1]), cells: [TableCell(unboxed[2])])])),
                ]
            }
            let boxed = blocks { $0 }
            let plain = blocks(Self.unboxed)
            for ref in [PageRef("", "index"), PageRef("services", "visits"), PageRef("levels/always", "3")] {
                let page = Page(ref: ref, title: "T", description: "", blocks: boxed)
                let result = both(page, format)
                #expect(result.direct == result.plain, "\(text.debugDescription) on \(ref.path)")
                let unboxed = both(Page(ref: ref, title: "T", description: "", blocks: plain), format)
                #expect(result.direct == unboxed.direct, "\(text.debugDescription) on \(ref.path)")
            }
        }
        // A box inside lines only, on pages of three depths: its inlines are made once, for the first
        // writing; every other place copies those bytes.
        let once = Counter()
        let shared = SharedInlines(lock: NSLock()) {
            once.increment(); return [.link([.text("a")], .page(PageRef("keys", "k"))), .text(" - b")]
        }
        let item: [Inline] = [.anchor("cite-1", [.text("[1]")]), .text(" "), .shared(shared)]
        for ref in [PageRef("", "index"), PageRef("services", "visits"), PageRef("levels/always", "3")] {
            _ = PageDocumentBuilder(format: format, page: Page(ref: ref, title: "T", description: "", blocks: [.list([item, item]), .paragraph(item)]))
                .rendered()
        }
        #expect(once.value == 1)
    }

    /// Blocks next to each other as cmark sees them: lists in a row, a list beside prose that is a list,
    /// empty lists, paragraphs and items, blocks that some formats leave out, a page that starts with a list.
    static let neighbours: [[Block]] = [
        [.list([[.text("a")]]), .list([[.text("b")]])],
        [.list([[.text("a")]]), .html("<hr>"), .list([[.text("b")]])],
        [.list([[.text("a")]]), .markdownCode(info: "mermaid", text: "x"), .list([[.text("b")]])],
        [.markdown("- prose"), .list([[.text("a")]]), .markdown("text\n\n- prose")],
        [.markdown("- prose\n\ntext"), .list([[.text("a")]]), .markdown("")],
        [.list([]), .paragraph([]), .list([[], []]), .paragraph([.text("")]), .list([[.text("")]])],
        [.paragraph([.text("a")]), .code("<x/>"), .list([[.text("b")]]), .table(Table(caption: "T", columns: ["A"], rows: [])), .list([[.text("c")]])],
        [
            .list([[.text("a")], [.markdown("*prose*")]]), .paragraph([.text("x"), .markdown("y")]),
            .list([[.link([.text("x")], .external("https://example.com"))]]),
        ],
    ]

    @Test("blocks among their neighbours", arguments: formats)
    func neighbours(_ format: DocumentFormat) {
        for (index, blocks) in Self.neighbours.enumerated() {
            for title in [true, false] {
                // The page's description repeated first is left out of man; a page without a title heading starts with the blocks.
                let page = Page(ref: PageRef("", "index"), title: title ? "T" : "", description: "", blocks: blocks)
                let result = both(page, format)
                #expect(result.direct == result.plain, "case \(index)")
            }
        }
    }

    @Test("random paragraphs and lists: every page the same bytes as the plain rendering", arguments: formats)
    func randomBlocks(_ format: DocumentFormat) {
        var random = SplitMix(state: 0xB10C)
        var written = 0
        for _ in 0..<1_500 {
            let item = { (random: inout SplitMix) in
                (0..<Int.random(in: 0...4, using: &random)).map { _ in DirectInlineWriterTests.randomInline(depth: 0, using: &random) }
            }
            let blocks: [Block] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Bool.random(using: &random) ? .paragraph(item(&random)) : .list((0..<Int.random(in: 1...3, using: &random)).map { _ in item(&random) })
            }
            let page = Page(ref: PageRef("services", "visits"), title: "Visits", description: "", blocks: blocks)
            let result = both(page, format)
            #expect(result.direct == result.plain, "\(blocks)")
            written += writtenBlocks(page, format)
        }
        #expect(written > 1_000)
    }
}
