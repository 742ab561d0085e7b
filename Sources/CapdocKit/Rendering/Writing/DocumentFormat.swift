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
        guard hasLinks else { return nil }
        let prefix = String(repeating: "../", count: from.depth)
        var href = prefix + target.path + "." + fileExtension
        // Markdown pages carry capdoc's anchors as `<a id>` (GitHub keeps them), so links keep their fragment.
        if let fragment = target.fragment { href += "#" + fragment }
        return href
    }
}

/// What differs between the formats, each an exhaustive switch: a new format is told apart by the
/// compiler at every one of them, instead of silently taking one format's behaviour.
extension DocumentFormat {
    /// Whether a link can be followed: man pages have no links (their text stays, the target is lost).
    var hasLinks: Bool {
        switch self {
        case .html, .markdown: true
        case .man: false
        }
    }

    /// Whether the page's title is a heading of the document: HTML's layout writes the title itself,
    /// and man has its NAME section.
    var titleIsHeading: Bool {
        switch self {
        case .markdown: true
        case .html, .man: false
        }
    }

    /// The level a page's heading is written at: man's sections are `.SH`, so level 2 becomes level 1
    /// (cmark writes level 1 as `.SH`).
    func headingLevel(_ level: Int) -> Int {
        switch self {
        case .html, .markdown: level
        case .man: max(1, level - 1)
        }
    }

    /// A heading's text as written: man section headings are upper case by convention.
    func headingText(_ text: String) -> String {
        switch self {
        case .html, .markdown: text
        case .man: text.uppercased()
        }
    }

    /// Generated text on one line: in man a newline in a name or a quote would start a roff request.
    func generatedText(_ text: String) -> String {
        switch self {
        case .html, .markdown: text
        case .man: ByteText.replacing(text, .lineBreaksAsSpaces)
        }
    }

    /// Whether markup meant for the browser (raw HTML blocks, value classes, `<span>`) is kept.
    var keepsHTML: Bool {
        switch self {
        case .html: true
        case .markdown, .man: false
        }
    }

    /// Whether a fenced block for Markdown renderers (a Mermaid diagram) is kept: HTML draws the
    /// diagram itself, man has no renderer for it.
    var keepsMarkdownCode: Bool {
        switch self {
        case .markdown: true
        case .html, .man: false
        }
    }

    /// Whether Content's prose is stripped of raw HTML and dangerous links before it is written: the
    /// Markdown output is read by renderers capdoc does not control (`ProseSanitizer`). HTML escapes
    /// through cmark's safe renderer; man has no HTML.
    var sanitizesProse: Bool {
        switch self {
        case .markdown: true
        case .html, .man: false
        }
    }

    var strongOpen: StaticString {
        switch self {
        case .html: "<strong>"
        case .markdown: "**"
        case .man: "\\f[B]"
        }
    }

    var strongClose: StaticString {
        switch self {
        case .html: "</strong>"
        case .markdown: "**"
        case .man: "\\f[]"
        }
    }

    var emphasisOpen: StaticString {
        switch self {
        case .html: "<em>"
        case .markdown: "*"
        case .man: "\\f[I]"
        }
    }

    var emphasisClose: StaticString {
        switch self {
        case .html: "</em>"
        case .markdown: "*"
        case .man: "\\f[]"
        }
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
