import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Past `ServiceParts.threshold` services, the pages that list every service are an overview and
/// parts: a built site of generated Content, checked for page sizes, reachability, navigation and
/// links; and the shipped Content, which is below the threshold, split nowhere.
@Suite("Pages in parts")
struct SplitPagesTests {
    /// Services added to the shipped ones: past the threshold, and enough for several matrix parts.
    static let generated = 130

    /// The shipped Content with `count` generated services (`svc-000`…), each with claims from a
    /// reference and a guide, as Benchmarks/generate writes them, so that every cell cites something.
    static func content(services count: Int) -> FixtureTree {
        var tree = FixtureTree.shipped()
        // The synthetic sources are on example.com, which the shipped domain.yaml does not list.
        tree.replace("source-hosts: [developer.apple.com]", with: "source-hosts: [developer.apple.com, example.com]", in: "domain.yaml")
        var services = tree.text("services.yaml")
        var reference = "title: Reference\nurl: https://example.com/reference\nkind: article\nclaims:\n"
        var guide = "title: Guide\nurl: https://example.com/guide\nkind: article\nclaims:\n"
        for index in 0..<count {
            let id = String(format: "svc-%03d", index)
            services += "\n- id: \(id)\n  name: Service \(index)\n  summary: The *service \(index)*.\n"
            reference +=
                "  - id: \(id)-apple\n    fact: service-on-platform\n    subject: \(id)\n    platforms: [ios, ipados, watchos, visionos]\n    os: {from: \"\(4 + index % 10).0\"}\n    value: true\n    quote: Available.\n"
            guide +=
                "  - id: \(id)-levels\n    fact: service-available\n    subject: \(id)\n    levels: [when-in-use, always]\n    value: true\n    quote: Works under both levels.\n"
            guide +=
                "  - id: \(id)-relaunch\n    fact: launches-terminated-app\n    subject: \(id)\n    platforms: [ios, ipados]\n    levels: [always]\n    value: \(index % 2 == 0)\n    quote: Relaunches or not.\n"
        }
        // Two claims about every service that disagree, and a ruling: its title names ten services
        // and counts the rest (`conflictTitlesStayShort`).
        reference +=
            "  - id: every-service-explicit\n    fact: background-mode-required\n    subject: all\n    platforms: [tvos]\n    value: true\n    quote: Every service needs a background mode.\n"
        guide +=
            "  - id: every-service-implicit\n    fact: background-mode-required\n    subject: all\n    platforms: [tvos]\n    value: false\n    quote: No service needs a background mode.\n"
        tree.write(
            "- id: every-service\n  prevails: synthetic-guide#every-service-implicit\n  over: [synthetic-reference#every-service-explicit]\n  reason: The guide is newer.\n",
            to: "adjudications/synthetic.yaml")
        tree.write(services, to: "services.yaml")
        tree.write(reference, to: "sources/synthetic-reference.yaml")
        tree.write(guide, to: "sources/synthetic-guide.yaml")
        return tree
    }

    static func render(_ tree: FixtureTree) throws -> [String: String] {
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.filter { $0.severity == .error }.prefix(4).map(\.headline))")
        let builder = Builder(formats: [.html, .markdown, .man], templates: Paths.package.appendingPathComponent("Templates").path)
        let files = try builder.render(CompiledModel(model: report.model, merge: report.merge))
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    static let large: [String: String] = (try? render(content(services: generated))) ?? [:]

    /// The hrefs of an HTML page, in order.
    static func hrefs(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// The ids of an HTML page.
    static func ids(_ html: String) -> Set<String> {
        Set(html.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) })
    }

    /// A relative href resolved against the page's folder: `levels/always/2.html` from `levels/always/1.html`.
    static func resolve(_ href: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for piece in href.split(separator: "/", omittingEmptySubsequences: false) {
            if piece == ".." { parts.removeLast() } else if piece != "." { parts.append(String(piece)) }
        }
        return parts.joined(separator: "/")
    }

    @Test("no HTML or Markdown page over 1 MB, no man page over 5,000 lines")
    func sizes() {
        #expect(!Self.large.isEmpty)
        for (path, text) in Self.large {
            if path.hasSuffix(".html") || path.hasSuffix(".md") { #expect(text.utf8.count <= 1_000_000, "\(path): \(text.utf8.count) bytes") }
            if path.hasSuffix(".7") { #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 5_000, "\(path)") }
        }
    }

    @Test("every service is reachable from each overview through its parts, and nowhere listed twice")
    func reachable() throws {
        let services = (0..<Self.generated).map { String(format: "svc-%03d", $0) }
        for overview in ["matrix.html", "levels/always.html", "platforms/ios.html", "index.html"] {
            let html = try #require(Self.large[overview])
            let parts = Self.hrefs(html).map { Self.resolve($0, from: overview) }.filter {
                $0.range(of: #"/[0-9]+\.html$"#, options: .regularExpression) != nil
            }
            var seen: [String] = []
            for part in Set(parts).sorted() {
                let page = try #require(Self.large[part], "\(overview) links to \(part)")
                let rows = Self.hrefs(page).map { Self.resolve($0, from: part) }.filter { $0.hasPrefix("services/svc-") }
                // A part lists each of its services once per table, and no other part lists it.
                seen += Set(rows).map { String($0.dropFirst("services/".count).dropLast(".html".count)) }
            }
            #expect(Set(services).isSubset(of: Set(seen)), "\(overview)")
            #expect(seen.count == Set(seen).count, "\(overview): a service in two parts")
            // The overview itself lists no service's row.
            #expect(!html.contains("id=\"always-svc-"), "\(overview)")
        }
    }

    @Test("each part links to the overview and to its neighbours, and they link back")
    func navigation() throws {
        let matrixParts = Self.large.keys.filter { $0.hasPrefix("matrix/") && $0.hasSuffix(".html") }.count
        #expect(matrixParts > Self.generated / ServiceParts.Size.matrix)
        for number in 1...matrixParts {
            let page = try #require(Self.large["matrix/\(number).html"])
            let links = Set(Self.hrefs(page).map { Self.resolve($0, from: "matrix/\(number).html") })
            #expect(links.contains("matrix.html"))
            #expect(links.contains("matrix/\(number - 1).html") == (number > 1), "part \(number): previous")
            #expect(links.contains("matrix/\(number + 1).html") == (number < matrixParts), "part \(number): next")
            // No part links to one that is not its neighbour.
            #expect(
                links.filter { $0.range(of: #"^matrix/[0-9]+\.html$"#, options: .regularExpression) != nil }.count == (number > 1 ? 1 : 0)
                    + (number < matrixParts ? 1 : 0),
                "part \(number)")
            #expect(page.contains("part \(number) of \(matrixParts)"))
            // man: SEE ALSO names the overview and the neighbours.
            let man = try #require(Self.large["man/man7/capdoc-location-authorization-part-\(number).7"])
            #expect(man.contains(".BR capdoc\\-location\\-authorization (7)"))
            if number < matrixParts { #expect(man.contains(".BR capdoc\\-location\\-authorization\\-part\\-\(number + 1) (7)")) }
        }
        #expect(Self.large["matrix/\(matrixParts + 1).html"] == nil)
    }

    @Test("every link between pages resolves, fragment and all")
    func links() throws {
        var idsByPage: [String: Set<String>] = [:]
        for (path, text) in Self.large where path.hasSuffix(".html") { idsByPage[path] = Self.ids(text) }
        var broken: [String] = []
        for (path, text) in Self.large where path.hasSuffix(".html") {
            for href in Set(Self.hrefs(text)) where !href.contains(":") && !href.hasPrefix("#") {
                let pieces = href.split(separator: "#", maxSplits: 1).map(String.init)
                let target = Self.resolve(pieces[0], from: path)
                guard target.hasSuffix(".html") else { continue }  // the stylesheet, capdoc.json, man/
                guard let ids = idsByPage[target] else { broken.append("\(path): \(href)"); continue }
                if pieces.count == 2, !ids.contains(pieces[1]) { broken.append("\(path): \(href)") }
            }
        }
        #expect(broken.isEmpty, "\(broken.prefix(10))")
    }

    @Test("the search index reaches every part")
    func search() throws {
        let index = try #require(Self.large["search-index.js"])
        for path in Self.large.keys where path.range(of: #"^(matrix|levels/[a-z-]+|platforms/[a-z-]+)/[0-9]+\.html$"#, options: .regularExpression) != nil {
            #expect(index.contains("\"u\":\"\(path)\""), "\(path)")
        }
    }

    @Test("a ruling about every service names ten of them in its title and counts the rest")
    func conflictTitlesStayShort() throws {
        let html = try #require(Self.large["conflicts.html"])
        let heading = try #require(
            html.components(separatedBy: "<h2 id=\"ruling-every-service\">").dropFirst().first?.components(separatedBy: "</h2>").first)
        let names = heading.components(separatedBy: ": ").dropFirst().joined(separator: ": ").components(separatedBy: " — ")[0].components(separatedBy: ", ")
        #expect(names.count == PageContext.titleSubjects, "\(heading)")
        #expect(names.last == "and \(Self.generated + 10 - PageContext.titleSubjects + 1) more", "the shipped ten services and the generated ones: \(heading)")
    }

    @Test("below the threshold nothing is split")
    func belowThreshold() throws {
        // The shipped services and these are at the threshold, not past it.
        let tree = Self.content(services: ServiceParts.threshold - FixtureTree.shipped().check(archives: false).model.vocabulary.ids(.service).count)
        let files = try Self.render(tree)
        let parts = files.keys.filter { $0.range(of: #"/[0-9]+\.(html|md)$"#, options: .regularExpression) != nil || $0.contains("-part-") }
        #expect(parts.isEmpty, "\(parts.sorted().prefix(5))")
        #expect(try #require(files["matrix.html"]).contains("id=\"always-svc-000\""))
    }
}
