import Foundation
import Testing

import CapdocKit
@testable import CapdocServe

@Suite("the served state across rebuilds")
struct SiteStateTests {
    let good = SiteSnapshot(files: ["index.html": Array("v1".utf8)], generation: 1, diagnostics: "", hasErrors: false)

    /// The base fixture of CapdocKit's tests, compiled as `capdoc serve` compiles Content.
    static func compiledSite() throws -> SiteOnDemand {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let compiler = SiteCompiler(
            content: tests.appendingPathComponent("CapdocKitTests/Fixtures/base").path,
            builder: Builder(templates: tests.deletingLastPathComponent().appendingPathComponent("Templates").path))
        return try #require(compiler.compile().site)
    }

    @Test("a failed check keeps the last good files and adds its diagnostics; a fix replaces both")
    func failedThenFixed() throws {
        let failed = RebuildLoop.snapshot(
            after: good, SiteCompiler.Outcome(site: nil, diagnostics: "a.yaml:1:1: error: x [y]\n", errorCount: 1, warningCount: 0))
        #expect(failed.files == good.files)
        #expect(failed.site == nil)
        #expect(failed.hasErrors)
        #expect(failed.generation == 2)
        let site = try Self.compiledSite()
        let fixed = RebuildLoop.snapshot(after: failed, SiteCompiler.Outcome(site: site, diagnostics: "", errorCount: 0, warningCount: 0))
        #expect(fixed.site === site)
        #expect(fixed.served("index.html").map { String(decoding: $0, as: UTF8.self).contains("<html") } == true)
        #expect(fixed.served("no-such-page.html") == nil)
        #expect(!fixed.hasErrors)
        #expect(fixed.diagnostics.isEmpty)
        #expect(fixed.generation == 3)
        // Broken again: the last good site stays.
        let broken = RebuildLoop.snapshot(
            after: fixed, SiteCompiler.Outcome(site: nil, diagnostics: "a.yaml:1:1: error: x [y]\n", errorCount: 1, warningCount: 0))
        #expect(broken.site === site)
        #expect(broken.hasErrors)
    }

    @Test("a listener hears the current generation, then the newest published, and the end")
    func listeners() async {
        let state = SiteState(good)
        let stream = state.generations()
        #expect(state.listenerCount == 1)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        var snapshot = good
        snapshot.generation = 2
        state.publish(snapshot)
        #expect(await iterator.next() == 2)
        // A page that has not read yet only needs the newest generation.
        snapshot.generation = 3
        state.publish(snapshot)
        snapshot.generation = 4
        state.publish(snapshot)
        #expect(await iterator.next() == 4)
        state.close()
        #expect(await iterator.next() == nil)
        #expect(state.listenerCount == 0)
        // After close, a new listener ends at once: the server is stopping.
        var late = state.generations().makeAsyncIterator()
        #expect(await late.next() == nil)
    }
}
