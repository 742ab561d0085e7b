import Testing

@testable import CapdocServe

@Suite("what serve adds to a page")
struct PageDecorationTests {
    let page = Array("<!DOCTYPE html>\n<html><body class=\"home\"><p>x</p></body></html>\n".utf8)

    func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    /// The page without what serve added: the bytes `capdoc build` wrote.
    func undecorated(_ text: String) -> String {
        var text = text
        while let begin = text.range(of: PageDecoration.begin), let end = text.range(of: PageDecoration.end, range: begin.upperBound..<text.endIndex) {
            text.removeSubrange(begin.lowerBound..<end.upperBound)
        }
        return text
    }

    @Test("a clean build adds only the reload script, before </body>")
    func clean() {
        let snapshot = SiteSnapshot(files: ["index.html": page, "style.css": Array("body{}".utf8)], generation: 3, diagnostics: "", hasErrors: false)
        let served = text(snapshot.served("index.html"))
        #expect(served.contains("new EventSource(\"/_capdoc/events\")"))
        #expect(served.contains("var g=\"3\""))
        #expect(served.range(of: "<script")!.lowerBound < served.range(of: "</body>")!.lowerBound)
        #expect(!served.contains("capdoc-serve-diagnostics"))
        #expect(undecorated(served) == text(page))
        #expect(snapshot.served("style.css") == Array("body{}".utf8))
    }

    @Test("errors go in an open banner after <body …>, HTML-escaped")
    func errors() {
        let diagnostics = "Content/sources/a.yaml:3:7: error: unknown key 'vaule' [structure]\n  vaule: <b>&\n      ^\n"
        let snapshot = SiteSnapshot(files: ["index.html": page], generation: 4, diagnostics: diagnostics, hasErrors: true)
        let served = text(snapshot.served("index.html"))
        #expect(served.contains("<body class=\"home\">" + PageDecoration.begin + "<details id=\"capdoc-serve-diagnostics\" role=\"alert\" open"))
        #expect(served.contains("Content/sources/a.yaml:3:7: error: unknown key 'vaule' [structure]"))
        #expect(served.contains("  vaule: &lt;b&gt;&amp;\n      ^\n"))
        #expect(!served.contains("<b>&"))
        #expect(undecorated(served) == text(page))
    }

    @Test("warnings alone are listed, closed")
    func warnings() {
        let diagnostics = "Content/x.yaml:1:1: warning: no claim decides it [undecided-cell]\n"
        let snapshot = SiteSnapshot(files: ["index.html": page], generation: 1, diagnostics: diagnostics, hasErrors: false)
        let served = text(snapshot.served("index.html"))
        #expect(served.contains("role=\"status\" style="))
        #expect(served.contains("capdoc check: 1 warning<"))
    }

    @Test("before any good build, every page is the diagnostics; other files are missing")
    func noBuildYet() {
        let snapshot = SiteSnapshot(files: [:], generation: 1, diagnostics: "Content/a.yaml:1:1: error: x [y]\n", hasErrors: true)
        #expect(text(snapshot.served("services/visits.html")).contains("Content/a.yaml:1:1: error: x [y]"))
        #expect(snapshot.served("style.css") == nil)
    }
}
