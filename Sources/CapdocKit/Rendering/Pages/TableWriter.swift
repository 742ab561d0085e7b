import CCmark

/// Writes a table as a cmark custom block: `<table>` for HTML, tbl for man, a GFM pipe table for
/// Markdown (cmark 0.30 has no table nodes). Cell contents are still rendered by cmark, one
/// paragraph per cell, so escaping is cmark's.
struct TableWriter {
    let format: DocumentFormat
    let builder: PageDocumentBuilder

    func text(for table: Table) -> String {
        switch format {
        case .html: html(table)
        case .markdown: markdown(table)
        case .man: tbl(table)
        }
    }

    /// One cell's inlines in the table's format: written directly where that gives cmark's bytes
    /// (`DirectInlineWriter`), rendered by cmark otherwise.
    private func render(_ inlines: [Inline]) -> String {
        let content = DirectInlineWriter(format: format, page: builder.page.ref).write(inlines) ?? cmarkContent(inlines)
        switch format {
        case .html: return content
        case .markdown: return ByteText.replacing(content, [0x0A: " ", 0x7C: "\\|"])
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

    private func cellInlines(_ cell: TableCell) -> [Inline] {
        cell.citations.isEmpty ? cell.content : cell.content + [.text(" ")] + cell.citations.map(Inline.citation)
    }

    /// Citations are written "[1][2]" with a break opportunity between them in roff (`\:`), so a
    /// narrow cell can wrap a long list ("can't break line").
    static func breakableCitations(_ roff: String) -> String {
        ByteText.replacing(roff, "][", with: "]\\:[")
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

    /// Terminal tables must fit 80 columns: up to this many columns are drawn as they are; wider ones
    /// are drawn long, one line per cell ("Visits | iOS | Yes [1]"), the row header spanning its lines.
    static let widestManTable = 3

    private func tbl(_ table: Table) -> String {
        // Every cell is a text block (T{ … T}), so cell text never meets the column separator and
        // cmark's escaping of lines that start with '.' or '\'' stays valid. `.na` stops groff from
        // stretching the narrow cells ("cannot adjust line").
        func cell(_ text: String) -> String { "T{\n" + (text.isEmpty ? "\\&" : text) + "\nT}" }
        let caption = render([.strong([.text(table.caption)])])
        let long = table.columns.count > Self.widestManTable
        let columns = long ? [table.columns[0], table.pivot, "Value"] : table.columns
        var lines = [".PP", caption, ".na", ".TS", "allbox tab(\t);"]
        lines.append(columns.map { _ in "lb" }.joined(separator: " "))
        // In the long form the row header spans several lines: `t` puts it at the top of its span.
        lines.append((long ? ["lt"] + columns.dropFirst().map { _ in "l" } : columns.map { _ in "l" }).joined(separator: " ") + ".")
        lines.append(columns.map { cell(render([.text($0)])) }.joined(separator: "\t"))
        for row in table.rows {
            let header = cell(render(row.header.content))
            if long {
                for (index, value) in row.cells.enumerated() {
                    // tbl's `\^` continues the row header from the line above.
                    lines.append([index == 0 ? header : "\\^", cell(render([.text(table.columns[index + 1])])), cell(render(cellInlines(value)))].joined(separator: "\t"))
                }
            } else {
                lines.append(([header] + row.cells.map { cell(render(cellInlines($0))) }).joined(separator: "\t"))
            }
        }
        lines += [".TE", ".ad"]
        return lines.joined(separator: "\n")
    }
}
