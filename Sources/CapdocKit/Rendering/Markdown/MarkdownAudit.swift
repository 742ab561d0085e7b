import CCmark
import Foundation

/// What a Markdown output reads as when another tool parses it again: the property the Markdown
/// writer keeps (issue 15), checked by the tests, the corpus and the fuzz harness `FuzzMarkdownWriter`.
///
/// Parsed back with cmark, a page written by capdoc has no HTML but capdoc's own anchors
/// (`<a id="…"></a>`) and cmark's own `<!-- end list -->` between two lists, no link or image whose URL cmark's HTML renderer would drop (`javascript:`…),
/// and the links of its prose are the prose's links (percent-encoding aside: the writer encodes what
/// an autolink or a link destination cannot carry, which names the same URL).
public enum MarkdownAudit {
    /// What is wrong with a Markdown text, read back: its HTML (other than capdoc's anchors) and its
    /// dangerous URLs, one line each; empty when nothing is.
    public static func problems(inMarkdown markdown: String) -> [String] {
        var problems: [String] = []
        walk(markdown) { node, type in
            switch type {
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                if !(type == CMARK_NODE_HTML_INLINE && isAnchor(literal)) && !(type == CMARK_NODE_HTML_BLOCK && isListSeparator(literal)) {
                    problems.append("raw HTML at line \(cmark_node_get_start_line(node)): \(literal.prefix(80))")
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if ProseSanitizer.isDangerous(url) {
                    problems.append("dangerous URL at line \(cmark_node_get_start_line(node)): \(url.prefix(80))")
                }
            default:
                break
            }
        }
        return problems
    }

    /// The URLs of the links and images of a Markdown text, in order, percent-decoded.
    public static func linkURLs(inMarkdown markdown: String) -> [String] {
        var urls: [String] = []
        walk(markdown) { node, type in
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { return }
            urls.append(decoded(cmark_node_get_url(node).map { String(cString: $0) } ?? ""))
        }
        return urls
    }

    /// The links prose must keep in the Markdown output: its own, with the dangerous ones emptied.
    public static func expectedLinkURLs(ofProse prose: String) -> [String] {
        linkURLs(inMarkdown: prose).map { ProseSanitizer.isDangerous($0) ? "" : $0 }
    }

    /// Whether the check accepts this prose's nesting (`ProseNestingCheck`): only such prose is rendered.
    public static func nestsWithinLimit(_ prose: String) -> Bool {
        ProseNesting.firstTooDeep(in: prose) == nil
    }

    /// A page holding only this prose, written as Markdown by the page writer.
    public static func markdownPage(withProse prose: String) -> String {
        let page = Page(ref: PageRef("sources", "audit"), title: "Audit", description: "", blocks: [.markdown(prose)])
        return PageDocumentBuilder(format: .markdown, page: page).rendered()
    }

    /// The comment cmark's CommonMark writer puts between a list and a following list or indented
    /// code block, so that they read back as two (`<!-- end list -->`): its own markup, inert.
    static func isListSeparator(_ literal: String) -> Bool {
        literal.trimmingCharacters(in: .newlines) == "<!-- end list -->"
    }

    /// capdoc's own heading anchors, as `Escape.markdownAnchor` writes them: `<a id="…">` and `</a>`.
    static func isAnchor(_ literal: String) -> Bool {
        if literal == "</a>" { return true }
        guard literal.hasPrefix("<a id=\""), literal.hasSuffix("\">") else { return false }
        let id = literal.dropFirst(7).dropLast(2)
        return !id.contains("\"") && !id.contains("<") && !id.contains(">")
    }

    /// Percent-decoding, byte by byte; a `%` not followed by two hex digits stays.
    static func decoded(_ url: String) -> String {
        let bytes = Array(url.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func walk(_ markdown: String, _ visit: (OpaquePointer, cmark_node_type) -> Void) {
        let document = CMarkDocument(markdown: markdown)
        let iterator = cmark_iter_new(document.root)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, cmark_node_get_type(node))
        }
    }
}
