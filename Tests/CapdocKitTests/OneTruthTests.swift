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
