import CCmark

/// Makes prose from Content as safe in the Markdown output as it is on the site. cmark's HTML
/// renderer drops raw HTML and empties links to `javascript:`, `vbscript:`, `file:` and non-image
/// `data:` URLs; its CommonMark renderer writes both back as they were, so a page that another tool
/// renders as Markdown would run them. This removes raw HTML from parsed prose (as man pages, which
/// never show it, already do); the URLs of every link in a Markdown page, prose or not, are made
/// safe where the page is written (`MarkdownLinkDestinations`), with `isDangerous`.
enum ProseSanitizer {
    /// Sanitizes parsed blocks in place; returns them without the raw HTML blocks.
    static func sanitize(_ blocks: [OpaquePointer]) -> [OpaquePointer] {
        var kept: [OpaquePointer] = []
        for block in blocks {
            if cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK {
                CMarkNodes.free(block)
                continue
            }
            sanitizeDescendants(of: block)
            kept.append(block)
        }
        return kept
    }

    private static func sanitizeDescendants(of root: OpaquePointer) {
        var doomed: [OpaquePointer] = []
        let iterator = cmark_iter_new(root)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                doomed.append(node)  // unlinked after the walk: the iterator must not lose its place
            }
        }
        cmark_iter_free(iterator)
        for node in doomed { CMarkNodes.free(node) }
    }

    /// cmark's `_scan_dangerous_url`: these schemes, case-insensitively, except images as `data:`.
    static func isDangerous(_ url: String) -> Bool {
        let lowered = url.lowercased()
        if ["javascript:", "vbscript:", "file:"].contains(where: lowered.hasPrefix) { return true }
        guard lowered.hasPrefix("data:") else { return false }
        return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains(where: lowered.hasPrefix)
    }
}
