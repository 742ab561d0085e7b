import Testing

@testable import CapdocServe

@Suite("request paths to files of the site")
struct SitePathTests {
    @Test("a folder means its index.html")
    func folders() {
        #expect(SitePath.resolve("/") == .file("index.html"))
        #expect(SitePath.resolve("/services/") == .file("services/index.html"))
        #expect(SitePath.resolve("//") == .file("index.html"))
    }

    @Test("a file's name is its path without the leading slash, percent-decoded")
    func files() {
        #expect(SitePath.resolve("/services/visits.html") == .file("services/visits.html"))
        #expect(SitePath.resolve("/a%20b/c%2Ehtml") == .file("a b/c.html"))
        #expect(SitePath.resolve("/./flow.html") == .file("flow.html"))
        #expect(SitePath.resolve("/keys//x.html") == .file("keys/x.html"))
    }

    @Test("a path that climbs out of the site is refused, encoded or not")
    func climbing() {
        for path in ["/..", "/../etc/passwd", "/keys/../../index.html", "/%2e%2e/x", "/%2E%2E%2Fetc%2Fpasswd", "/a/%2e%2e", "/..%2f..%2fx"] {
            #expect(SitePath.resolve(path) == .refused, "\(path)")
        }
    }

    @Test("NUL, backslashes, broken percent-encoding and relative paths are refused")
    func malformed() {
        for path in ["/a%00b", "/a%5c..%5cb", "/a\\b", "/%zz", "/%", "relative.html", ""] {
            #expect(SitePath.resolve(path) == .refused, "\(path)")
        }
    }

    @Test("a name that only starts with dots is a name")
    func dotNames() {
        #expect(SitePath.resolve("/...") == .file("..."))
        #expect(SitePath.resolve("/..a") == .file("..a"))
    }
}

@Suite("content types")
struct ContentTypeTests {
    @Test("each kind of file capdoc build writes")
    func kinds() {
        #expect(ContentType.of(path: "index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of(path: "style.css") == "text/css; charset=utf-8")
        #expect(ContentType.of(path: "search.js") == "text/javascript; charset=utf-8")
        #expect(ContentType.of(path: "capdoc.json") == "application/json")
        #expect(ContentType.of(path: "capdoc.json.gz") == "application/gzip")
        #expect(ContentType.of(path: "markdown/index.md") == "text/markdown; charset=utf-8")
        #expect(ContentType.of(path: "man/man7/capdoc-visits.7") == "text/plain; charset=utf-8")
        #expect(ContentType.of(path: "man/man1/capdoc.1") == "text/plain; charset=utf-8")
        #expect(ContentType.of(path: "v1.2/README") == "application/octet-stream")
    }
}
