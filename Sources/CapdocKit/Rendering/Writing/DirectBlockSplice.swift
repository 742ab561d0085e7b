/// Renders a page whose blocks written directly cmark would copy one character at a time.
///
/// A block written directly — a table (`TableWriter`), a generated paragraph or list
/// (`DirectBlockWriter`) — is a top-level block of text capdoc wrote itself (a custom block, or an HTML
/// block, `PageDocumentBuilder.directNode`), and cmark's Markdown and man writers pass such text
/// through unchanged, but character by character, which made up much of a large page's rendering; its
/// HTML writer copies them at once, but only after the text was checked as UTF-8 and copied into the
/// node, and its output is checked and copied again into a String. So cmark renders a short placeholder for each such block, and
/// the blocks' text is put in their place afterwards: the same bytes, faster. Should a placeholder not
/// come back exactly once and in order (prose that happens to contain one), or a block start or end
/// with a newline (which would change cmark's spacing around it), the page is rendered with the
/// blocks' text inside the custom blocks instead.
enum DirectBlockSplice {
    /// Bytes that cannot start a placeholder's text in the output unless prose wrote them.
    static let marker = "\u{2}capdoc-block-"
    static let end = "\u{3}"

    /// The page's bytes, which go to its file (through the site's layout for HTML) without a String made of them.
    static func render(_ builder: PageDocumentBuilder, _ renderer: (CMarkDocument) -> String) -> [UInt8] {
        let blocks = DirectTexts()
        var splicing = builder
        splicing.directPlaceholder = { bytes in
            blocks.texts.append(bytes)
            return marker + String(blocks.texts.count - 1) + end
        }
        let rendered = renderer(splicing.document())
        if let spliced = splice(rendered, blocks.texts) { return spliced }
        return Array(renderer(builder.document()).utf8)
    }

    /// The rendered page with each placeholder replaced by its block; nil when the placeholders are not
    /// exactly the blocks, once each, in order.
    static func splice(_ rendered: String, _ blocks: [[UInt8]]) -> [UInt8]? {
        guard !blocks.contains(where: { $0.first == 0x0A || $0.last == 0x0A }) else { return nil }
        let marker = Array(Self.marker.utf8)
        return ByteText.withBytes(rendered) { bytes -> [UInt8]? in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + blocks.reduce(0) { $0 + $1.count })
            var copied = 0
            var next = 0  // the index of the block whose placeholder comes next
            var index = 0
            // Every 0x02 byte must start the next placeholder: anything else means prose wrote one.
            while let found = bytes[index...].firstIndex(of: marker[0]) {
                let token = marker + Array((String(next) + end).utf8)
                guard next < blocks.count, found + token.count <= bytes.count,
                    bytes[found..<(found + token.count)].elementsEqual(token)
                else { return nil }
                output.append(contentsOf: bytes[copied..<found])
                output.append(contentsOf: blocks[next])
                copied = found + token.count
                index = copied
                next += 1
            }
            guard next == blocks.count else { return nil }
            output.append(contentsOf: bytes[copied...])
            return output
        }
    }
}

/// The directly written blocks of one page as they are written, in order (the builder's closure appends to it).
private final class DirectTexts {
    var texts: [[UInt8]] = []
}
