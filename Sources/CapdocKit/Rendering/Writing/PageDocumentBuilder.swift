import CCmark

/// Builds the cmark node tree of a page for one format. Prose from Content is parsed by cmark;
/// generated text goes in as text nodes; tables, and the generated paragraphs and lists whose bytes
/// capdoc knows to be cmark's, are written directly (`TableWriter`, `DirectBlockWriter`) and go in as
/// blocks that cmark copies as they are (`directNode`).
struct PageDocumentBuilder {
    let format: DocumentFormat
    let page: Page
    /// When set, a block written directly goes into the tree as what this returns for its bytes (a
    /// placeholder, `DirectBlockSplice`) instead of the bytes themselves.
    var directPlaceholder: (([UInt8]) -> String)?
    /// Whether generated paragraphs and lists are written directly; when false they are cmark nodes,
    /// the plain way (which the tests hold the direct writing to).
    var writesBlocksDirectly = true

    init(format: DocumentFormat, page: Page) {
        self.format = format
        self.page = page
    }

    func document() -> CMarkDocument {
        var parts: [Part] = []
        if format.titleIsHeading {
            parts.append(.nodes([heading(1, page.title, anchor: nil)]))
        }
        for block in page.blocks { parts.append(part(for: block)) }
        if case .markdown = format { keepListsApart(&parts) }
        return CMarkDocument(
            blocks: parts.flatMap { part -> [OpaquePointer] in
                switch part {
                case let .nodes(nodes): nodes
                case let .direct(bytes, block): [directNode(bytes, for: block)]
                }
            })
    }

    /// The page rendered in its format.
    func rendered() -> String { String(decoding: renderedBytes(), as: UTF8.self) }

    /// `rendered()` as UTF-8 bytes, without making a String of them (a Markdown page is written as they are).
    func renderedBytes() -> [UInt8] {
        switch format {
        case .html: DirectBlockSplice.render(self) { $0.html() }
        case .markdown: DirectBlockSplice.render(self) { $0.commonMark() }
        case .man: DirectBlockSplice.render(self) { $0.man() }
        }
    }

    /// The node that carries a block's bytes written directly, or their placeholder: a custom block,
    /// which every writer copies as it is. Except for a paragraph or list in Markdown: cmark's
    /// CommonMark writer ends a custom block with a blank line of its own (its exit is written), which
    /// at the end of a page is one newline more than a paragraph or list leaves; an HTML block, a leaf
    /// copied as it is, leaves the same as they do.
    private func directNode(_ bytes: [UInt8], for block: Block) -> OpaquePointer {
        let text = directPlaceholder?(bytes) ?? String(decoding: bytes, as: UTF8.self)
        switch (format, block) {
        case (.markdown, .paragraph), (.markdown, .list): return CMarkNodes.literal(CMARK_NODE_HTML_BLOCK, text)
        default: return CMarkNodes.customBlock(text)
        }
    }

    /// A block as it goes into the tree: cmark nodes, or bytes written directly (with the block, in
    /// case it must become nodes after all).
    private enum Part {
        case nodes([OpaquePointer])
        case direct([UInt8], Block)
    }

    private func part(for block: Block) -> Part {
        switch block {
        case let .table(table):
            return .direct(TableWriter(format: format, builder: self).bytes(for: table), block)
        case .paragraph, .list:
            guard writesBlocksDirectly, let bytes = DirectBlockWriter(format: format, page: page.ref).bytes(for: block) else { break }
            return .direct(bytes, block)
        case .heading, .markdown, .quote, .html, .code, .markdownCode:
            break
        }
        return .nodes(nodes(for: block))
    }

    /// cmark's CommonMark writer ends a list that another list follows with `<!-- end list -->`, so that
    /// the two read back as two lists; to it a list written directly is a custom block, which it does
    /// not see as a list. So a list written directly next to another list (parts without nodes, such as
    /// the site's own markup, in between) goes through cmark after all.
    private func keepListsApart(_ parts: inout [Part]) {
        func isList(_ part: Part, first: Bool) -> Bool? {
            switch part {
            case let .nodes(nodes):
                guard let node = first ? nodes.first : nodes.last else { return nil }  // no nodes: look further
                return cmark_node_get_type(node) == CMARK_NODE_LIST
            case let .direct(_, block):
                if case .list = block { return true }
                return false
            }
        }
        for index in parts.indices {
            guard case let .direct(_, block) = parts[index], case .list = block else { continue }
            let before = parts[..<index].reversed().lazy.compactMap { isList($0, first: false) }.first ?? false
            let after = parts[(index + 1)...].lazy.compactMap { isList($0, first: true) }.first ?? false
            if before || after { parts[index] = .nodes(nodes(for: block)) }
        }
    }

    private func heading(_ level: Int, _ text: String, anchor: String?) -> OpaquePointer {
        let effective = format.headingLevel(level)
        let title = CMarkNodes.literal(CMARK_NODE_TEXT, format.headingText(text))
        guard let anchor else { return CMarkNodes.heading(effective, [title]) }
        switch format {
        case .html:
            return CMarkNodes.customBlock("<h\(effective) id=\"\(Escape.html(anchor))\">\(Escape.html(text))</h\(effective)>")
        case .markdown:
            // Markdown headings have no id of their own: an empty anchor element carries it (GitHub keeps it).
            return CMarkNodes.heading(effective, [CMarkNodes.literal(CMARK_NODE_HTML_INLINE, Escape.markdownAnchor(anchor)), title])
        case .man:
            return CMarkNodes.heading(effective, [title])
        }
    }

    private func nodes(for block: Block) -> [OpaquePointer] {
        switch block {
        case let .heading(level, text, anchor):
            return [heading(level, text, anchor: anchor)]
        case let .paragraph(inlines):
            return [CMarkNodes.container(CMARK_NODE_PARAGRAPH, inlineNodes(inlines))]
        case let .markdown(text):
            return prose(text)
        case let .list(items):
            let list = CMarkNodes.container(
                CMARK_NODE_LIST,
                items.map { item in
                    CMarkNodes.container(CMARK_NODE_ITEM, [CMarkNodes.container(CMARK_NODE_PARAGRAPH, inlineNodes(item))])
                })
            cmark_node_set_list_type(list, CMARK_BULLET_LIST)
            cmark_node_set_list_tight(list, 1)
            return [list]
        case let .quote(inlines):
            return [CMarkNodes.container(CMARK_NODE_BLOCK_QUOTE, [CMarkNodes.container(CMARK_NODE_PARAGRAPH, inlineNodes(inlines))])]
        case let .table(table):
            return [directNode(TableWriter(format: format, builder: self).bytes(for: table), for: block)]
        case let .html(markup):
            return format.keepsHTML ? [CMarkNodes.customBlock(markup)] : []
        case let .code(text):
            let block = CMarkNodes.literal(CMARK_NODE_CODE_BLOCK, text.hasSuffix("\n") ? text : text + "\n")
            cmark_node_set_fence_info(block, "xml")
            return [block]
        case let .markdownCode(info, text):
            guard format.keepsMarkdownCode else { return [] }
            // Written as it is (cmark would write "``` mermaid"), with a fence longer than any run of
            // backticks in the text.
            var longest = 0, run = 0
            for character in text { run = character == "`" ? run + 1 : 0; longest = max(longest, run) }
            let fence = String(repeating: "`", count: max(3, longest + 1))
            let body = text.hasSuffix("\n") ? text : text + "\n"
            return [CMarkNodes.customBlock(fence + info + "\n" + body + fence)]
        }
    }

    func inlineNodes(_ inlines: [Inline]) -> [OpaquePointer] {
        inlines.flatMap(inlineNodes)
    }

    private func inlineNodes(_ inline: Inline) -> [OpaquePointer] {
        switch inline {
        case let .text(text):
            return [CMarkNodes.literal(CMARK_NODE_TEXT, format.generatedText(text))]
        case let .code(text):
            return [CMarkNodes.literal(CMARK_NODE_CODE, text)]
        case let .strong(children):
            return [CMarkNodes.container(CMARK_NODE_STRONG, inlineNodes(children))]
        case let .emphasis(children):
            return [CMarkNodes.container(CMARK_NODE_EMPH, inlineNodes(children))]
        case let .link(children, .page(target)):
            guard let href = format.href(from: page.ref, to: target) else { return inlineNodes(children) }
            return [CMarkNodes.link(href, inlineNodes(children))]
        case let .link(children, .external(url)):
            return [CMarkNodes.link(url, inlineNodes(children))]
        case let .link(children, .file(path)):
            guard let href = format.href(from: page.ref, toFile: path) else { return inlineNodes(children) }
            return [CMarkNodes.link(href, inlineNodes(children))]
        case let .markdown(text):
            return inlineMarkdown(text)
        case let .value(value, children):
            guard format.keepsHTML else { return inlineNodes(children) }
            return [CMarkNodes.customInline("<span class=\"value \(value.rawValue)\">")] + inlineNodes(children) + [CMarkNodes.customInline("</span>")]
        case let .citation(citation):
            let label = "[\(citation.number)]"
            switch format {
            case .html:
                return [CMarkNodes.customInline("<a class=\"cite\" href=\"#\(citation.anchor)\">\(label)</a>")]
            case .markdown:
                return [CMarkNodes.link("#" + citation.anchor, [CMarkNodes.literal(CMARK_NODE_TEXT, label)])]
            case .man:
                return [CMarkNodes.literal(CMARK_NODE_TEXT, label)]
            }
        case let .shared(shared):
            return inlineNodes(shared.inlines)
        case let .anchor(id, children):
            switch format {
            case .html: return [CMarkNodes.customInline("<a id=\"\(Escape.html(id))\">")] + inlineNodes(children) + [CMarkNodes.customInline("</a>")]
            case .markdown: return [CMarkNodes.literal(CMARK_NODE_HTML_INLINE, Escape.markdownAnchor(id))] + inlineNodes(children)
            case .man: return inlineNodes(children)
            }
        }
    }

    /// Prose parsed by cmark; for Markdown output without raw HTML or dangerous links (`ProseSanitizer`).
    private func prose(_ text: String) -> [OpaquePointer] {
        let blocks = CMarkNodes.parseBlocks(text)
        return format.sanitizesProse ? ProseSanitizer.sanitize(blocks) : blocks
    }

    /// Inline CommonMark: the inlines of its paragraphs, run together; other blocks contribute their text.
    private func inlineMarkdown(_ text: String) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        for block in prose(text) {
            if !result.isEmpty { result.append(CMarkNodes.literal(CMARK_NODE_TEXT, " ")) }
            if cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH {
                result += CMarkNodes.takeChildren(of: block)
            } else {
                let document = CMarkDocument(blocks: [])
                cmark_node_append_child(document.root, block)
                result.append(CMarkNodes.literal(CMARK_NODE_TEXT, document.plainText.trimmingCharacters(in: .whitespacesAndNewlines)))
                continue
            }
            CMarkNodes.free(block)
        }
        return result
    }
}
