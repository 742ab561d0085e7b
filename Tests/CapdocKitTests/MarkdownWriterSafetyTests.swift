import Foundation
import Testing
@testable import CapdocKit

/// Issue 15, items 2 and 3: prose nests within a limit that keeps every renderer linear; source URLs
/// are URLs; the Markdown writer never writes what reads back as HTML or as a script URL.
@Suite("Markdown writer safety")
struct MarkdownWriterSafetyTests {
    // MARK: Nesting

    @Test("each way of nesting counts as it should: exactly the limit passes, one more is refused")
    func nestingIsCountedPerLevel() {
        for levels in [3, 8, 9, ProseNesting.mostLevels] {
            for piece in ContentGenerators.nestedPieces(levels: levels) {
                #expect(ProseNesting.firstTooDeep(in: piece, mostLevels: levels) == nil, "\(levels) levels: \(piece.prefix(40))")
                #expect(ProseNesting.firstTooDeep(in: piece, mostLevels: levels - 1) != nil, "\(levels) levels: \(piece.prefix(40))")
            }
        }
    }

    @Test("the position is where the limit is crossed, in the prose's own lines")
    func nestingPosition() throws {
        let prose = "Flat.\n\n" + String(repeating: ">", count: 40) + " deep"
        let position = try #require(ProseNesting.firstTooDeep(in: prose))
        #expect(position.line == 3 && position.column == ProseNesting.mostLevels + 1)
    }

    @Test("prose nested 100,000 deep is measured in linear time and memory")
    func deepProseIsMeasuredQuickly() {
        let (found, measurement) = measure {
            ProseNesting.firstTooDeep(in: String(repeating: "*", count: 200_000) + "x" + String(repeating: "*", count: 200_000))
        }
        #expect(found != nil)
        #expect(measurement.seconds < 5, "\(measurement.seconds) s")
    }

    // MARK: Source URLs

    @Test(
        "a source url is an absolute http(s) URL without white space, control characters or characters no URL holds",
        arguments: [
            ("https://developer.apple.com/documentation/corelocation", true),
            ("http://example.com", true),
            ("https://example.com/a?b=1&c=%20#frag", true),
            ("https://example.com/a\n\n[x]: javascript:alert(1)\n<img src=x onerror=alert(1)>", false),
            ("https://example.com/a><img src=x>", false),
            ("https://example.com/a b", false),
            ("https://example.com/a\u{0}", false),
            ("https://example.com/\u{2028}", false),
            ("https://example.com/a\"b", false),
            ("javascript:alert(1)", false),
            ("https://", false),
            ("https:///path", false),
        ])
    func sourceURLs(_ url: String, _ accepted: Bool) {
        #expect((SourceURL.problem(url) == nil) == accepted, "\(url.debugDescription): \(SourceURL.problem(url) ?? "accepted")")
    }

    // MARK: Links in the Markdown output

    /// Prose that breaks out of cmark 0.30's CommonMark writer without `MarkdownLinkDestinations`.
    static let hostileProse = [
        #"[https://e.com/a\> \<img src=x onerror=alert(1)\>](<https://e.com/a\> \<img src=x onerror=alert(1)\>>)"#,
        "[https://e.com/b&gt;&lt;svg/onload=alert(1)&gt;](https://e.com/b&gt;&lt;svg/onload=alert(1)&gt;)",
        "[`https://e.com/c>`](https://e.com/c&gt;)",
        "[script](mailto:script)alert(1)//",
        "[??](mailto:??) [!--](mailto:!--) [a](mailto:a) [/a](mailto:/a)",
        "[x](javascript&amp;#58;alert(1)) [y](&amp;#106;avascript:alert(1)) [z](java&amp;Tab;script:alert(1))",
        "<https://e.com/&amp;lt;img> and [https://e.com/&amp;lt;](https://e.com/&amp;lt;)",
        "[https://e.com/\tx](<https://e.com/\tx>)",
        "Fine: <https://example.com/ok?a=1&b=2>, <a@b.co>, [t](https://example.com/(p)), ![i](data:image/png;base64,AA)",
        "[plain](javascript:alert(1)) <javascript:alert(1)> [r][evil]\n\n[evil]: javascript:alert(2)",
        // Found by FuzzMarkdownWriter: an emptied URL with a title was written `]( "title")`, a link to `"title"`.
        #"![alt](data:image/pnascript:x "title") [x](javascript:a "javascript:alert(1)") [y](<> "t")"#,
        // Found by FuzzMarkdownWriter: two lists that raw HTML (removed) kept apart are written with
        // cmark's own `<!-- end list -->` between them, which the audit knows as inert.
        "In <span onmouseover=\"x\">\n\n- item <b>bold</b>\n\n<script>alert(3)</script>\n\n- item <b>bold</b>\n",
    ]

    @Test("read back, the Markdown of hostile prose has no HTML, no script URL, and the prose's links", arguments: hostileProse)
    func proseLinksReadBack(_ prose: String) {
        let markdown = MarkdownAudit.markdownPage(withProse: prose)
        #expect(MarkdownAudit.problems(inMarkdown: markdown) == [], "\(markdown)")
        #expect(MarkdownAudit.linkURLs(inMarkdown: markdown) == MarkdownAudit.expectedLinkURLs(ofProse: prose), "\(markdown)")
    }

    @Test("a generated link to a hostile URL (one the loader now refuses) is written safely all the same")
    func generatedLinksReadBack() {
        let url = "https://example.com/a\n\n[x]: javascript:alert(1)\n<img src=x onerror=alert(1)>"
        let page = Page(
            ref: PageRef("sources", "x"), title: "X", description: "", blocks: [.paragraph([.text("Apple's page: "), .link([.text(url)], .external(url))])])
        let markdown = PageDocumentBuilder(format: .markdown, page: page).rendered()
        #expect(MarkdownAudit.problems(inMarkdown: markdown) == [], "\(markdown)")
        #expect(MarkdownAudit.linkURLs(inMarkdown: markdown) == [url], "\(markdown)")
    }

    @Test("ordinary links are written as before: autolinks stay autolinks, nothing is encoded")
    func ordinaryLinksUnchanged() {
        let markdown = MarkdownAudit.markdownPage(withProse: "<https://example.com/a?b=1&c=2> and [text](https://example.com/x_(y)) and <a@b.co>")
        #expect(markdown.contains("<https://example.com/a?b=1&c=2>"))
        #expect(markdown.contains("[text](https://example.com/x_\\(y\\))"))
        #expect(markdown.contains("<a@b.co>"))
    }

    @Test(
        "the bytes an autolink or destination cannot carry are percent-encoded; the rest is left",
        arguments: [
            ("https://e.com/a b", "https://e.com/a%20b"),
            ("https://e.com/<x>", "https://e.com/%3Cx%3E"),
            ("https://e.com/?a=1&b=2", "https://e.com/?a=1&b=2"),
            ("https://e.com/&amp;x", "https://e.com/%26amp;x"),
            ("javascript&#58;alert(1)", "javascript%26#58;alert(1)"),
            ("https://e.com/é", "https://e.com/é"),
        ])
    func percentEncoding(_ url: String, _ expected: String) {
        #expect(MarkdownLinkDestinations.percentEncodingUnstableBytes(url) == expected)
    }
}
