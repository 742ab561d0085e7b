import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// What `capdoc serve` keeps between rebuilds (`ParseCache`, `RenderMemo`) gives exactly what
/// doing the work again gives, and does not do again what an edit did not change.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    static let builder = Builder(templates: Paths.package.appendingPathComponent("Templates").path)

    /// One serve session on a fixture tree: the same cache and memo across every `build`.
    struct Session {
        var tree: FixtureTree
        let cache = ParseCache()
        let memo = RenderMemo()
        /// Of the last `build`'s pages, how many were rendered and how many were the memo's.
        var rendered: Int {
            get { counts.rendered }
            nonmutating set { counts.rendered = newValue }
        }
        var reused: Int {
            get { counts.reused }
            nonmutating set { counts.reused = newValue }
        }
        private let counts = Counts()
        final class Counts { var rendered = 0, reused = 0 }

        func check() -> Checker.Report {
            let library = ArchiveLibrary(folder: FixtureTree.archives, fileSystem: tree.fileSystem)
            return Checker(fileSystem: tree.fileSystem, archives: library, parseCache: cache).check(contentAt: FixtureTree.root)
        }

        /// The files of the tree as it is now, as `capdoc serve` makes them: every path of the
        /// site, each file made on demand, with the memo of the builds before.
        func build() throws -> [OutputFile] {
            let report = check()
            #expect(report.errorCount == 0, "\(report.diagnostics.map(\.headline))")
            let site = try SiteOnDemand(CompiledModel(model: report.model, merge: report.merge), builder: IncrementalBuildTests.builder, memo: memo)
            let before = (memo.renderedCount, memo.reusedCount)
            // In reverse order, unlike a build: a page made alone, out of the build's order, is the same.
            let files = try site.paths().reversed().map { path in OutputFile(path: path, bytes: try #require(try site.file(path), "\(path)")) }
            // What this build rendered and reused (the memo counts from its start).
            rendered = memo.renderedCount - before.0
            reused = memo.reusedCount - before.1
            return files.sorted { $0.path < $1.path }
        }

        /// The files of the tree as it is now, by a build that keeps nothing: what `capdoc build` writes.
        func fresh() throws -> [OutputFile] {
            let report = tree.check()
            return try IncrementalBuildTests.builder.render(CompiledModel(model: report.model, merge: report.merge))
        }
    }

    static func byPath(_ files: [OutputFile]) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
    }

    @Test("a file whose bytes did not change is not parsed again; one edited is, and a deleted one is let go")
    func parseCache() throws {
        var session = Session(tree: .base())
        _ = session.check()
        let files = session.cache.count
        #expect(files > 5)
        #expect(session.cache.parsedCount == files)
        _ = session.check()
        #expect(session.cache.parsedCount == files, "nothing changed, yet files were parsed again")
        #expect(session.cache.reusedCount == files)
        // Nor read again into sources: both source files' reads are kept.
        #expect(session.cache.sourcesReusedCount == 2)

        session.tree.replace("title: A guide", with: "title: A guide, edited", in: "sources/guide.yaml")
        let edited = session.check()
        #expect(session.cache.parsedCount == files + 1)
        #expect(session.cache.sourcesReusedCount == 3, "the edited source was not read again, or the other was")
        #expect(edited.model.sources.first { $0.id.value == "guide" }?.title == "A guide, edited")

        session.tree.remove("sources/status-page.yaml")
        let removed = session.check()
        #expect(session.cache.count == files - 1)
        #expect(!removed.model.sources.contains { $0.id.value == "status-page" })
    }

    @Test("a file that stops parsing gives its diagnostic from the cache as when it was parsed")
    func parseCacheKeepsDiagnostics() throws {
        var session = Session(tree: .base())
        _ = session.check()
        session.tree.replace("    value: true\n", with: "    value: [true\n", in: "sources/guide.yaml")
        let first = session.check().diagnostics.map(\.headline)
        let again = session.check().diagnostics.map(\.headline)
        #expect(first.contains { $0.contains("guide.yaml") && $0.contains("error") })
        #expect(again == first)
        #expect(again == session.tree.check().diagnostics.map(\.headline))
    }

    @Test("a rebuild with nothing changed renders no page, and gives the same files")
    func nothingChanged() throws {
        let session = Session(tree: .base())
        let first = try session.build()
        let pages = session.rendered
        #expect(pages > 10)
        #expect(session.reused == 0)
        #expect(first == (try session.fresh()))
        let second = try session.build()
        #expect(session.rendered == 0)
        #expect(session.reused == pages)
        #expect(second == first)
    }

    @Test("an edited claim renders again the pages it changed, and only some pages; the files are a fresh build's")
    func claimEdited() throws {
        var session = Session(tree: .base())
        let before = Self.byPath(try session.build())
        let pages = session.rendered
        // Still a quote of the archive, so that the check passes.
        session.tree.replace("    quote: All services work under both levels.", with: "    quote: All services work under both", in: "sources/guide.yaml")
        let after = try session.build()
        // The page that quotes the claim changed: a memo that reused it would serve the old quote.
        let changed = Self.byPath(after)
        #expect(changed["sources/guide.html"] != before["sources/guide.html"])
        #expect(!String(decoding: changed["sources/guide.html"] ?? [], as: UTF8.self).contains("All services work under both levels."))
        #expect(session.rendered > 0)
        #expect(session.rendered < pages, "every page was rendered again for one claim")
        #expect(session.rendered + session.reused == pages)
        #expect(after == (try session.fresh()))
    }

    @Test("a value that changes an answer renders its service's pages again", arguments: [false, true])
    func answerChanged(_ flip: Bool) throws {
        var session = Session(tree: .base())
        let before = Self.byPath(try session.build())
        session.tree.replace(
            "    value: false\n    quote: Heading events stop", with: "    value: true\n    quote: Heading events stop", in: "sources/guide.yaml")
        if flip {
            // And back: the pages go back to what they were, which the memo no longer has.
            _ = try session.build()
            session.tree.replace(
                "    value: true\n    quote: Heading events stop", with: "    value: false\n    quote: Heading events stop", in: "sources/guide.yaml")
        }
        let after = try session.build()
        #expect(after == (try session.fresh()))
        if flip { #expect(Self.byPath(after) == before) } else { #expect(Self.byPath(after) != before) }
    }

    @Test("what every page shows (the newest source's date) or lays it out with renders every page again")
    func environmentChanged() throws {
        var session = Session(tree: .base())
        _ = try session.build()
        let pages = session.rendered
        // The guide has no date: given one newer than every source's, it is the site's "data as of".
        session.tree.replace("kind: article\n", with: "kind: article\ndate: 2031-01-02\n", in: "sources/guide.yaml")
        let after = try session.build()
        #expect(session.rendered == pages)
        #expect(session.reused == 0)
        #expect(after == (try session.fresh()))
    }

    @Test("the shipped Content's site made on demand is its build, file for file")
    func shippedOnDemand() throws {
        let session = Session(tree: .shipped())
        let report = session.tree.check(archives: false)
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        let site = try SiteOnDemand(compiled, builder: Self.builder, memo: nil)
        let built = try Self.builder.render(compiled)
        #expect(try site.paths() == built.map(\.path))
        for file in built {
            #expect(try site.file(file.path) == file.bytes, "\(file.path)")
        }
        #expect(try site.file("no-such-page.html") == nil)
    }

    @Test("a series of edits of every kind: after each, the files are a fresh build's")
    func seriesOfEdits() throws {
        var session = Session(tree: .base())
        _ = try session.build()
        let guide = session.tree.text("sources/guide.yaml")
        let edits: [(String, (inout FixtureTree) -> Void)] = [
            ("a title", { $0.replace("title: A guide", with: "title: The guide", in: "sources/guide.yaml") }),
            ("a quote", { $0.replace("quote: Always relaunches the app for visits.", with: "quote: Always relaunches the app", in: "sources/guide.yaml") }),
            (
                "a file renamed",
                { tree in
                    let text = tree.text("sources/status-page.yaml")
                    tree.remove("sources/status-page.yaml")
                    tree.write(text, to: "sources/status-page-renamed.yaml")
                }
            ),
            ("a file deleted", { $0.remove("sources/status-page-renamed.yaml") }),
            ("a file added", { $0.write(guide.replacingOccurrences(of: "title: A guide", with: "title: Another guide"), to: "sources/another.yaml") }),
            (
                "a service renamed",
                { tree in
                    let services = tree.text("services.yaml")
                    let name = services.split(separator: "\n").first { $0.hasPrefix("  name: ") }!
                    tree.replace(String(name), with: "  name: A renamed service", in: "services.yaml")
                }
            ),
        ]
        for (what, edit) in edits {
            edit(&session.tree)
            let report = session.tree.check()
            guard report.errorCount == 0 else {
                Issue.record("\(what): the fixture does not check: \(report.diagnostics.filter { $0.severity == .error }.map(\.headline))")
                continue
            }
            #expect(try session.build() == (try session.fresh()), "\(what)")
        }
    }
}
