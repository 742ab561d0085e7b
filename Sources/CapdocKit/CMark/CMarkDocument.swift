import CCmark
import Foundation

/// A CommonMark document parsed by cmark. Owns its node tree and frees it.
///
/// All Markdown in capdoc goes through cmark: nothing hand-parses Markdown.
final class CMarkDocument {
    let root: OpaquePointer

    /// Parses CommonMark. cmark accepts any input, so this cannot fail.
    public init(markdown: String) {
        let options = CMARK_OPT_DEFAULT
        root = markdown.withCString { pointer in
            cmark_parse_document(pointer, strlen(pointer), options)
        }
    }

    init(root: OpaquePointer) { self.root = root }

    /// The version of the libcmark capdoc runs with ("0.30.2").
    static var libraryVersion: String { String(cString: cmark_version_string()) }

    deinit { cmark_node_free(root) }

    /// The document's text as a reader sees it: literals of text and code, with breaks and block
    /// boundaries as spaces and link targets and markup left out.
    var plainText: String {
        var pieces: [String] = []
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            switch (event, type) {
            case (CMARK_EVENT_ENTER, CMARK_NODE_TEXT), (CMARK_EVENT_ENTER, CMARK_NODE_CODE),
                (CMARK_EVENT_ENTER, CMARK_NODE_CODE_BLOCK), (CMARK_EVENT_ENTER, CMARK_NODE_HTML_INLINE),
                (CMARK_EVENT_ENTER, CMARK_NODE_HTML_BLOCK):
                if let literal = cmark_node_get_literal(node) { pieces.append(String(cString: literal)) }
            case (CMARK_EVENT_ENTER, CMARK_NODE_SOFTBREAK), (CMARK_EVENT_ENTER, CMARK_NODE_LINEBREAK):
                pieces.append(" ")
            case (CMARK_EVENT_EXIT, _) where type.rawValue < CMARK_NODE_FIRST_INLINE.rawValue:
                pieces.append(" ")
            default:
                break
            }
        }
        return pieces.joined()
    }
}

/// Calls a cmark renderer and frees the string it returns.
func takeCString(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    defer { free(pointer) }
    return String(cString: pointer)
}
