/// Writes a generated paragraph or list — one whose inlines hold no Content prose — as cmark 0.30
/// renders it at the top level of a page, byte for byte, without building cmark nodes for it.
///
/// Why: with tables written by `TableWriter`, what remained of rendering a page was cmark building
/// and rendering the nodes of generated blocks, the largest of them the page's list of citations (a
/// third of a service page's bytes, and long on every matrix, level and platform part). What cmark
/// writes around the inlines of these blocks is small and fixed; the inlines are `DirectInlineWriter`'s.
/// A block it cannot reproduce exactly — an inline the inline writer declines (prose, an external
/// link, a control character), an empty list, a block with no text in Markdown — is left to cmark.
///
/// The bytes are the block without the newlines cmark puts before and after a block: the node that
/// carries them into cmark's tree (`PageDocumentBuilder.directNode`; in Markdown and man a placeholder
/// for them, `DirectBlockSplice`) gets the same newlines from cmark. They are cmark's bytes before the
/// page's own rewriting (`ManPostProcessor`), which goes over them as over the rest of the page.
/// `DirectBlockWriterTests` holds every page to the plain rendering, in every format.
struct DirectBlockWriter {
    /// The libcmark versions whose bytes these writers (and `TableWriter`, `DirectInlineWriter`) were
    /// checked against by `DirectBlockWriterTests`. Another version fails a test that names it: the
    /// writers reproduce cmark's output, so a new libcmark is checked, then added here.
    static let checkedCMarkVersions = ["0.30.2"]

    let format: DocumentFormat
    /// One for the block, not one per list item (a page's citations are a list of hundreds); it knows
    /// the page the block is on, for relative links.
    private let inlines: DirectInlineWriter

    init(format: DocumentFormat, page: PageRef) {
        self.format = format
        inlines = DirectInlineWriter(format: format, page: page, place: .paragraph)
    }

    /// The block's bytes; nil when it must go through cmark (or is no paragraph or list).
    func bytes(for block: Block) -> [UInt8]? {
        var out = ByteBuffer()
        let written: Bool
        switch block {
        case let .paragraph(inlines): written = paragraph(inlines, &out)
        case let .list(items): written = list(items, &out)
        case .heading, .markdown, .quote, .table, .html, .markdownCode, .code: return nil
        }
        // cmark writes nothing at all for an empty Markdown paragraph, not even its blank line.
        return written && !out.isEmpty ? out.array() : nil
    }

    /// A paragraph at the top level: `<p>…</p>`, the text alone, or `.PP` and the text on the next line.
    private func paragraph(_ inlines: [Inline], _ out: inout ByteBuffer) -> Bool {
        switch format {
        case .html:
            out.append(literal: "<p>")
            guard write(inlines, &out) else { return false }
            out.append(literal: "</p>")
            return true
        case .markdown:
            return write(inlines, &out)
        case .man:
            out.append(literal: ".PP")
            return onNextLine(inlines, &out)
        }
    }

    /// Bytes a list item usually takes.
    private static let usualItemBytes = 320

    /// A tight bullet list, each item one paragraph: cmark's `<li>` without `<p>`, its `  - ` marker
    /// (4 columns), or its `.IP \[bu] 2`.
    private func list(_ items: [[Inline]], _ out: inout ByteBuffer) -> Bool {
        // An empty list is nothing in Markdown and man, but `<ul>` in HTML: rare enough for cmark.
        guard !items.isEmpty else { return false }
        // Room for usual items at once (a page's citations: a claim's source, reference and quote each),
        // rather than growing from empty.
        out.reserve(16 + items.count * Self.usualItemBytes)
        switch format {
        case .html:
            out.append(literal: "<ul>\n")
            for item in items {
                out.append(literal: "<li>")
                guard write(item, &out) else { return false }
                out.append(literal: "</li>\n")
            }
            out.append(literal: "</ul>")
        case .markdown:
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(0x0A) }
                out.append(literal: "  - ")
                guard write(item, &out) else { return false }
            }
        case .man:
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(0x0A) }
                out.append(literal: ".IP \\[bu] 2")
                guard onNextLine(item, &out) else { return false }
            }
        }
        return true
    }

    /// roff text after a request, on a line of its own. cmark ends the request's line only when text
    /// follows: an item with no text leaves no empty line.
    private func onNextLine(_ inlines: [Inline], _ out: inout ByteBuffer) -> Bool {
        out.append(0x0A)
        let start = out.count
        guard write(inlines, &out) else { return false }
        if out.count == start { out.truncate(to: start - 1) }
        return true
    }

    private func write(_ inlines: [Inline], _ out: inout ByteBuffer) -> Bool {
        self.inlines.write(inlines, into: &out)
    }
}
