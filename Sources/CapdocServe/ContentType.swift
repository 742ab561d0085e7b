/// The `Content-Type` of a file of the site, from its name: what `capdoc build` writes is HTML,
/// CSS, JavaScript, JSON (and its gzip), Markdown, man pages (section 1 and 7) and images.
enum ContentType {
    static func of(path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "gz": return "application/gzip"
        case "md": return "text/markdown; charset=utf-8"
        // Man pages are roff source: shown as text in a browser rather than downloaded.
        case "1", "7", "txt": return "text/plain; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "xml": return "application/xml"
        default: return "application/octet-stream"
        }
    }
}
