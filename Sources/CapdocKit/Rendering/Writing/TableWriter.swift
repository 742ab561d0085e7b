import CCmark

/// Writes a table for a cmark custom block: `<table>` for HTML, tbl for man, a GFM pipe table for
/// Markdown (cmark 0.30 has no table nodes). Each cell is what cmark makes of it as a paragraph, so
/// escaping is cmark's: `DirectInlineWriter` writes the cells whose bytes it knows to be cmark's, and
/// cmark renders the others.
struct TableWriter {
    let format: DocumentFormat
    let builder: PageDocumentBuilder
    /// One for the table, not one per cell: it works out the page's depth for its links once.
    private let cells: DirectInlineWriter

    init(format: DocumentFormat, builder: PageDocumentBuilder) {
        self.format = format
        self.builder = builder
        cells = DirectInlineWriter(format: format, page: builder.page.ref, place: .tableCell)
    }

    /// The table's text, built as bytes: a matrix table of 20,000 services is megabytes.
    func bytes(for table: Table) -> [UInt8] {
        // Room for a usual table at once (a cell with its citations is a hundred bytes or so): grown from
        // empty, a large table's bytes were reallocated and copied a dozen times.
        var out = ByteBuffer(capacity: 256 + (table.rows.count + 1) * table.columns.count * Self.usualCellBytes)
        switch format {
        case .html: html(table, &out)
        case .markdown: markdown(table, &out)
        case .man: tbl(table, &out)
        }
        return out.array()
    }

    /// Bytes a cell usually takes, with its markup.
    private static let usualCellBytes = 96

    /// Appends one cell's inlines in the table's format: written directly where that gives cmark's
    /// bytes (`DirectInlineWriter`), rendered by cmark otherwise. Returns whether the bytes are
    /// `DirectInlineWriter`'s (false: cmark's, rewritten for the table).
    @discardableResult
    private func cell(_ inlines: [Inline], _ out: inout ByteBuffer) -> Bool {
        if cells.write(inlines, into: &out) { return true }
        out.append(renderedByCmark(inlines))
        return false
    }

    /// One cell rendered by cmark, rewritten for the table: in Markdown on one line with `|`
    /// escaped; in man with mandoc's font name and breakable citations.
    func renderedByCmark(_ inlines: [Inline]) -> String {
        let content = cmarkContent(inlines)
        switch format {
        case .html: return content
        case .markdown: return ByteText.replacing(content, .markdownCell)
        case .man: return Self.breakableCitations(ManPostProcessor.fixFonts(content))
        }
    }

    /// A paragraph of the inlines rendered by cmark, without the paragraph around it.
    func cmarkContent(_ inlines: [Inline]) -> String {
        let document = CMarkDocument(blocks: [CMarkNodes.container(CMARK_NODE_PARAGRAPH, builder.inlineNodes(inlines))])
        switch format {
        case .html:
            var text = document.html()
            if text.hasPrefix("<p>") { text.removeFirst(3) }
            if text.hasSuffix("</p>\n") { text.removeLast(5) }
            return text
        case .markdown:
            return ByteText.trimmingNewlines(document.commonMark())
        case .man:
            var text = document.man()
            if text.hasPrefix(".PP\n") { text.removeFirst(4) }
            return ByteText.trimmingNewlines(text)
        }
    }

    /// A cell's content and its citations. Static: as a method, each use (twice per cell in man, once
    /// to measure and once to write) copied the writer and its page.
    private static func cellInlines(_ cell: TableCell) -> [Inline] {
        cell.citations.isEmpty ? cell.content : cell.content + [.text(" ")] + Citation.markers(cell.citations)
    }

    /// Citations side by side are written "[1] [2]" in a man table, so that a narrow cell can wrap a
    /// long list ("can't break line"). A space, not the break point `\:` that prints nothing: mandoc's
    /// UTF-8 output (macOS's man) never breaks at `\:`, and a list of citations overflowed its column.
    /// Only where the text has "][" (`ManPostProcessor.endsWithTextBracket`).
    static func breakableCitations(_ roff: String) -> String {
        ByteText.withBytes(roff) { bytes in
            var output: [UInt8] = []
            var copied = 0
            for index in bytes.indices.dropFirst() where bytes[index] == 0x5B {
                guard ManPostProcessor.endsWithTextBracket(bytes, before: index) else { continue }
                if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
                output.append(contentsOf: bytes[copied..<index])
                output.append(0x20)
                copied = index
            }
            guard copied > 0 else { return roff }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// `<tr>` or `<tr id="…">`: rows and cells that links point at carry their anchor. A cell carries
    /// its column's name (`data-label`), which a phone shows beside it when the rows are stacked.
    private func openTag(_ name: StaticString, id: String?, label: String? = nil, _ out: inout ByteBuffer) {
        out.append(literal: "<")
        out.append(literal: name)
        if let id {
            out.append(literal: " id=\"")
            out.append(Escape.html(id))
            out.append(literal: "\"")
        }
        if let label {
            out.append(literal: " data-label=\"")
            out.append(label)
            out.append(literal: "\"")
        }
        out.append(literal: ">")
    }

    private func html(_ table: Table, _ out: inout ByteBuffer) {
        out.append(literal: "<div class=\"table-wrap")
        if let htmlClass = table.htmlClass {
            out.append(0x20)
            out.append(Escape.html(htmlClass))
        }
        out.append(literal: "\"><table>\n<caption>")
        out.append(Escape.html(table.caption))
        out.append(literal: "</caption>\n<thead><tr>")
        for column in table.columns {
            out.append(literal: "<th scope=\"col\">")
            out.append(Escape.html(column))
            out.append(literal: "</th>")
        }
        out.append(literal: "</tr></thead>\n<tbody>\n")
        // Escaped once per table, not once per cell.
        let labels = table.columns.dropFirst().map { Escape.html($0) }
        for row in table.rows {
            openTag("tr", id: row.anchor, &out)
            out.append(literal: "<th scope=\"row\">")
            cell(row.header.content, &out)
            out.append(literal: "</th>")
            for (index, value) in row.cells.enumerated() {
                openTag("td", id: value.anchor, label: index < labels.count ? labels[index] : nil, &out)
                // The answer in a few words, its history and citations one activation away: a
                // `<details>` works without script and its summary is one keyboard stop.
                if let summary = value.summary {
                    out.append(literal: "<details class=\"cell\"><summary>")
                    cell(summary, &out)
                    out.append(literal: "</summary><div class=\"cell-history\">")
                }
                // A phone stacks a row's cells as a grid of label and answer, in which each child of a
                // `td` is an item of its own: text, a value and its citations in one span stay on one
                // line, instead of the citations falling under the label.
                let wrapped = value.summary == nil && (!value.citations.isEmpty || value.content.count > 1)
                if wrapped { out.append(literal: "<span class=\"cell-body\">") }
                cell(value.content, &out)
                if !value.citations.isEmpty {
                    out.append(0x20)
                    cell(Citation.markers(value.citations), &out)
                }
                if wrapped { out.append(literal: "</span>") }
                if value.summary != nil { out.append(literal: "</div></details>") }
                out.append(literal: "</td>")
            }
            out.append(literal: "</tr>\n")
        }
        out.append(literal: "</tbody>\n</table></div>")
    }

    private func markdown(_ table: Table, _ out: inout ByteBuffer) {
        cell([.emphasis([.text(table.caption)])], &out)
        out.append(literal: "\n\n| ")
        for (index, column) in table.columns.enumerated() {
            if index > 0 { out.append(literal: " | ") }
            cell([.text(column)], &out)
        }
        out.append(literal: " |\n|")
        for _ in table.columns { out.append(literal: " --- |") }
        // Each row's cells are written as they are: a list of the row's cells, made to loop over, was
        // an allocation per row and a retain and release of every cell of a large table.
        for row in table.rows {
            out.append(literal: "\n| ")
            if let anchor = row.anchor { out.append(Escape.markdownAnchor(anchor)) }
            cell(row.header.content, &out)
            for value in row.cells {
                out.append(literal: " | ")
                cell(Self.cellInlines(value), &out)
            }
            out.append(literal: " |")
        }
    }

    /// Terminal tables must fit any width from 60 to 100 columns: `ManTableLayout` splits a wide table
    /// into grids that repeat the row-header column, fixes the width (`w(…)`) of the columns that need
    /// no more than the narrowest line gives them, and lets the others expand (`x`) to fill the line;
    /// no word breaks.
    private func tbl(_ table: Table, _ out: inout ByteBuffer) {
        // Each cell is written once, before the layout: measured from its bytes where they are
        // `DirectInlineWriter`'s, then copied into the grid that shows it (the row headers into each).
        var written = ByteBuffer(capacity: (table.rows.count + 1) * table.columns.count * Self.usualCellBytes)
        var starts: [Int] = [0]  // cell n is written[starts[n]..<starts[n + 1]], the titles' row first
        var direct: [Bool] = []
        let columnCount = table.columns.count
        starts.reserveCapacity((table.rows.count + 1) * columnCount + 1)
        direct.reserveCapacity((table.rows.count + 1) * columnCount)
        func write(_ inlines: [Inline]?) {
            direct.append(inlines.map { cell($0, &written) } ?? false)
            starts.append(written.count)
        }
        for column in 0..<columnCount { write([.text(table.columns[column])]) }
        for row in table.rows {
            // A row missing cells leaves them empty; one with cells past the columns never shows those.
            for column in 0..<columnCount {
                write(column == 0 ? row.header.content : column <= row.cells.count ? Self.cellInlines(row.cells[column - 1]) : nil)
            }
        }
        func place(_ row: Int, _ column: Int) -> Int { (row + 1) * columnCount + column }
        let layout = written.withBytes { bytes in
            ManTableLayout(table, cell: Self.cellInlines) { row, column in
                let cell = place(row, column)
                return direct[cell] ? UnsafeBufferPointer(rebasing: bytes[starts[cell]..<starts[cell + 1]]) : nil
            }
        }
        // Every cell is a text block (T{ … T}), so cell text never meets the column separator and
        // cmark's escaping of lines that start with '.' or '\'' stays valid. The page is set ragged-right
        // (`.ad l`, ManPostProcessor), so groff does not stretch the narrow cells ("cannot adjust line").
        func textBlock(_ row: Int, _ column: Int) {
            out.append(literal: "T{\n")
            let cell = place(row, column)
            if starts[cell] == starts[cell + 1] {
                out.append(literal: "\\&")
            } else {
                written.withBytes { out.append(contentsOf: $0[starts[cell]..<starts[cell + 1]]) }
            }
            out.append(literal: "\nT}")
        }
        out.append(literal: ".PP\n")
        cell([.strong([.text(table.caption)])], &out)
        guard layout.fits else { return manList(table, &out) }
        for (index, grid) in layout.grids.enumerated() {
            // The grids of one table follow each other with a blank line between them.
            out.append(index == 0 ? "\n" : "\n.sp\n")
            // mandoc draws a table with `x` columns one column past the line: the line is one en
            // shorter for the table, and one en longer after it (a bare `.ll` would restore the line
            // length before the last change, which in groff is one of tbl's own).
            if grid.expandsToLine { out.append(literal: ".ll -1n\n") }
            out.append(literal: ".TS\nallbox tab(\t);\n")
            let formats = zip(grid.widths, grid.expands).map { width, expands in expands ? "x" : "w(\(width)n)" }
            out.append(formats.map { "lb" + $0 }.joined(separator: " "))
            out.append(literal: "\n")
            out.append(formats.map { "l" + $0 }.joined(separator: " ") + ".\n")
            for (position, column) in grid.columns.enumerated() {
                if position > 0 { out.append(0x09) }
                textBlock(-1, column)
            }
            for row in table.rows.indices {
                out.append(literal: "\n")
                for (position, column) in grid.columns.enumerated() {
                    if position > 0 { out.append(0x09) }
                    textBlock(row, column)
                }
            }
            out.append(literal: "\n.TE")
            if grid.expandsToLine { out.append(literal: "\n.ll +1n") }
        }
    }

    /// A table too wide for any grid at 60 columns (two identifiers side by side are longer than a
    /// line): each row becomes an entry, its header in bold, then one line per column.
    private func manList(_ table: Table, _ out: inout ByteBuffer) {
        for row in table.rows {
            out.append(literal: "\n.TP\n")
            cell([.strong(row.header.content)], &out)
            for (index, value) in row.cells.enumerated() {
                out.append(index == 0 ? "\n" : "\n.br\n")
                cell([.text(table.columns[index + 1] + ": ")] + Self.cellInlines(value), &out)
            }
        }
    }
}
