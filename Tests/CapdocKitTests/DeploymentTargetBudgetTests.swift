import CapdocTestSupport
import Testing
@testable import CapdocKit

/// Deployment-target pages in proportion to what the Content declares, not to the versions its
/// claims name (issue 41: 4,000 claims each `from` a version of its own wrote 8,420 files).
@Suite("Deployment-target pages are bounded")
struct DeploymentTargetBudgetTests {
    /// The base fixture with claims on heading under Always on iOS, the k-th for one version of its
    /// own (by default 3.1 up to 3.2, 3.2 up to 3.3, … to 3.301), alternately true and false: 300
    /// distinct changes.
    static func tree(
        declaring versions: String?, claims: ClosedRange<Int> = 1...300, version: (Int) -> String = { "3.\($0)" }
    ) -> FixtureTree {
        var tree = FixtureTree.base()
        var source = "title: Many versions\nurl: https://example.com/many\nkind: article\nclaims:\n"
        for k in claims {
            source += """
                  - id: c\(k)
                    fact: service-available
                    subject: heading
                    platforms: [ios]
                    levels: [always]
                    os: {from: "\(version(k))", until: "\(version(k + 1))"}
                    value: \(k % 2 == 0)
                    quote: Heading works.

                """
        }
        tree.write(source, to: "sources/many.yaml")
        if let versions { tree.replace("- id: ios\n", with: "- id: ios\n  versions: \(versions)\n", in: "platforms.yaml") }
        return tree
    }

    static func targets(declaring versions: String?) -> [String] {
        let report = tree(declaring: versions).check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.filter { $0.severity == .error }.prefix(3))")
        return PageContext(CompiledModel(model: report.model, merge: report.merge)).deploymentTargets("ios").map(\.description)
    }

    @Test("without declared versions, one page per major version at which something changes")
    func majorVersions() {
        #expect(Self.targets(declaring: nil) == ["3.0"])
    }

    @Test("with declared versions, pages only for those of them at which something changes")
    func declaredVersions() {
        #expect(Self.targets(declaring: "2.0 3.5 3.10 4.0") == ["3.5", "3.10"])
    }

    @Test("at most 64 pages a platform, its oldest; the last answers for the later versions, and a warning says so")
    func limitPerPlatform() throws {
        // 100 claims, each over a major version of its own, on iOS, which declares no versions here.
        let tree = Self.tree(declaring: nil, claims: 1...100) { "\($0).0" }
        let report = tree.check(archives: false)
        let warnings = report.diagnostics.filter { $0.checkID == .versionPagesLimited }
        #expect(
            warnings.map { "\($0.location.path):\($0.location.line):\($0.location.column): \($0.message)" } == [
                "Content/platforms.yaml:1:7: the deployment target pages of 'ios' would be 101, more than the 64 a platform gets: the last, 64.0 and later, answers for the 37 later versions too"
            ])
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        let context = PageContext(compiled)
        #expect(context.deploymentTargets("ios") == (1...64).map { Version("\($0).0")! })
        let files = try Builder(formats: [.markdown], templates: FlowEraLinksTests.templates).render(compiled)
        #expect(files.filter { $0.path.hasPrefix("markdown/targets/ios-") }.count == 64)
        // The last page's answer for heading still tells the versions after it apart.
        let last = String(decoding: try #require(files.first { $0.path == "markdown/targets/ios-64.0.md" }).contents, as: UTF8.self)
        #expect(last.contains("100.0"), "\(last.prefix(3000))")
    }

    @Test("a declared version that is no version is an error at its position")
    func malformedVersions() {
        let report = Self.tree(declaring: "3.0 three").check(archives: false)
        let messages = report.diagnostics.filter { $0.severity == .error }.map { "\($0.location.path):\($0.location.line): \($0.message)" }
        #expect(messages == ["Content/platforms.yaml:2: versions: 'three' is not a version (dotted numbers separated by spaces, such as \"17.0 18.0\")"])
    }

    @Test("a field of one line over 1,000 bytes is an error at its position; prose may be longer")
    func longFields() {
        var tree = FixtureTree.base()
        tree.replace("title: A guide", with: "title: " + String(repeating: "T", count: 1_001), in: "sources/guide.yaml")
        let report = tree.check(archives: false)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["'title' is 1001 bytes long, over the limit of 1000 for a field of one line"])
        #expect(errors.map { "\($0.location.path):\($0.location.line):\($0.location.column)" } == ["Content/sources/guide.yaml:1:8"])
        var prose = FixtureTree.base()
        prose.replace("title: A guide\n", with: "title: A guide\nsummary: " + String(repeating: "word ", count: 400) + "\n", in: "sources/guide.yaml")
        #expect(prose.check(archives: false).errorCount == 0)
    }
}
