import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Issue 41: transition claims on one cell, each `from` a major version of its own on a platform
/// that declares no versions, make an era page per version (up to `VersionPageLimit.perPlatform`);
/// a page links at most `PageContext.eraLinksShown` eras of a platform, then says how many more
/// there are, where every era page linked every other.
@Suite("Flow era links")
struct FlowEraLinksTests {
    static let templates = Paths.package.appendingPathComponent("Templates").path

    /// Markdown links to iOS era pages in a page's text, from a page under `flow/` or (`top`) beside it.
    static func iosEraLinks(_ text: String, top: Bool = false) -> Int {
        text.components(separatedBy: top ? "](flow/ios-" : "](../flow/ios-").count - 1
    }

    @Test("an era's page links the eras nearest it, at most 16 a platform, then how many more; the flow page links all")
    func capped() throws {
        var tree = FixtureTree.shipped()
        // iOS declares no versions here: each new major version starts a page.
        let platforms = tree.text("platforms.yaml")
        let undeclared = platforms.replacingOccurrences(
            of: "  versions: 2.0 3.0 4.0 5.0 6.0 7.0 8.0 9.0 10.0 11.0 12.0 13.0 14.0 15.0 16.0 17.0 18.0 26.0 27.0\n  name: iOS\n", with: "  name: iOS\n")
        #expect(undeclared != platforms)
        tree.write(undeclared, to: "platforms.yaml")
        tree.write(ManyTransitionClaims.source(from: (30..<70).map { "\($0).0" }), to: ManyTransitionClaims.path)
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.filter { $0.severity == .error }.map(\.headline))")
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        let eras = AnswerTable(merge: compiled.merge, model: compiled.model).flowEras.filter { $0.platform == "ios" }
        let shown = PageContext.eraLinksShown
        #expect(eras.count > shown + 10 && eras.count <= VersionPageLimit.perPlatform)
        let ownPages = eras.allSatisfy { $0.changes.isEmpty }
        #expect(ownPages, "each major version is a page of its own")
        let files = try Builder(formats: [.markdown], templates: Self.templates).render(compiled)
        func page(_ path: String) throws -> String {
            String(decoding: try #require(files.first { $0.path == path }, "\(path)").contents, as: UTF8.self)
        }
        let context = PageContext(compiled)
        for (index, era) in eras.enumerated() {
            let text = try page("markdown/\(context.flowEraRef(era).path).md")
            // The page's own era is bold, not linked.
            #expect(Self.iosEraLinks(text) == shown - 1, "\(era.range)")
            #expect(text.contains("and \(eras.count - shown) more, [all on the flow page]"), "\(era.range)")
            // Its neighbours are among those linked.
            for neighbour in [index - 1, index + 1] where eras.indices.contains(neighbour) {
                #expect(text.contains("](../\(context.flowEraRef(eras[neighbour]).path).md)"), "\(era.range) links \(eras[neighbour].range)")
            }
        }
        #expect(Self.iosEraLinks(try page("markdown/flow.md"), top: true) >= eras.count, "the flow page links every era")
    }
}
