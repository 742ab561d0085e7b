import CCmark
import Foundation

/// Makes every link and image of a document read back, from cmark's CommonMark output, as the same
/// link: never raw HTML, never a script URL.
///
/// Why: cmark 0.30's CommonMark writer writes a link whose text is its URL as an autolink `<URL>`,
/// byte for byte. A URL holding a space, a newline or `>` ends the autolink early and the rest is read
/// again as Markdown (a `[x]: javascript:…` definition, an `<img onerror>`); a `mailto:` autolink is
/// written without its scheme, so `[script](mailto:script)` becomes the tag `<script>`. In the
/// `[text](URL)` form, the writer leaves `&` alone, so `javascript&#58;alert(1)` (a harmless relative
/// URL) reads back as `javascript:alert(1)`. This runs over the finished tree just before the writer:
/// - a URL cmark's HTML renderer would drop (`javascript:`, `vbscript:`, `file:`, non-image `data:`) is
///   emptied, and a link without a URL loses its title (written where the URL goes, it would become one);
/// - the bytes the writer cannot carry unchanged are percent-encoded, as a browser would: ASCII
///   controls, space, `<`, `>`, and an `&` that starts a character reference (`&name;`, `&#58;`);
/// - a link still written as an autolink is parsed back; unless it reads as the same link, one more
///   character is percent-encoded (an equivalent URL, RFC 3986 §6.2.2.2), so that the writer uses
///   the `[text](URL)` form, whose text and URL it escapes.
enum MarkdownLinkDestinations {
    static func prepare(_ root: OpaquePointer) {
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
            let original = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            var url = ProseSanitizer.isDangerous(original) ? "" : percentEncodingUnstableBytes(original)
            if type == CMARK_NODE_LINK, let written = autolinkText(of: node, url: url), !readsBack(autolink: written, as: url) {
                url = percentEncodingFirstCharacter(afterSchemeOf: url)
            }
            if url != original { cmark_node_set_url(node, url) }
            // The writer puts a title where the URL goes, so with no URL, `[x]( "t")` reads back as a
            // link to `"t"`: a link without a URL (emptied, or written so) keeps no title.
            if url.isEmpty, let title = cmark_node_get_title(node), title.pointee != 0 { cmark_node_set_title(node, "") }
        }
    }

    /// The URL with every byte percent-encoded that cmark's writer would pass through into something
    /// that reads differently: controls, space, `<`, `>`, and `&` before a character reference.
    static func percentEncodingUnstableBytes(_ url: String) -> String {
        let bytes = Array(url.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let unstable =
                byte <= 0x20 || byte == 0x7F || byte == 0x3C || byte == 0x3E
                || (byte == 0x26 && startsCharacterReference(bytes, at: index))
            if unstable { appendPercentEncoded(byte, to: &result) } else { result.append(byte) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `&` + (`#` and digits, `#x` and hex digits, or a name) + `;`: what cmark decodes as an entity.
    private static func startsCharacterReference(_ bytes: [UInt8], at index: Int) -> Bool {
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == 0x23 { cursor += 1 }  // '#'
        let start = cursor
        // Entity names are at most 32 characters (cmark's CMARK_ENTITY_MAX_LENGTH is lower still).
        while cursor < bytes.count, cursor - start <= 32, bytes[cursor].isDigit || bytes[cursor].isLetter { cursor += 1 }
        return cursor > start && cursor < bytes.count && bytes[cursor] == 0x3B  // ';'
    }

    private static func appendPercentEncoded(_ byte: UInt8, to result: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        result += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
    }

    /// What cmark's writer puts between `<` and `>` when it writes this link as an autolink (its
    /// `is_autolink`: no title, a URL with a scheme, and a first child whose text — consecutive text
    /// nodes merged — is the URL, or the URL after `mailto:`); nil when it writes `[text](URL)`.
    static func autolinkText(of link: OpaquePointer, url: String) -> String? {
        guard hasScheme(url), (cmark_node_get_title(link).map { $0.pointee == 0 } ?? true),
            let first = cmark_node_first_child(link)
        else { return nil }
        var text: String
        switch cmark_node_get_type(first) {
        case CMARK_NODE_TEXT:
            text = ""
            var node: OpaquePointer? = first
            while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
                text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
                node = cmark_node_next(current)
            }
        case CMARK_NODE_CODE:
            text = cmark_node_get_literal(first).map { String(cString: $0) } ?? ""
        default:
            return nil
        }
        let written = url.hasPrefix("mailto:") ? String(url.dropFirst("mailto:".count)) : url
        return text == written ? written : nil
    }

    /// cmark's `scan_scheme`: a letter, then 1 to 31 letters, digits, `+`, `.` or `-`, then `:`.
    static func hasScheme(_ url: String) -> Bool {
        let bytes = Array(url.utf8.prefix(33))
        guard let first = bytes.first, first.isLetter else { return false }
        for (index, byte) in bytes.enumerated().dropFirst() {
            if byte == 0x3A { return index >= 2 }
            guard byte.isLetter || byte.isDigit || byte == 0x2B || byte == 0x2E || byte == 0x2D else { return false }
        }
        return false
    }

    /// Whether `<written>` parses as exactly one autolink to `url`.
    static func readsBack(autolink written: String, as url: String) -> Bool {
        let document = CMarkDocument(markdown: "<" + written + ">")
        guard let paragraph = cmark_node_first_child(document.root), cmark_node_next(paragraph) == nil,
            cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let link = cmark_node_first_child(paragraph), cmark_node_next(link) == nil,
            cmark_node_get_type(link) == CMARK_NODE_LINK
        else { return false }
        return cmark_node_get_url(link).map { String(cString: $0) } == url
    }

    /// The URL with one character after its scheme's `:` percent-encoded: the first that means the
    /// same encoded (a letter, a digit, `-._~`, or any non-ASCII character), else the first at all.
    /// Unchanged when nothing follows the `:`.
    static func percentEncodingFirstCharacter(afterSchemeOf url: String) -> String {
        guard let colon = url.firstIndex(of: ":") else { return url }
        let rest = url[url.index(after: colon)...]
        let unreserved = { (character: Character) -> Bool in
            !character.isASCII || character.isLetter || character.isNumber || "-._~".contains(character)
        }
        guard let chosen = rest.firstIndex(where: unreserved) ?? (rest.isEmpty ? nil : rest.startIndex) else { return url }
        var encoded: [UInt8] = []
        for byte in String(rest[chosen]).utf8 { appendPercentEncoded(byte, to: &encoded) }
        return String(url[..<chosen]) + String(decoding: encoded, as: UTF8.self) + String(rest[rest.index(after: chosen)...])
    }
}
