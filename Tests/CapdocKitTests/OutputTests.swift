import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

@Suite("Outputs")
struct OutputTests {
    func compiledBase() -> CompiledModel {
        let report = FixtureTree.base().check()
        return CompiledModel(model: report.model, merge: report.merge)
    }

    static let builder = Builder(templates: Paths.package.appendingPathComponent("Templates").path)

    @Test("each format of the base fixture matches its golden files", arguments: OutputFormat.allCases)
    func golden(_ format: OutputFormat) throws {
        let builder = Builder(formats: [format], templates: Self.builder.templates)
        try Golden.compare(try builder.render(compiledBase()), folder: "base-\(format.rawValue)")
    }

    @Test("two renderings of the same Content are byte-identical")
    func deterministic() throws {
        let first = try Self.builder.render(compiledBase())
        let second = try Self.builder.render(compiledBase())
        #expect(first == second)
        let shipped = FixtureTree.shipped().check(archives: false)
        let compiled = CompiledModel(model: shipped.model, merge: shipped.merge)
        #expect(try Self.builder.render(compiled) == (try Self.builder.render(compiled)))
    }

    @Test("pages are known by ref before they are built: the same refs, and the man names SEE ALSO uses")
    func pageSources() throws {
        let shipped = FixtureTree.shipped().check(archives: false)
        let input = RenderInput(CompiledModel(model: shipped.model, merge: shipped.merge))
        let pages = input.pages
        #expect(pages.map(\.ref) == input.pageSources.map(\.ref))
        #expect(pages.filter { $0.manName != nil }.count > 20)
        for page in pages {
            #expect(PageContext.manName(for: page.ref, overview: ManPageNames.overview(shipped.model.vocabulary.domain)) == page.manName, "\(page.ref)")
            #expect(input.page(page.ref) == page)
        }
    }

    @Test("every man page in section 7 is named capdoc-…, and so is every page SEE ALSO names")
    func manNamesArePrefixed() throws {
        let shipped = FixtureTree.shipped().check(archives: false)
        let files = try Builder(formats: [.man], templates: Self.builder.templates).render(CompiledModel(model: shipped.model, merge: shipped.merge))
        let section7 = files.filter { $0.path.hasPrefix("man/man7/") }
        #expect(section7.count > 20)
        for file in section7 {
            #expect(file.path.hasPrefix("man/man7/capdoc-"), "\(file.path)")
            let text = String(decoding: file.contents, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix(".BR ") {
                #expect(line.hasPrefix(".BR capdoc\\-"), "\(file.path): \(line)")
            }
        }
    }

    @Test("a page made saying that its first block repeats its description says so truly: man leaves out what it would have found")
    func leadRepeatsDescription() throws {
        let shipped = FixtureTree.shipped().check(archives: false)
        let input = RenderInput(CompiledModel(model: shipped.model, merge: shipped.merge))
        let marked = input.pages.filter { $0.leadRepeatsDescription != nil }
        #expect(marked.count > 20)
        for page in marked {
            var unmarked = page
            unmarked.leadRepeatsDescription = nil
            #expect(ManRenderer.withoutRepeatedDescription(page).blocks == ManRenderer.withoutRepeatedDescription(unmarked).blocks, "\(page.ref)")
        }
    }

    @Test("a build streamed to disk writes exactly the files rendered in memory")
    func streamedBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = FixtureTree.base()
        let outcome = try Self.builder.build(contentAt: FixtureTree.root, into: folder.path, checker: Checker(fileSystem: tree.fileSystem))
        let written = try #require(outcome.written)
        let files = try Self.builder.render(compiledBase())
        #expect(written.files == files.count)
        #expect(written.bytes == files.reduce(0) { $0 + $1.contents.count })
        for file in files {
            #expect(try Data(contentsOf: folder.appendingPathComponent(file.path)) == file.contents, "\(file.path)")
        }
    }

    @Test("two files with one path are an error, not a race between the threads writing them: nothing is written")
    func onePathTwice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-twice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: OutputWriter.Failure.self) {
            try OutputWriter().write([OutputFile(path: "man/man7/x.7", text: "1"), OutputFile(path: "man/man7/x.7", text: "2")], to: folder.path)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("the writer replaces its own output atomically and refuses folders it did not make")
    func atomicWriter() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("capdoc-writer-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        let output = root.appendingPathComponent("_site")
        let writer = OutputWriter()

        try writer.write([OutputFile(path: "a/one.txt", text: "1")], to: output.path)
        #expect(try String(contentsOf: output.appendingPathComponent("a/one.txt"), encoding: .utf8) == "1")
        try writer.write([OutputFile(path: "two.txt", text: "2")], to: output.path)
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("a/one.txt").path), "stale files are gone")
        #expect(manager.fileExists(atPath: output.appendingPathComponent("two.txt").path))

        // A path that leaves the output folder fails the whole write, and the previous output stays.
        #expect(throws: OutputWriter.Failure.self) {
            try writer.write([OutputFile(path: "ok.txt", text: "x"), OutputFile(path: "../escape.txt", text: "x")], to: output.path)
        }
        #expect(manager.fileExists(atPath: output.appendingPathComponent("two.txt").path))
        #expect(!manager.fileExists(atPath: root.appendingPathComponent("escape.txt").path))
        #expect(try manager.contentsOfDirectory(atPath: root.path).sorted() == ["._site.capdoc-lock", "_site"], "no staging folder is left behind")

        // While another build holds the lock, a second one fails clearly and writes nothing.
        let held = try BuildLock(beside: OutputPlacement(output.path, inputs: []))
        #expect(throws: OutputWriter.Failure.self) { try writer.write([OutputFile(path: "three.txt", text: "3")], to: output.path) }
        held.release()
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("three.txt").path))
        try writer.write([OutputFile(path: "three.txt", text: "3")], to: output.path)
        #expect(manager.fileExists(atPath: output.appendingPathComponent("three.txt").path), "the lock is free again")

        // A non-empty folder without the marker is never replaced.
        let foreign = root.appendingPathComponent("documents")
        try manager.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: foreign.appendingPathComponent("precious.txt"))
        #expect(throws: OutputWriter.Failure.self) { try writer.write([OutputFile(path: "x", text: "x")], to: foreign.path) }
        #expect(try String(contentsOf: foreign.appendingPathComponent("precious.txt"), encoding: .utf8) == "keep")
    }
}

/// Golden files under `Tests/CapdocKitTests/Golden/<folder>/`; `CAPDOC_RECORD=1 swift test` rewrites them.
enum Golden {
    static func compare(_ files: [OutputFile], folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let directory = Paths.golden.appendingPathComponent(folder)
        let manager = FileManager.default
        if ProcessInfo.processInfo.environment["CAPDOC_RECORD"] == "1" {
            try? manager.removeItem(at: directory)
            for file in files {
                let url = directory.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url)
            }
            return
        }
        let recorded = Set(
            (manager.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
                .filter { !((try? directory.appendingPathComponent($0).resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false) })
        #expect(recorded == Set(files.map(\.path)), "golden files differ from rendered files; record with CAPDOC_RECORD=1", sourceLocation: sourceLocation)
        for file in files {
            let expected = try? Data(contentsOf: directory.appendingPathComponent(file.path))
            #expect(expected == file.contents, "\(folder)/\(file.path) differs from its golden file", sourceLocation: sourceLocation)
        }
    }
}
