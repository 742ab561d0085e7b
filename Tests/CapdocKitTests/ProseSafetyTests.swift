import Testing
@testable import CapdocKit

/// Prose from Content is as inert in the Markdown output as on the site: no raw HTML, no links that run code.
@Suite("Prose in the Markdown output")
struct ProseSafetyTests {
    static let hostile = """
        Intro <span onmouseover="alert(1)">hover</span> and [a link](javascript:alert(1)) and [b](JaVaScRiPt:alert(2)) \
        and [data](data:text/html;base64,PHNjcmlwdD4=) and ![pic](data:image/png;base64,iVBO) and [fine](https://example.com).

        <script>alert(3)</script>

        - item with <b>bold</b> and [file](file:///etc/passwd)
        """

    @Test("raw HTML is removed and dangerous URLs are emptied, in blocks and inline prose; safe links stay")
    func markdown() {
        let page = Page(
            ref: PageRef("services", "x"), title: "X", description: "",
            blocks: [.markdown(Self.hostile), .paragraph([.text("Inline: "), .markdown(Self.hostile)])])
        let markdown = PageDocumentBuilder(format: .markdown, page: page).rendered()
        for forbidden in ["<span", "<script", "<b>", "javascript:", "JaVaScRiPt:", "data:text/html", "file:///"] {
            #expect(!markdown.contains(forbidden), "\(forbidden) in \(markdown)")
        }
        for kept in ["hover", "[a link]()", "(https://example.com)", "data:image/png", "bold"] {
            #expect(markdown.contains(kept), "\(kept) missing from \(markdown)")
        }
    }

    @Test(
        "the dangerous schemes are cmark's",
        arguments: [
            ("javascript:alert(1)", true), ("VBScript:x", true), ("file:///etc", true), ("data:text/html,x", true),
            ("data:image/gif;base64,R0", false), ("https://example.com", false), ("../sources/a.md", false), ("mailto:a@b.c", false),
        ])
    func schemes(_ url: String, _ dangerous: Bool) {
        #expect(ProseSanitizer.isDangerous(url) == dangerous)
    }

    @Test("the site drops the same: cmark's safe HTML renderer")
    func htmlAgrees() {
        let html = CMarkDocument(markdown: Self.hostile).html()
        #expect(!html.contains("<script") && !html.contains("javascript:") && !html.contains("file:///") && !html.contains("data:text/html"))
    }

    @Test("an image from another host becomes a link to it, in every format; an inline data: image stays")
    func remoteImagesBecomeLinks() {
        let prose = #"See ![the pixel](https://tracker.example/p.gif "t") and ![dot](data:image/png;base64,iVBO)."#
        let page = Page(ref: PageRef("services", "x"), title: "X", description: "", blocks: [.markdown(prose), .paragraph([.markdown(prose)])])
        let html = PageDocumentBuilder(format: .html, page: page).rendered()
        #expect(!html.contains("<img src=\"https:") && html.contains(#"<a href="https://tracker.example/p.gif" title="t">the pixel</a>"#))
        #expect(html.contains(#"<img src="data:image/png;base64,iVBO" alt="dot" />"#))
        let markdown = PageDocumentBuilder(format: .markdown, page: page).rendered()
        #expect(!markdown.contains("![the pixel]") && markdown.contains(#"[the pixel](https://tracker.example/p.gif "t")"#))
    }
}
