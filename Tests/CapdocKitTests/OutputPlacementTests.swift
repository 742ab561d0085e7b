import Foundation
import Testing
@testable import CapdocKit

/// Where a build may write, and what it never writes through (issue 15): the root, links, the
/// folders it reads, planted lock files and staging names, a foreign folder swapped in mid-build.
@Suite("Output placement and planted paths")
struct OutputPlacementTests {
    let manager = FileManager.default
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-placement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func entries(_ folder: URL) throws -> [String] { try manager.contentsOfDirectory(atPath: folder.path).sorted() }

    @Test("the root of the file system is refused before anything is written, even the lock")
    func rootRefused() throws {
        defer { try? manager.removeItem(at: root) }
        let before = try entries(URL(fileURLWithPath: "/"))
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter().write([OutputFile(path: "x", text: "x")], to: "/") }
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter().write([OutputFile(path: "x", text: "x")], to: "/tmp/..") }
        #expect(try entries(URL(fileURLWithPath: "/")) == before)
    }

    @Test("an output inside a folder the build reads, or holding one, is refused; nothing is written")
    func inputsProtected() throws {
        defer { try? manager.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try manager.createDirectory(at: content, withIntermediateDirectories: true)
        let writer = OutputWriter(inputs: [content.path])
        for output in [content.path, content.appendingPathComponent("site").path, root.path, root.appendingPathComponent("Content/../Content/x").path] {
            #expect(throws: OutputWriter.Failure.self, "\(output)") { try writer.write([OutputFile(path: "x", text: "x")], to: output) }
        }
        // Another spelling of the same folder, through a link, is the same folder.
        let alias = root.appendingPathComponent("alias")
        try manager.createSymbolicLink(at: alias, withDestinationURL: content)
        #expect(throws: OutputWriter.Failure.self) { try writer.write([OutputFile(path: "x", text: "x")], to: alias.appendingPathComponent("site").path) }
        #expect(try entries(root) == ["Content", "alias"])
        #expect(try entries(content) == [])
        try writer.write([OutputFile(path: "x", text: "x")], to: root.appendingPathComponent("_site").path)
    }

    @Test("an output that is a symbolic link is refused, and what it leads to is untouched")
    func outputLinkRefused() throws {
        defer { try? manager.removeItem(at: root) }
        let victim = root.appendingPathComponent("victim")
        try manager.createDirectory(at: victim, withIntermediateDirectories: true)
        let output = root.appendingPathComponent("_site")
        try manager.createSymbolicLink(at: output, withDestinationURL: victim)
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter().write([OutputFile(path: "x", text: "x")], to: output.path) }
        #expect(try entries(victim) == [])
        #expect(try entries(root) == ["_site", "victim"])
    }

    @Test("a link planted at the lock file's name is never followed: its target is not created")
    func plantedLockLink() throws {
        defer { try? manager.removeItem(at: root) }
        let victim = root.appendingPathComponent("victim-profile")
        let output = root.appendingPathComponent("_site")
        try manager.createSymbolicLink(at: root.appendingPathComponent("._site.capdoc-lock"), withDestinationURL: victim)
        try OutputWriter().write([OutputFile(path: "x", text: "x")], to: output.path)
        #expect(!manager.fileExists(atPath: victim.path), "the dangling link did not create its target")
        let lock = try #require(SystemCall.status(of: root.appendingPathComponent("._site.capdoc-lock").path))
        #expect(SystemCall.isRegularFile(lock), "the link was replaced by a lock file of the builder's")
    }

    @Test("a lock file of another user's is replaced, not used", .enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func foreignLockFile() throws {
        defer { try? manager.removeItem(at: root) }
        let lock = root.appendingPathComponent("._site.capdoc-lock")
        try Data().write(to: lock)
        #expect(chown(lock.path, 65534, 65534) == 0)
        try OutputWriter().write([OutputFile(path: "x", text: "x")], to: root.appendingPathComponent("_site").path)
        #expect(SystemCall.status(of: lock.path)?.st_uid == geteuid())
    }

    @Test("links planted at staging-like names lead nowhere: the build neither writes nor deletes through them")
    func plantedStagingLinks() throws {
        defer { try? manager.removeItem(at: root) }
        let victim = root.appendingPathComponent("home")
        try manager.createDirectory(at: victim, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: victim.appendingPathComponent(".profile"))
        for name in ["._site.capdoc-new-\(getpid())", "._site.capdoc-new-AAAAAA", "._site.capdoc-old-AAAAAA"] {
            try manager.createSymbolicLink(at: root.appendingPathComponent(name), withDestinationURL: victim)
        }
        let output = root.appendingPathComponent("_site")
        try OutputWriter().write([OutputFile(path: "page.html", text: "new")], to: output.path)
        #expect(try entries(victim) == [".profile"])
        #expect(try String(contentsOf: victim.appendingPathComponent(".profile"), encoding: .utf8) == "mine")
        #expect(try entries(root) == ["._site.capdoc-lock", "_site", "home"], "the planted links are gone, nothing else is left")
    }

    @Test("a private output stays private when rebuilt; a new one gets the usual permissions")
    func modeKept() throws {
        defer { try? manager.removeItem(at: root) }
        let output = root.appendingPathComponent("_site")
        try OutputWriter().write([OutputFile(path: "x", text: "1")], to: output.path)
        #expect(try #require(SystemCall.status(of: output.path)).st_mode & 0o7777 == SystemCall.defaultFolderMode())
        chmod(output.path, 0o700)
        try OutputWriter().write([OutputFile(path: "x", text: "2")], to: output.path)
        #expect(try #require(SystemCall.status(of: output.path)).st_mode & 0o7777 == 0o700)
    }

    @Test("a foreign folder put at the output's name during the build is left there, whole")
    func foreignFolderDuringBuild() throws {
        defer { try? manager.removeItem(at: root) }
        let output = root.appendingPathComponent("_site")
        try OutputWriter().write([OutputFile(path: "x", text: "1")], to: output.path)
        #expect(throws: OutputWriter.Failure.self) {
            try OutputWriter().write(to: output.path) { sink in
                try sink.write(OutputFile(path: "x", text: "2"))
                // Someone replaces the output with their own folder while the build renders.
                try manager.removeItem(at: output)
                try manager.createDirectory(at: output, withIntermediateDirectories: true)
                try Data("precious".utf8).write(to: output.appendingPathComponent("notes.txt"))
            }
        }
        #expect(try entries(output) == ["notes.txt"])
        #expect(try entries(root) == ["._site.capdoc-lock", "_site"], "no staging folder is left")
    }

    @Test("a previous output left aside by a swap killed between its two renames is put back by the next build")
    func recoveryAfterTwoStepSwap() throws {
        defer { try? manager.removeItem(at: root) }
        let output = root.appendingPathComponent("_site")
        try OutputWriter().write([OutputFile(path: "x", text: "previous")], to: output.path)
        // What a kill between the fallback's renames leaves: the output aside, the new one staged.
        try manager.moveItem(at: output, to: root.appendingPathComponent("._site.capdoc-old-Q1w2E3"))
        try manager.createDirectory(at: root.appendingPathComponent("._site.capdoc-new-Q1w2E3"), withIntermediateDirectories: true)
        let placement = try OutputPlacement(output.path, inputs: [])
        FolderSwap.recover(beside: placement)
        #expect(try String(contentsOf: output.appendingPathComponent("x"), encoding: .utf8) == "previous")
        #expect(try entries(root) == ["._site.capdoc-lock", "_site"])
    }
}
