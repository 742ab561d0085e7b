import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Android location permissions (`Fixtures/android-domain`), written from Android's developer pages:
/// another vendor's matrix, with manifest permissions for keys and API levels for versions, compiles
/// from Content alone and no output of it speaks of Apple's platforms.
@Suite("A domain of another vendor: Android location permissions")
struct AndroidDomainTests {
    static func report() -> Checker.Report {
        var tree = FixtureTree()
        tree.copy(Paths.fixtures.appendingPathComponent("android-domain"), to: FixtureTree.root)
        return tree.check(archives: false)
    }

    static func files() throws -> [OutputFile] {
        let report = report()
        return try OutputTests.builder.render(CompiledModel(model: report.model, merge: report.merge))
    }

    static func text(_ path: String, in files: [OutputFile]) throws -> String {
        String(decoding: try #require(files.first { $0.path == path }, "\(path)").contents, as: UTF8.self)
    }

    /// The words of Apple's domain that no page of Android's may say.
    static let appleWords = ["Apple", "Info.plist", "iOS", "macOS", "Core Location", "delegate", "deployment target", "authorizationStatus", "When In Use"]

    @Test("it checks without an error; the one warning is the cell no Android page decides")
    func checks() {
        let report = Self.report()
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.headline))")
        #expect(report.diagnostics.map(\.message) == ["no claim decides service-available for location-sharing under background on android"])
    }

    @Test("no page, Markdown file, man page or dataset says a word of Apple's domain")
    func noAppleWords() throws {
        let files = try Self.files()
        #expect(files.contains { $0.path == "capdoc.json" } && files.contains { $0.path == "man/man7/capdoc-android-location.7" })
        for file in files where !file.path.hasSuffix(".js") {
            // `delegateNotified` is a property of the dataset's schema: a name of its API, not prose.
            let text = String(decoding: file.contents, as: UTF8.self).replacingOccurrences(of: "delegateNotified", with: "")
            for word in Self.appleWords {
                #expect(!text.contains(word), "\(file.path) says \(word)")
            }
        }
    }

    @Test("API levels print as whole numbers everywhere: 29+, never 29.0")
    func apiLevels() throws {
        let files = try Self.files()
        let platform = try Self.text("markdown/platforms/android.md", in: files)
        #expect(platform.contains("Android 29+"), "\(platform)")
        #expect(!platform.contains("equivalent"), "no row for a notion no Android page has: \(platform)")
        for file in files where !file.path.hasSuffix(".js") {
            let text = String(decoding: file.contents, as: UTF8.self)
            for level in ["29.0", "30.0", "31.0"] {
                #expect(!text.contains(level), "\(file.path) says \(level)")
            }
        }
        #expect(files.contains { $0.path == "markdown/targets/android-29.md" })
        let legend = try Self.text("matrix.html", in: files)
        #expect(legend.contains("13+</span>: yes from 13 on"), "the legend's example version is an API level")
    }

    @Test("the request page shows the manifest element, and key ids keep Android's spelling")
    func manifestSnippet() throws {
        let files = try Self.files()
        let request = try Self.text("markdown/requests/background.md", in: files)
        #expect(request.contains(#"<uses-permission android:name="android.permission.ACCESS_BACKGROUND_LOCATION"/>"#), "\(request)")
        #expect(files.contains { $0.path == "keys/ACCESS_FINE_LOCATION.html" })
    }

    @Test("queries answer in API levels")
    func queries() throws {
        let report = Self.report()
        let answers = Answers(model: report.model, merge: report.merge)
        let keys = try answers.keys(request: "background", platform: "android", os: nil)
        #expect(keys.os?.description == "31")
        #expect(keys.required == ["ACCESS_BACKGROUND_LOCATION"])
        let before = try answers.keys(request: "background", platform: "android", os: Version("28"))
        #expect(before.os?.description == "28")
    }

    @Test("the domain starts where platforms.yaml says, not at a status claim: an era before a request is a claim like any other")
    func eraBeforeARequest() {
        var tree = FixtureTree()
        tree.copy(Paths.fixtures.appendingPathComponent("android-domain"), to: FixtureTree.root)
        // No status-exists claim at all, and a claim about the versions before the background request.
        let source = tree.text("sources/background-location.yaml")
        tree.write(
            source + """
                  - id: background-request-before
                    fact: request-available
                    subject: background
                    platforms: [android]
                    os: {until: "29"}
                    value: false
                    quote: When a feature in your app requests background location on a device that runs Android 10 (API level 29)

                """, to: "sources/background-location.yaml")
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.headline))")
        #expect(!report.model.claims.contains { $0.fact == .statusExists })
        // Before the platform's first version there is nothing to speak of: an error at the range.
        tree.write(source.replacingOccurrences(of: #"os: {from: "29"}"#, with: #"os: {from: "0", until: "29"}"#), to: "sources/background-location.yaml")
        #expect(tree.check(archives: false).diagnostics.contains { $0.checkID == .invalidVersionRange })
    }
}
