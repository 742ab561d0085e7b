import CCmark
import Foundation

/// Small constructors over cmark's node API. Nodes are owned by the tree they are appended to;
/// the document that owns the root frees them all.
enum CMarkNodes {
    static func node(_ type: cmark_node_type) -> OpaquePointer { cmark_node_new(type)! }

    static func literal(_ type: cmark_node_type, _ text: String) -> OpaquePointer {
        let created = node(type)
        cmark_node_set_literal(created, text)
        return created
    }

    static func append(_ child: OpaquePointer, to parent: OpaquePointer) {
        cmark_node_append_child(parent, child)
    }

    static func container(_ type: cmark_node_type, _ children: [OpaquePointer]) -> OpaquePointer {
        let created = node(type)
        for child in children { append(child, to: created) }
        return created
    }

    static func heading(_ level: Int, _ children: [OpaquePointer]) -> OpaquePointer {
        let created = container(CMARK_NODE_HEADING, children)
        cmark_node_set_heading_level(created, Int32(level))
        return created
    }

    static func link(_ url: String, _ children: [OpaquePointer]) -> OpaquePointer {
        let created = container(CMARK_NODE_LINK, children)
        cmark_node_set_url(created, url)
        return created
    }

    static func customBlock(_ onEnter: String) -> OpaquePointer {
        let created = node(CMARK_NODE_CUSTOM_BLOCK)
        cmark_node_set_on_enter(created, onEnter)
        cmark_node_set_on_exit(created, "")
        return created
    }

    static func customInline(_ onEnter: String) -> OpaquePointer {
        let created = node(CMARK_NODE_CUSTOM_INLINE)
        cmark_node_set_on_enter(created, onEnter)
        cmark_node_set_on_exit(created, "")
        return created
    }

    /// Detaches and returns the children of a node (so they can move into another tree).
    static func takeChildren(of parent: OpaquePointer) -> [OpaquePointer] {
        var children: [OpaquePointer] = []
        while let child = cmark_node_first_child(parent) {
            cmark_node_unlink(child)
            children.append(child)
        }
        return children
    }

    /// Parses CommonMark (safely: raw HTML is not passed through at render time, images become links,
    /// `ProseImages`) and returns the parsed blocks, detached from their document.
    static func parseBlocks(_ markdown: String) -> [OpaquePointer] {
        let document = markdown.withCString { cmark_parse_document($0, strlen($0), CMARK_OPT_DEFAULT)! }
        defer { cmark_node_free(document) }
        ProseImages.linkify(document)
        return takeChildren(of: document)
    }

    static func free(_ node: OpaquePointer) { cmark_node_free(node) }
}

extension CMarkDocument {
    /// A document built from nodes.
    convenience init(blocks: [OpaquePointer]) {
        let root = CMarkNodes.container(CMARK_NODE_DOCUMENT, blocks)
        self.init(root: root)
    }

    /// HTML; raw HTML and unsafe links (`javascript:` and the like) from Content are not passed through.
    public func html() -> String { takeCString(cmark_render_html(root, CMARK_OPT_DEFAULT)) }

    /// CommonMark, unwrapped. Its links read back as the same links, never as raw HTML or a script
    /// URL (`MarkdownLinkDestinations`).
    func commonMark() -> String {
        MarkdownLinkDestinations.prepare(root)
        return takeCString(cmark_render_commonmark(root, CMARK_OPT_DEFAULT, 0))
    }

    /// roff for man(7), unwrapped: capdoc adds the title line and fixes what mandoc would warn about.
    public func man() -> String { takeCString(cmark_render_man(root, CMARK_OPT_DEFAULT, 0)) }
}
