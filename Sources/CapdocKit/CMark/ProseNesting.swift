import CCmark
import Foundation

/// How deeply prose from Content nests its Markdown, measured on cmark's own parse.
///
/// Why there is a limit: cmark 0.30's CommonMark writer costs, for every node, a walk up to the
/// nearest block (`get_containing_block` in `S_render_node`), and every line it writes repeats the
/// prefixes of all the block quotes and list items around it. Its work is therefore nodes × depth,
/// and its output lines × depth: quadratic in the size of prose nested as deep as it is long
/// (`*`×100,000 `x` `*`×100,000 took 13 to 34 s to write as Markdown, `[![a`×100,000 more than
/// 120 s). With the depth bounded, every renderer (HTML, Markdown, man) is linear in the prose's size.
enum ProseNesting {
    /// The most levels prose may nest. Every block quote, list, list item, paragraph, heading,
    /// emphasis, strong emphasis, link and image inside another is one level; a quote inside a list
    /// inside a list with a bold link in it is 8. (Measured: prose nested 32 deep writes as fast as flat prose.)
    static let mostLevels = 32

    /// Where the prose first nests deeper than `mostLevels`: 1-based line and column in the prose's
    /// own text, as cmark reports them; nil when it stays within the limit.
    static func firstTooDeep(in markdown: String, mostLevels: Int = mostLevels) -> (line: Int, column: Int)? {
        let document = CMarkDocument(markdown: markdown)
        let iterator = cmark_iter_new(document.root)
        defer { cmark_iter_free(iterator) }
        var depth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return nil }
            guard let node = cmark_iter_get_node(iterator), node != document.root else { continue }
            // Leaves (text, code, breaks) have no exit event and hold nothing: only containers nest.
            switch event {
            case CMARK_EVENT_ENTER where !isLeaf(cmark_node_get_type(node)):
                depth += 1
                if depth > mostLevels {
                    return (max(1, Int(cmark_node_get_start_line(node))), max(1, Int(cmark_node_get_start_column(node))))
                }
            case CMARK_EVENT_EXIT:
                depth -= 1
            default:
                break
            }
        }
    }

    /// cmark's leaves (`S_is_leaf`): the iterator enters them and never exits them.
    private static func isLeaf(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK,
            CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            return true
        default:
            return false
        }
    }
}
