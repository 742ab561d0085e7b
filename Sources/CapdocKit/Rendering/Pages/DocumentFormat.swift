/// The human-facing formats a page is rendered to, and how each one links and writes tables.
public enum DocumentFormat: Sendable {
    case html, markdown, man

    var fileExtension: String {
        switch self {
        case .html: "html"
        case .markdown: "md"
        case .man: "7"
        }
    }

    /// A link from page `from` to a file of the output that is no page; nil in man.
    func href(from: PageRef, toFile path: String) -> String? {
        switch self {
        case .man: nil
        case .html: String(repeating: "../", count: from.depth) + path
        // Markdown pages live in `markdown/`, one folder below the output's root.
        case .markdown: String(repeating: "../", count: from.depth + 1) + path
        }
    }

    /// A link from page `from` to `target`, relative; nil where the format has no links (man).
    func href(from: PageRef, to target: PageRef) -> String? {
        if self == .man { return nil }
        let prefix = String(repeating: "../", count: from.depth)
        var href = prefix + target.path + "." + fileExtension
        // Markdown pages carry capdoc's anchors as `<a id>` (GitHub keeps them), so links keep their fragment.
        if let fragment = target.fragment { href += "#" + fragment }
        return href
    }
}

/// Escaping for text capdoc writes into formats by itself (table markup), never for parsing.
enum Escape {
    static func html(_ text: String) -> String {
        ByteText.replacing(text, .html)
    }

    /// An empty anchor element for Markdown, where headings and table rows have no ids of their own.
    static func markdownAnchor(_ id: String) -> String {
        "<a id=\"" + html(id) + "\"></a>"
    }
}
