/// Writes generated inlines (text, code, emphasis, page links, citations, value marks) of a table cell,
/// a paragraph or a list item straight into a page's bytes, as cmark 0.30 renders the same nodes,
/// byte for byte.
///
/// Why: building a cmark document per table cell and rendering it was a third of a build (a matrix of
/// 20,000 services has millions of cells). What cmark does for these few node kinds is small and
/// fixed: escaping text, wrapping it in delimiters. Whatever this writer cannot reproduce exactly —
/// prose (`Inline.markdown`, which cmark must parse), external links, control characters, unusual code
/// spans, nested emphasis, ids that would need escaping in a URL — makes it decline, and the cell (or
/// the whole paragraph or list) goes through cmark. `DirectInlineWriterTests` holds it to cmark's
/// output, case by case.
///
/// What it writes is the paragraph's content without the paragraph: in a table cell as `TableWriter`
/// puts it in the table, with the table's own rewriting done (`|` escaped in Markdown; `\f[CR]` and
/// breakable citations in man); in a paragraph or list item outside a table (`DirectBlockWriter`),
/// exactly cmark's bytes, which the page's own rewriting (`ManPostProcessor`) then goes over as it
/// goes over cmark's.
struct DirectInlineWriter {
    let format: DocumentFormat
    let place: Place
    /// The depth of the page the cell is on (`PageRef.depth`), counted once: every relative link on
    /// the page starts with that many "../".
    private let depth: Int
    /// What the writing reads at every text and marker, taken from the statics once per writer: a
    /// static is a lazy global, checked at each read (13 million reads in a build of 2,000 services).
    /// `unchangedAnywhere`, `unchangedFurther`: the bytes `writeText` copies as they are (`unchangedBytes`
    /// and the format's own set); `markers`: the format's table of citation markers, if it has one.
    private let unchangedAnywhere: ByteSet
    private let unchangedFurther: ByteSet
    private let markers: [[UInt8]]?

    init(format: DocumentFormat, page: PageRef, place: Place) {
        self.format = format
        self.place = place
        depth = page.depth
        unchangedAnywhere = Self.unchangedBytes
        switch format {
        case .html:
            unchangedFurther = Self.unchangedInHTML
            markers = Self.htmlCitationMarkers
        case .markdown:
            unchangedFurther = Self.unchangedInMarkdownLine
            markers = Self.markdownCitationMarkers
        case .man:
            unchangedFurther = Self.unchangedInManCell
            markers = nil
        }
    }

    /// The writer that makes the marker tables: it must not read them.
    private init(makingMarkersIn format: DocumentFormat) {
        self.format = format
        place = .paragraph
        depth = 0
        unchangedAnywhere = ByteSet()
        unchangedFurther = ByteSet()
        markers = nil
    }

    /// Where the inlines go, which decides the rewriting done on cmark's bytes.
    enum Place {
        /// A cell of a table `TableWriter` writes.
        case tableCell
        /// A paragraph (or list item) of its own at the top level of a page.
        case paragraph
    }

    /// Appends the cell to `bytes`; false (and `bytes` as it was) when it must go through cmark.
    func write(_ inlines: [Inline], into bytes: inout ByteBuffer) -> Bool {
        var output = Output(format: format, inTable: place == .tableCell)
        swap(&output.bytes, &bytes)
        output.cellStart = output.bytes.count
        let written = writeAll(inlines, into: &output)
        if !written { output.bytes.truncate(to: output.cellStart) }
        swap(&output.bytes, &bytes)
        return written
    }

    /// The cell alone, as a string (nil when it must go through cmark).
    func write(_ inlines: [Inline]) -> String? {
        var bytes = ByteBuffer()
        return write(inlines, into: &bytes) ? String(decoding: bytes.array(), as: UTF8.self) : nil
    }

    /// The bytes written so far, and the state cmark's renderers keep that changes escaping.
    struct Output: ~Copyable {
        let format: DocumentFormat
        /// Whether the table's rewriting is done (`Place.tableCell`).
        let inTable: Bool
        var bytes = ByteBuffer()
        /// Where this cell starts in `bytes`.
        var cellStart = 0
        /// cmark's `begin_content` (Markdown): nothing but digits has been written on the line yet.
        var beginContent: Bool
        /// Where each relative link starts in `bytes`, when asked for (`insideLineBytes`); nil otherwise.
        var linkStarts: [Int32]?

        init(format: DocumentFormat, inTable: Bool) {
            self.format = format
            self.inTable = inTable
            // Only Markdown's escaping reads it: in HTML and man it starts false, and no append checks
            // its bytes for digits.
            beginContent = format == .markdown
        }

        var isEmpty: Bool { bytes.count == cellStart }

        /// Markup of capdoc's or cmark's own (no `|`, no `[` after `]`): appended as it is.
        mutating func literal(_ text: StaticString) {
            ByteText.withBytes(text) { buffer in
                bytes.append(contentsOf: buffer)
                if beginContent { beginContent = buffer.allSatisfy(\.isDigit) }
            }
        }

        /// Markup made at run time (an id, a value's class). Named apart from `literal(_: StaticString)`:
        /// with both called `literal`, a string literal argument chose this one (String is the default
        /// type of a literal), which reads a String's bytes through its UTF-8 view — 7 million calls of
        /// 180 instructions each in a build of 2,000 services.
        mutating func string(_ text: String) {
            ByteText.withBytes(text) { buffer in
                bytes.append(contentsOf: buffer)
                if beginContent { beginContent = buffer.allSatisfy(\.isDigit) }
            }
        }

        /// Bytes of text that need no escaping or rewriting where they stand (`unchangedBytes`), as
        /// `put` would append them one by one.
        mutating func copy(_ run: Slice<UnsafeBufferPointer<UInt8>>) {
            bytes.append(contentsOf: run)
            if beginContent { beginContent = run.allSatisfy(\.isDigit) }
        }

        /// Appends text made only of bytes in `plain` (an id in a link); false at any other byte.
        mutating func appendPlain(_ text: String, _ plain: ByteSet) -> Bool {
            ByteText.withBytes(text) { buffer in
                guard buffer.allSatisfy(plain.contains) else { return false }
                bytes.append(contentsOf: buffer)
                return true
            }
        }

        /// "../" `depth` times: where a relative link starts on a page that deep.
        mutating func appendParentFolders(_ depth: Int) {
            for _ in 0..<depth { bytes.append(literal: "../") }
        }

        /// A decimal number (`ByteText.appendDecimal`): citation numbers are the most frequent text of
        /// a large site, and `String(value)` allocated for each.
        mutating func number(_ value: Int) {
            guard value >= 0 else { return string(String(value)) }
            bytes.appendDecimal(value)
        }

        /// A byte of text as cmark wrote it, with the table's rewriting in a table: a Markdown table
        /// escapes `|` (its column separator); a man table puts a space in "][" between citations
        /// (`TableWriter.breakableCitations`).
        mutating func put(_ byte: UInt8) {
            switch format {
            case .markdown where byte == 0x7C && inTable:
                bytes.append(0x5C)
            case .man
            where byte == 0x5B && inTable && bytes.count > cellStart
                && bytes.withBytes({ ManPostProcessor.endsWithTextBracket($0, from: cellStart, before: $0.count) }):
                bytes.append(0x20)
            case .html, .markdown, .man:
                break
            }
            bytes.append(byte)
            beginContent = beginContent && byte.isDigit
        }
    }

    /// One inline, read in place (see `writeAll`).
    private func write(_ inline: UnsafePointer<Inline>, parentIsEmphasis: Bool, into output: inout Output) -> Bool {
        switch inline.pointee {
        case let .text(text):
            // `format.generatedText(text)`, which the cmark path applies first, is done by `writeText`
            // as it goes: a scan of every text for line breaks before writing it was 2% of a build.
            return writeText(text, into: &output)
        case let .code(text):
            return writeCode(text, into: &output)
        case let .strong(children):
            return wrap(children, open: format.strongOpen, close: format.strongClose, parentIsEmphasis: false, into: &output)
        case let .emphasis(children):
            // cmark writes EMPH(EMPH(x)) as `*_x_*` in Markdown: left to cmark.
            if case .markdown = format {
                if parentIsEmphasis { return false }
                if children.count == 1, case .emphasis = children[0] { return false }
            }
            return wrap(children, open: format.emphasisOpen, close: format.emphasisClose, parentIsEmphasis: true, into: &output)
        case let .link(children, .page(target)):
            guard format.hasLinks else { return writeAll(children, into: &output) }
            return writeLink(to: target, children: children, into: &output)
        case .link(_, .external), .link(_, .file), .markdown:
            return false
        case let .value(value, children):
            if format.keepsHTML {
                output.literal("<span class=\"value ")
                output.string(value.rawValue)
                output.literal("\">")
            }
            guard writeAll(children, into: &output) else { return false }
            if format.keepsHTML { output.literal("</span>") }
            return true
        case let .citation(citation):
            // Most markers are copied whole from a table: they are the most frequent markup of a large site.
            if let markers, citation.number >= 0, citation.number < markers.count {
                let marker = markers[citation.number]
                output.bytes.append(contentsOf: marker)
                output.beginContent = false
                return true
            }
            return writeCitation(citation.number, into: &output)
        case let .shared(shared):
            return writeShared(shared, into: &output)
        case let .anchor(id, children):
            guard Self.isPlain(id) else { return false }
            switch format {
            case .html:
                output.literal("<a id=\"")
                output.string(id)
                output.literal("\">")
                guard writeAll(children, into: &output) else { return false }
                output.literal("</a>")
                return true
            case .markdown:
                output.literal("<a id=\"")
                output.string(id)
                output.literal("\"></a>")
            case .man:
                break
            }
            return writeAll(children, into: &output)
        }
    }

    /// Each of the inlines in turn, until one must go through cmark. Each is read where it lies, through
    /// a pointer: an array's iterator, `allSatisfy` and subscript hand out a copy of the element, and
    /// copying an `Inline` (retaining its payloads, releasing them after) was 5% of a build's
    /// instructions (callgrind, 200 services: 5.88 G → 5.58 G without it).
    private func writeAll(_ inlines: [Inline], parentIsEmphasis: Bool = false, into output: inout Output) -> Bool {
        inlines.withUnsafeBufferPointer { buffer in
            buffer.indices.allSatisfy { write(buffer.baseAddress! + $0, parentIsEmphasis: parentIsEmphasis, into: &output) }
        }
    }

    /// Shared inlines inside a line of a paragraph or list item are copied from the bytes written the
    /// first time (`SharedInlines`). There nothing before them changes how they are written: Markdown's
    /// and man's rules for a line's start no longer apply, and the table's rewriting (which looks at
    /// the byte before) is not done. Anywhere else they are written as the inlines they hold.
    private func writeShared(_ shared: SharedInlines, into output: inout Output) -> Bool {
        let insideLine =
            switch format {
            case .html: true
            case .markdown: !output.beginContent
            case .man: !output.isEmpty
            }
        guard place == .paragraph, insideLine else { return writeAll(shared.inlines, into: &output) }
        guard let written = shared.bytes(in: format, { insideLineBytes(shared.inlines) }) else { return false }
        // The bytes are written for a page at the top (depth 0): each relative link gets this page's "../"s.
        var copied = 0
        for start in written.linkStarts where depth > 0 {
            output.bytes.append(contentsOf: written.bytes[copied..<Int(start)])
            output.appendParentFolders(depth)
            copied = Int(start)
        }
        output.bytes.append(contentsOf: written.bytes[copied...])
        return true
    }

    /// The inlines as written inside a line of a paragraph (after a space, not at a line's start) on a
    /// page at the top, with where each relative link starts; nil where they must go through cmark.
    private func insideLineBytes(_ inlines: [Inline]) -> SharedInlines.Written? {
        let topWriter = DirectInlineWriter(format: format, page: .home, place: place)
        var output = Output(format: format, inTable: false)
        output.bytes.append(0x20)
        output.beginContent = false
        output.linkStarts = []
        guard topWriter.writeAll(inlines, into: &output) else { return nil }
        return SharedInlines.Written(bytes: Array(output.bytes.array().dropFirst()), linkStarts: output.linkStarts!.map { $0 - 1 })
    }

    private func wrap(_ children: [Inline], open: StaticString, close: StaticString, parentIsEmphasis: Bool, into output: inout Output) -> Bool {
        output.literal(open)
        guard writeAll(children, parentIsEmphasis: parentIsEmphasis && children.count == 1, into: &output) else { return false }
        output.literal(close)
        return true
    }

    /// The relative link from the page to `target`, as `DocumentFormat.href` makes it. Only ids that
    /// need no escaping in a URL (kebab-case ids do not) are written here: cmark would percent-encode
    /// or backslash-escape anything else.
    private func writeHref(to target: PageRef, into output: inout Output) -> Bool {
        // A link's bytes are written directly (links are a tenth of every page): "../" for each folder
        // up, then each part checked plain as it is copied; a part that is not plain sends the whole
        // cell to cmark, so what was copied does not matter.
        let plain = Self.plainBytes
        if output.linkStarts != nil { output.linkStarts!.append(Int32(output.bytes.count)) }
        output.appendParentFolders(depth)
        if !target.section.isEmpty {
            guard output.appendPlain(target.section, plain) else { return false }
            output.bytes.append(0x2F)
        }
        guard output.appendPlain(target.id, plain) else { return false }
        output.bytes.append(0x2E)
        guard output.appendPlain(format.fileExtension, plain) else { return false }
        if let fragment = target.fragment {
            output.bytes.append(0x23)
            guard output.appendPlain(fragment, plain) else { return false }
        }
        output.beginContent = false
        return true
    }

    static func isPlain(_ part: String) -> Bool {
        ByteText.withBytes(part) { bytes in bytes.allSatisfy(plainBytes.contains) }
    }

    private static let plainBytes = ByteSet(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._".utf8))

    private func writeLink(to target: PageRef, children: [Inline], into output: inout Output) -> Bool {
        switch format {
        case .html:
            output.literal("<a href=\"")
            guard writeHref(to: target, into: &output) else { return false }
            output.literal("\">")
            guard writeAll(children, into: &output) else { return false }
            output.literal("</a>")
        case .markdown:
            output.literal("[")
            guard writeAll(children, into: &output) else { return false }
            output.literal("](")
            guard writeHref(to: target, into: &output) else { return false }
            output.literal(")")
        case .man:
            return false  // man has no links
        }
        return true
    }

    private func writeCode(_ code: String, into output: inout Output) -> Bool {
        ByteText.withBytes(code) { bytes in
            // Code spans cmark pads or fences specially (backticks, edge spaces, newlines) are left to it.
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
                !bytes.contains(where: { $0 == 0x60 || $0 < 0x20 || $0 == 0x7F })
            else { return false }
            switch format {
            case .html:
                output.literal("<code>")
                guard writeText(bytes, into: &output) else { return false }
                output.literal("</code>")
            case .markdown:
                output.literal("`")
                // Only a table's `|` changes in a code span: without one it is copied at once.
                if output.inTable && bytes.contains(0x7C) {
                    for byte in bytes { output.put(byte) }
                } else {
                    output.copy(bytes[...])
                }
                output.literal("`")
            case .man where place == .paragraph:
                // cmark's own font: ManPostProcessor.fixFonts rewrites the page's, these among them.
                output.literal("\\f[C]")
                guard writeText(bytes, into: &output) else { return false }
                output.literal("\\f[]")
            case .man:
                // cmark writes `\f[C]`; the table writes mandoc's `\f[CR]`, and `\%` where the code starts
                // a word (see ManPostProcessor.fixFonts).
                let startsWord = output.isEmpty || output.bytes.last == 0x20 || output.bytes.last == 0x0A
                output.literal("\\f[CR]")
                if startsWord { output.literal("\\%") }
                guard writeText(bytes, into: &output) else { return false }
                output.literal("\\f[]")
            }
            return true
        }
    }

    /// A citation's marker: a link to the page's entry in HTML and Markdown, "[n]" as text in man.
    private func writeCitation(_ number: Int, into output: inout Output) -> Bool {
        switch format {
        case .html:
            output.literal("<a class=\"cite\" href=\"#cite-")
            output.number(number)
            output.literal("\">[")
            output.number(number)
            output.literal("]</a>")
            return true
        case .markdown:
            output.literal("[")
            guard writeBracketed(number, into: &output) else { return false }
            output.literal("](#cite-")
            output.number(number)
            output.literal(")")
            return true
        case .man:
            return writeBracketed(number, into: &output)
        }
    }

    /// The marker of each citation number in HTML and Markdown, for the numbers most pages reach (man
    /// has none: a table rewrites "][" between markers, depending on the byte before). One copy of a
    /// marker replaces five appends of its parts (a literal, the number, …).
    private static let htmlCitationMarkers = citationMarkers(.html)
    private static let markdownCitationMarkers = citationMarkers(.markdown)

    /// The markers of 0…2,047 in a format, each written by `writeCitation` itself: the table cannot
    /// differ from the markers it stands for. Neither format's marker depends on what comes before it.
    private static func citationMarkers(_ format: DocumentFormat) -> [[UInt8]] {
        let writer = DirectInlineWriter(makingMarkersIn: format)
        return (0..<2_048).map { number in
            var output = Output(format: format, inTable: false)
            _ = writer.writeCitation(number, into: &output)
            return output.bytes.array()
        }
    }

    /// "[n]" as text, as `writeText` would write it, without building the string or scanning it: every
    /// page cites, and in Markdown and man each citation is bracketed text. Markdown escapes both
    /// brackets; in HTML and man they are `put` (which breaks "][" in a man table); the digits need
    /// nothing, and nothing after a bracket starts a line.
    private func writeBracketed(_ number: Int, into output: inout Output) -> Bool {
        guard number >= 0 else { return writeText("[\(number)]", into: &output) }
        switch format {
        case .markdown:
            output.bytes.append(0x5C, 0x5B)
            output.beginContent = false
            output.number(number)
            output.bytes.append(0x5C, 0x5D)
        case .html, .man:
            output.put(0x5B)
            output.number(number)
            output.put(0x5D)
        }
        return true
    }

    /// Text with the format's escaping, as cmark's renderers escape a text node.
    private func writeText(_ text: String, into output: inout Output) -> Bool {
        ByteText.withBytes(text) { writeText($0, into: &output) }
    }

    private func writeText(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout Output) -> Bool {
        let anywhere = unchangedAnywhere, further = unchangedFurther
        var index = 0
        while index < bytes.count {
            // Most of a title or a quote is letters and spaces: a run of bytes that no format escapes or
            // rewrites is copied at once (byte by byte, this loop was a tenth of a build). Past the start
            // of a Markdown line or a man cell, more bytes need nothing, punctuation among them.
            let unchanged =
                switch format {
                case .html: further
                case .markdown: output.beginContent ? anywhere : further
                case .man: output.isEmpty ? anywhere : further
                }
            var runEnd = index
            while runEnd < bytes.count, unchanged.contains(bytes[runEnd]) { runEnd += 1 }
            if runEnd > index {
                output.copy(bytes[index..<runEnd])
                index = runEnd
                continue
            }
            let byte = bytes[index]
            // Generated text has its line breaks as spaces in man (`DocumentFormat.generatedText`).
            if format == .man, byte == 0x0A || byte == 0x0D {
                output.put(0x20)
                index += 1
                continue
            }
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
                default: output.put(byte)
                }
            case .markdown:
                if markdownNeedsEscape(byte, next: next, output: output) { output.bytes.append(0x5C) }
                output.put(byte)
            case .man:
                if byte == 0xE2, next == 0x80, index + 1 < bytes.count, let name = Self.manNamedCharacters[bytes[index + 1]] {
                    output.literal(name)
                    index += 2
                    continue
                }
                switch byte {
                case 0x2E where output.isEmpty, 0x27 where output.isEmpty:  // `\&.` at a line start
                    output.bytes.append(0x5C, 0x26)
                    output.bytes.append(byte)
                case 0x2D: output.bytes.append(0x5C, 0x2D)  // `\-`
                case 0x5C: output.bytes.append(0x5C, 0x65)  // `\e`
                default: output.put(byte)
                }
            }
        }
        return true
    }

    /// The bytes that every format writes as they are wherever they stand: letters, digits, the space,
    /// punctuation that is no markup in HTML, CommonMark (at any place on a line) or roff, and the bytes
    /// of non-ASCII characters but E2, which starts the characters man names (`manNamedCharacters`).
    private static let unchangedBytes = ByteSet(
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,;:/?%$@^{}~(".utf8) + (0x80...0xFF).filter { $0 != 0xE2 })

    /// What each format writes as it is where the rules that depend on the place no longer apply: in
    /// HTML everywhere; in Markdown once something but digits is on the line (`beginContent`: `-`, `+`,
    /// `=`, `.` and `)` mark lists only at a line's start); in man once the cell has begun (`.` and `'`
    /// are requests only there). `writeText` writes every other byte, and control characters are left to cmark.
    private static let unchangedInHTML = ByteSet((0x20...0xFF).filter { !Array("&<>\"".utf8).contains($0) && $0 != 0x7F })
    private static let unchangedInMarkdownLine = ByteSet((0x20...0xFF).filter { !Array("*_[]#<>\\`!&|".utf8).contains($0) && $0 != 0x7F })
    private static let unchangedInManCell = ByteSet((0x20...0xFF).filter { !Array("-\\[".utf8).contains($0) && $0 != 0xE2 && $0 != 0x7F })

    /// The characters cmark's man writer names, by the last byte of their UTF-8 form (all are E2 80 xx).
    static let manNamedCharacters: [UInt8: StaticString] = [
        0x98: "\\[oq]", 0x99: "\\[cq]", 0x9C: "\\[lq]", 0x9D: "\\[rq]", 0x94: "\\[em]", 0x93: "\\[en]",
    ]

    /// cmark 0.30's CommonMark writer: the characters that would be Markdown syntax where they stand.
    private func markdownNeedsEscape(_ byte: UInt8, next: UInt8, output: borrowing Output) -> Bool {
        let followsDigit = output.bytes.count > output.cellStart && output.bytes.last!.isDigit
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

extension UInt8 {
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isLetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    /// cmark_isspace: space, tab, newline, vertical tab, form feed, carriage return.
    var isSpace: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
