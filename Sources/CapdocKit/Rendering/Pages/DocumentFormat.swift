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

    /// A link from page `from` to `target`, relative; nil where the format has no links (man).
    func href(from: PageRef, to target: PageRef) -> String? {
        if self == .man { return nil }
        let prefix = String(repeating: "../", count: from.depth)
        var href = prefix + target.path + "." + fileExtension
        // Markdown has no anchors of capdoc's own; links go to the page.
        if self == .html, let fragment = target.fragment { href += "#" + fragment }
        return href
    }
}

/// Escaping for text capdoc writes into formats by itself (table markup), never for parsing.
enum Escape {
    static func html(_ text: String) -> String {
        ByteText.replacing(text, .html)
    }
}
