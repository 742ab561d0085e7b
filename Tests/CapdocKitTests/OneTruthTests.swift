import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// What the built site says the same way on every page (issue 38's "one truth"): the counts of the
/// model, and deprecation drawn as a warning wherever it is said.
@Suite("One truth across the site")
struct OneTruthTests {
    static let pages: [String: String] = {
        let report = FixtureTree.shipped().check(archives: false)
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        let files = (try? Builder(formats: [.html], templates: Paths.package.appendingPathComponent("Templates").path).render(compiled)) ?? []
        return Dictionary(uniqueKeysWithValues: files.filter { $0.path.hasSuffix(".html") }.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }()

    @Test("home, About and Conflicts give the same counts of sources, claims, contradictions and rulings")
    func counts() throws {
        let pattern = /\d+ sources, \d+ claims, \d+ contradictions between them, settled by \d+ rulings\./
        let sentences = try ["index.html", "about.html", "conflicts.html"].map { path in
            let page = try #require(Self.pages[path], "\(path) is built")
            return try #require(page.firstMatch(of: pattern).map { String($0.output) }, "\(path) states the counts")
        }
        #expect(Set(sentences).count == 1, "\(sentences)")
    }

    /// The keys a cell says are needed at the newest versions: its last range, "8.0+: K1, K2".
    static func newestKeys(_ cell: Substring) -> Set<String>? {
        guard let last = cell.matches(of: /<span class="value yes">[^<:]*\+: ([^<]*)<\/span>/).last else { return nil }
        return Set(last.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Each row of the table with this caption: its header's text and its cells' HTML.
    static func rows(_ page: String, caption: String) -> [(header: String, cells: [Substring])] {
        guard let start = page.range(of: "<caption>\(caption)</caption>"), let end = page.range(of: "</tbody>", range: start.upperBound..<page.endIndex)
        else { return [] }
        return page[start.upperBound..<end.lowerBound].matches(of: /<tr[^>]*><th scope="row">(.*?)<\/th>(.*?)<\/tr>/).map { row in
            (String(row.output.1.replacing(/<[^>]+>/, with: "")), row.output.2.matches(of: /<td[^>]*>(.*?)<\/td>/).map(\.output.1))
        }
    }

    @Test("a key a request page says is needed on a platform is read there (its key page) and listed the same in the matrix")
    func keysAreOneTruth() throws {
        let matrix = try #require(Self.pages["matrix.html"])
        let platforms = ["iOS", "iPadOS", "macOS", "Mac Catalyst", "watchOS", "tvOS", "visionOS"]
        let matrixRows = Self.rows(matrix, caption: "Info.plist keys each authorization request needs")
        var compared = 0
        for (path, page) in Self.pages where path.hasPrefix("requests/") {
            let title = try #require(page.firstMatch(of: /<h1[^>]*>(.*?)<\/h1>/)).output.1
            let matrixRow = matrixRows.first { $0.header == title }
            for row in Self.rows(page, caption: "\(title) by platform") {
                guard let platform = platforms.firstIndex(of: row.header), let keys = row.cells.last.flatMap(Self.newestKeys) else { continue }
                if let matrixRow, platform < matrixRow.cells.count {
                    #expect(Self.newestKeys(matrixRow.cells[platform]) == keys, "\(path), \(row.header): the matrix lists other keys")
                }
                for key in keys {
                    let keyPage = try #require(Self.pages["keys/\(key).html"], "\(path) names \(key), which has no page")
                    let keyRow = Self.rows(keyPage, caption: "\(key) by platform").first { $0.header == row.header }
                    let read = try #require(keyRow?.cells.first, "keys/\(key).html has no row for \(row.header)")
                    #expect(
                        read.contains("<summary><span class=\"value yes\">") || read.hasPrefix("<span class=\"value yes\">"),
                        "\(path) says \(key) is needed on \(row.header); its key page does not say it is read there")
                    compared += 1
                }
            }
        }
        #expect(compared > 10)
    }

    @Test("nothing that says deprecated is drawn as good news (class yes)")
    func deprecationIsAWarning() throws {
        #expect(!Self.pages.isEmpty)
        let green = /<span class="value yes">([^<]*)</
        for (path, page) in Self.pages {
            for match in page.matches(of: green) where match.output.1.lowercased().contains("deprecated") {
                Issue.record("\(path): “\(match.output.1)” is drawn as a yes")
            }
        }
        let key = try #require(Self.pages["keys/NSLocationAlwaysUsageDescription.html"])
        #expect(key.contains("<span class=\"value deprecated\">"))
        // A deprecated cell says when, and not the ranges before it that the other columns say.
        let service = try #require(Self.pages["services/region-monitoring.html"])
        // The replacement as a developer types it, linked: Apple's message names the Objective-C selector.
        #expect(
            service.contains(
                "<span class=\"value deprecated\">27.0+: Yes</span> (use <a href=\"../services/condition-monitoring.html\"><code>CLMonitor</code></a>)"))
        #expect(!service.contains("5.0 to 27.0: Not stated"))
    }
}
