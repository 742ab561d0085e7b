import Foundation
import Testing

@testable import CapdocServe

@Suite("the watcher's scan of a folder")
struct FolderScanTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "capdoc-scan-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path + "/sources", withIntermediateDirectories: true)
        try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: path + "/sources/a.yaml"))
        return path
    }

    @Test("an unchanged folder scans the same")
    func unchanged() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FolderScan(folders: [root]) == FolderScan(folders: [root]))
        #expect(FolderScan(folders: [root]).files.keys.sorted() == [root + "/sources/a.yaml"])
    }

    @Test("an editor's atomic save (write aside, rename over) is a change, even at the same size")
    func atomicSave() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = FolderScan(folders: [root])
        try Data("a: 2\n".utf8).write(to: URL(fileURLWithPath: root + "/sources/.a.yaml.swp"))
        #expect(rename(root + "/sources/.a.yaml.swp", root + "/sources/a.yaml") == 0)
        #expect(FolderScan(folders: [root]) != before)
    }

    @Test("a file added or deleted in a subfolder is a change")
    func addedAndDeleted() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = FolderScan(folders: [root])
        try Data("b: 1\n".utf8).write(to: URL(fileURLWithPath: root + "/sources/b.yaml"))
        let added = FolderScan(folders: [root])
        #expect(added != before)
        try FileManager.default.removeItem(atPath: root + "/sources/b.yaml")
        #expect(FolderScan(folders: [root]) == before)
    }
}
