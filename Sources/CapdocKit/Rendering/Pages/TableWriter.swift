import CCmark

/// Writes a table as a cmark custom block: `<table>` for HTML, tbl for man, a GFM pipe table for
/// Markdown (cmark 0.30 has no table nodes). Cell contents are still rendered by cmark, one
/// paragraph per cell, so escaping is cmark's.
struct TableWriter {
    let format: DocumentFormat
    let builder: PageDocumentBuilder

    func nodes(for table: Table) -> [OpaquePointer] {
        switch format {
        case .html: [CMarkNodes.customBlock(html(table))]
        case .markdown: [CMarkNodes.customBlock(markdown(table))]
        case .man: [CMarkNodes.customBlock(tbl(table))]
        }
    }

    /// One cell's inlines rendered by cmark in the table's format.
    private func render(_ inlines: [Inline]) -> String {
        let document = CMarkDocument(blocks: [CMarkNodes.container(CMARK_NODE_PARAGRAPH, builder.inlineNodes(inlines))])
        switch format {
        case .html:
            var text = document.html()
            if text.hasPrefix("<p>") { text.removeFirst(3) }
            if text.hasSuffix("</p>\n") { text.removeLast(5) }
            return text
        case .markdown:
            return document.commonMark().trimmingCharacters(in: .newlines)
                .replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "|", with: "\\|")
        case .man:
            var text = ManPostProcessor.fixFonts(document.man())
            if text.hasPrefix(".PP\n") { text.removeFirst(4) }
            return text.trimmingCharacters(in: .newlines)
        }
    }

    private func cellInlines(_ cell: TableCell) -> [Inline] {
        cell.citations.isEmpty ? cell.content : cell.content + [.text(" ")] + cell.citations.map(Inline.citation)
    }

    private func html(_ table: Table) -> String {
        var out = "<div class=\"table-wrap\"><table>\n<caption>\(Escape.html(table.caption))</caption>\n<thead><tr>"
        for column in table.columns { out += "<th scope=\"col\">\(Escape.html(column))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for row in table.rows {
            out += row.anchor.map { "<tr id=\"\(Escape.html($0))\">" } ?? "<tr>"
            out += "<th scope=\"row\">\(render(row.header.content))</th>"
            for cell in row.cells {
                var content = render(cell.content)
                if !cell.citations.isEmpty { content += " " + render(cell.citations.map(Inline.citation)) }
                out += "<td>\(content)</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table></div>"
    }

    private func markdown(_ table: Table) -> String {
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
        var lines = [render([.emphasis([.text(table.caption)])]), ""]
        lines.append(line(table.columns.map { render([.text($0)]) }))
        lines.append(line(table.columns.map { _ in "---" }))
        for row in table.rows {
            lines.append(line([render(row.header.content)] + row.cells.map { render(cellInlines($0)) }))
        }
        return lines.joined(separator: "\n")
    }

    private func tbl(_ table: Table) -> String {
        // Every cell is a text block (T{ … T}), so cell text never meets the column separator and
        // cmark's escaping of lines that start with '.' or '\'' stays valid.
        func cell(_ text: String) -> String { "T{\n" + (text.isEmpty ? "\\&" : text) + "\nT}" }
        let caption = render([.strong([.text(table.caption)])])
        var lines = [".PP", caption, ".TS", "allbox tab(\t);"]
        lines.append(table.columns.map { _ in "lb" }.joined(separator: " "))
        lines.append(table.columns.map { _ in "l" }.joined(separator: " ") + ".")
        lines.append(table.columns.map { cell(render([.text($0)])) }.joined(separator: "\t"))
        for row in table.rows {
            lines.append(([cell(render(row.header.content))] + row.cells.map { cell(render(cellInlines($0))) }).joined(separator: "\t"))
        }
        lines.append(".TE")
        return lines.joined(separator: "\n")
    }
}
