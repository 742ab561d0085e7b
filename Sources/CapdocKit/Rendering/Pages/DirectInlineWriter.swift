/// Writes the generated inlines of a table cell (text, code, emphasis, page links, citations, value
/// marks) straight into a format's markup: byte for byte what cmark 0.30 writes for the same nodes.
///
/// Why: building a cmark document per table cell and rendering it was a third of a build (a matrix of
/// 20,000 services has millions of cells). What cmark does for these few node kinds is small and
/// fixed: escaping text, wrapping it in delimiters. Whatever this writer cannot reproduce exactly —
/// prose (`Inline.markdown`, which cmark must parse), external links, control characters, unusual code
/// spans, nested emphasis — makes it return nil, and the cell goes through cmark as before.
/// `DirectInlineWriterTests` holds the writer to cmark's own output, case by case.
///
/// The result is the paragraph's content as cmark renders it, without the paragraph around it:
/// `<p>`…`</p>` for HTML, `.PP` and the final newline for man, the final newline for Markdown.
struct DirectInlineWriter {
    let format: DocumentFormat
    /// The page the cell is on, for relative links.
    let page: PageRef

    func write(_ inlines: [Inline]) -> String? {
        var output = Output()
        output.bytes.reserveCapacity(64)
        for inline in inlines {
            guard write(inline, parentIsEmphasis: false, into: &output) else { return nil }
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The bytes written so far, and the state cmark's renderers keep that changes escaping.
    struct Output {
        var bytes: [UInt8] = []
        /// cmark's `begin_content` (Markdown): nothing but digits has been written on the line yet.
        var beginContent = true

        mutating func literal(_ text: StaticString) {
            text.withUTF8Buffer { buffer in
                bytes.append(contentsOf: buffer)
                if beginContent { beginContent = buffer.allSatisfy(\.isDigit) }
            }
        }

        mutating func literal(_ text: String) {
            ByteText.withBytes(text) { buffer in
                bytes.append(contentsOf: buffer)
                if beginContent { beginContent = buffer.allSatisfy(\.isDigit) }
            }
        }
    }

    private func write(_ inline: Inline, parentIsEmphasis: Bool, into output: inout Output) -> Bool {
        switch inline {
        case let .text(text):
            // Generated text is one line in man (a newline would start a roff request): as PageDocumentBuilder does.
            return writeText(format == .man ? ByteText.replacing(text, [0x0A: " ", 0x0D: " "]) : text, into: &output)
        case let .code(text):
            return writeCode(text, into: &output)
        case let .strong(children):
            return wrap(children, open: format.strongOpen, close: format.strongClose, parentIsEmphasis: false, into: &output)
        case let .emphasis(children):
            // cmark writes EMPH(EMPH(x)) as `*_x_*` in Markdown: left to cmark.
            if format == .markdown, children.count == 1, case .emphasis = children[0] { return false }
            if parentIsEmphasis && format == .markdown { return false }
            return wrap(children, open: format.emphasisOpen, close: format.emphasisClose, parentIsEmphasis: true, into: &output)
        case let .link(children, .page(target)):
            guard let href = format.href(from: page, to: target) else {
                return children.allSatisfy { write($0, parentIsEmphasis: false, into: &output) }
            }
            return writeLink(href: href, children: children, into: &output)
        case .link(_, .external), .markdown:
            return false
        case let .value(value, children):
            if format == .html { output.literal("<span class=\"value \(value.rawValue)\">") }
            guard children.allSatisfy({ write($0, parentIsEmphasis: false, into: &output) }) else { return false }
            if format == .html { output.literal("</span>") }
            return true
        case let .citation(citation):
            let label = "[\(citation.number)]"
            switch format {
            case .html:
                guard let href = format.href(from: page, to: citation.target), Self.isPlainHref(href) else { return false }
                output.literal("<a class=\"cite\" href=\"\(href)\">\(label)</a>")
                return true
            case .markdown:
                return writeLink(href: format.href(from: page, to: citation.target) ?? "", children: [.text(label)], into: &output)
            case .man:
                return writeText(label, into: &output)
            }
        }
    }

    private func wrap(_ children: [Inline], open: StaticString, close: StaticString, parentIsEmphasis: Bool, into output: inout Output) -> Bool {
        output.literal(open)
        for child in children {
            guard write(child, parentIsEmphasis: parentIsEmphasis && children.count == 1, into: &output) else { return false }
        }
        output.literal(close)
        return true
    }

    /// Relative links between pages only: ids are kebab-case, so these hrefs need no escaping in any
    /// format (cmark would percent-encode or backslash-escape anything else).
    static func isPlainHref(_ href: String) -> Bool {
        ByteText.withBytes(href) { bytes in !bytes.isEmpty && bytes.allSatisfy(plainHrefBytes.contains) }
    }

    private static let plainHrefBytes = ByteSet(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-./_#".utf8))

    private func writeLink(href: String, children: [Inline], into output: inout Output) -> Bool {
        guard Self.isPlainHref(href) else { return false }
        switch format {
        case .html:
            output.literal("<a href=\"")
            output.literal(href)
            output.literal("\">")
            guard children.allSatisfy({ write($0, parentIsEmphasis: false, into: &output) }) else { return false }
            output.literal("</a>")
        case .markdown:
            output.literal("[")
            guard children.allSatisfy({ write($0, parentIsEmphasis: false, into: &output) }) else { return false }
            output.literal("](")
            output.literal(href)
            output.literal(")")
        case .man:
            return false  // man has no links: `href` is nil there
        }
        return true
    }

    private func writeCode(_ code: String, into output: inout Output) -> Bool {
        // Code spans cmark pads or fences specially (backticks, edge spaces, newlines) are left to it.
        let bytes = code.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
              !bytes.contains(where: { $0 == 0x60 || $0 < 0x20 || $0 == 0x7F }) else { return false }
        switch format {
        case .html:
            output.literal("<code>")
            guard writeText(code, into: &output) else { return false }
            output.literal("</code>")
        case .markdown:
            output.literal("`")
            output.literal(code)
            output.literal("`")
        case .man:
            // cmark writes `\f[C]`; capdoc's man pass turns it into `\f[CR]` for mandoc (ManPostProcessor.fixFonts).
            output.literal("\\f[C]")
            guard writeText(code, into: &output) else { return false }
            output.literal("\\f[]")
        }
        return true
    }

    /// Text with the format's escaping, as cmark's renderers escape a text node.
    private func writeText(_ text: String, into output: inout Output) -> Bool {
        ByteText.withBytes(text) { writeText($0, into: &output) }
    }

    private func writeText(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout Output) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Control characters: cmark drops text after a NUL and writes the others as entities. Left to it.
            guard byte >= 0x20, byte != 0x7F else { return false }
            let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
            index += 1
            switch format {
            case .html:
                switch byte {
                case 0x26: output.literal("&amp;")
                case 0x3C: output.literal("&lt;")
                case 0x3E: output.literal("&gt;")
                case 0x22: output.literal("&quot;")
                default: output.bytes.append(byte)
                }
            case .markdown:
                if markdownNeedsEscape(byte, next: next, output: output) { output.bytes.append(0x5C) }
                output.bytes.append(byte)
                output.beginContent = output.beginContent && byte.isDigit
            case .man:
                if byte == 0xE2, next == 0x80, index + 1 < bytes.count, let name = Self.manNamedCharacters[bytes[index + 1]] {
                    output.literal(name)
                    index += 2
                    continue
                }
                switch byte {
                case 0x2E where output.bytes.isEmpty, 0x27 where output.bytes.isEmpty: output.bytes += [0x5C, 0x26, byte]  // `\&.` at a line start
                case 0x2D: output.bytes += [0x5C, 0x2D]  // `\-`
                case 0x5C: output.bytes += [0x5C, 0x65]  // `\e`
                default: output.bytes.append(byte)
                }
            }
        }
        return true
    }

    /// The characters cmark's man writer names, by the last byte of their UTF-8 form (all are E2 80 xx).
    static let manNamedCharacters: [UInt8: StaticString] = [
        0x98: "\\[oq]", 0x99: "\\[cq]", 0x9C: "\\[lq]", 0x9D: "\\[rq]", 0x94: "\\[em]", 0x93: "\\[en]",
    ]

    /// cmark 0.30's CommonMark writer: the characters that would be Markdown syntax where they stand.
    private func markdownNeedsEscape(_ byte: UInt8, next: UInt8, output: Output) -> Bool {
        let followsDigit = output.bytes.last?.isDigit ?? false
        switch byte {
        case 0x2A, 0x5F, 0x5B, 0x5D, 0x23, 0x3C, 0x3E, 0x5C, 0x60, 0x21:  // * _ [ ] # < > \ ` !
            return true
        case 0x26:  // & before a letter would start an entity
            return next.isLetter
        case 0x2D, 0x2B, 0x3D:  // - + = at the start of a line: list marker or setext underline
            return output.beginContent && !followsDigit
        case 0x2E, 0x29:  // "1." or "1)" at the start of a line: an ordered list marker
            return output.beginContent && followsDigit && (next == 0 || next.isSpace)
        default:
            return false
        }
    }
}

private extension DocumentFormat {
    var strongOpen: StaticString { self == .html ? "<strong>" : self == .man ? "\\f[B]" : "**" }
    var strongClose: StaticString { self == .html ? "</strong>" : self == .man ? "\\f[]" : "**" }
    var emphasisOpen: StaticString { self == .html ? "<em>" : self == .man ? "\\f[I]" : "*" }
    var emphasisClose: StaticString { self == .html ? "</em>" : self == .man ? "\\f[]" : "*" }
}

private extension UInt8 {
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isLetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    /// cmark_isspace: space, tab, newline, vertical tab, form feed, carriage return.
    var isSpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
