/// Renders a page whose tables cmark would copy one character at a time.
///
/// A table is a top-level custom block of text capdoc wrote itself (TableWriter), and cmark's
/// Markdown and man writers pass such text through unchanged — but character by character, which
/// made up much of a large page's rendering. So cmark renders a short placeholder for each table,
/// and the tables' text is put in their place afterwards: the same bytes, faster. Should a
/// placeholder not come back exactly once and in order (prose that happens to contain one), or a
/// table start or end with a newline (which would change cmark's spacing around it), the page is
/// rendered the plain way instead.
enum TableSplice {
    /// Bytes that cannot start a table placeholder's text in the output unless prose wrote them.
    static let marker = "\u{2}capdoc-table-"
    static let end = "\u{3}"

    static func render(_ builder: PageDocumentBuilder, _ renderer: (CMarkDocument) -> String) -> String {
        let tables = TableTexts()
        var splicing = builder
        splicing.tablePlaceholder = { bytes in
            tables.texts.append(bytes)
            return marker + String(tables.texts.count - 1) + end
        }
        let rendered = renderer(splicing.document())
        if let spliced = splice(rendered, tables.texts) { return spliced }
        return renderer(builder.document())
    }

    /// The rendered page with each placeholder replaced by its table; nil when the placeholders are not
    /// exactly the tables, once each, in order.
    static func splice(_ rendered: String, _ tables: [[UInt8]]) -> String? {
        guard !tables.contains(where: { $0.first == 0x0A || $0.last == 0x0A }) else { return nil }
        let marker = Array(Self.marker.utf8)
        return ByteText.withBytes(rendered) { bytes -> String? in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + tables.reduce(0) { $0 + $1.count })
            var copied = 0
            var next = 0  // the index of the table whose placeholder comes next
            var index = 0
            // Every 0x02 byte must start the next placeholder: anything else means prose wrote one.
            while let found = bytes[index...].firstIndex(of: marker[0]) {
                let token = marker + Array((String(next) + end).utf8)
                guard next < tables.count, found + token.count <= bytes.count,
                      bytes[found..<(found + token.count)].elementsEqual(token) else { return nil }
                output.append(contentsOf: bytes[copied..<found])
                output.append(contentsOf: tables[next])
                copied = found + token.count
                index = copied
                next += 1
            }
            guard next == tables.count else { return nil }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        }
    }
}

/// The tables of one page as they are written, in order (the builder's closure appends to it).
private final class TableTexts {
    var texts: [[UInt8]] = []
}
