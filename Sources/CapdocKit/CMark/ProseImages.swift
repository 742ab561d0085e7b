import CCmark

/// Turns the images of Content's prose into links to them. The site promises to work without a
/// network, and an image from another host would be loaded by every reader's browser on every page
/// that shows the prose (a tracking pixel, a request to a host inside the reader's network). A link
/// is followed only when the reader chooses; its text is the image's description. Images written
/// inline as `data:` URLs load nothing and stay.
enum ProseImages {
    /// Replaces, in place, every image under `root` whose URL is not a `data:` URL by a link.
    static func linkify(_ root: OpaquePointer) {
        var images: [OpaquePointer] = []
        let iterator = cmark_iter_new(root)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_IMAGE else { continue }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if !url.lowercased().hasPrefix("data:") { images.append(node) }
        }
        // Replaced after the walk: the iterator must not lose its place.
        cmark_iter_free(iterator)
        for image in images {
            let link = cmark_node_new(CMARK_NODE_LINK)!
            cmark_node_set_url(link, cmark_node_get_url(image))
            cmark_node_set_title(link, cmark_node_get_title(image))
            for child in CMarkNodes.takeChildren(of: image) { cmark_node_append_child(link, child) }
            cmark_node_replace(image, link)
            cmark_node_free(image)
        }
    }
}
