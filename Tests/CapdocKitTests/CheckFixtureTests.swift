import Foundation
import Testing
@testable import CapdocKit

/// One fixture folder per check under `Fixtures/checks/<check-id>[--variant]/`: files laid over the base
/// fixture (a file named `NAME.remove` removes NAME; `NAME.symlink` makes NAME a symbolic link), and `expected.txt`, the exact diagnostics the
/// check run must produce, one `path:line:col: severity [check-id]` per line.
struct CheckFixture: CustomTestStringConvertible, Sendable {
    let name: String
    let folder: URL

    /// The folder name up to `--`: the check the fixture is for.
    var checkID: String { name.components(separatedBy: "--")[0] }
    var testDescription: String { name }

    static var all: [CheckFixture] {
        let folder = Paths.fixtures.appendingPathComponent("checks")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { CheckFixture(name: $0, folder: folder.appendingPathComponent($0)) }
    }

    func tree() -> FixtureTree {
        var tree = FixtureTree.base()
        let manager = FileManager.default
        let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            if relative == "expected.txt" { continue }
            if relative.hasSuffix(".remove") {
                tree.remove(String(relative.dropLast(".remove".count)))
            } else if relative.hasSuffix(".symlink") {
                let path = FixtureTree.root + "/" + relative.dropLast(".symlink".count)
                tree.fileSystem.files[path] = try? Data(contentsOf: url)
                tree.fileSystem.symbolicLinks.insert(path)
            } else if relative.hasPrefix("archives/") {
                tree.fileSystem.files[relative] = try? Data(contentsOf: url)
            } else {
                tree.fileSystem.files[FixtureTree.root + "/" + relative] = try? Data(contentsOf: url)
            }
        }
        return tree
    }

    func expected() -> [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

@Suite("Check fixtures")
struct CheckFixtureTests {
    @Test("The base fixture is clean")
    func baseIsClean() {
        let report = FixtureTree.base().check()
        #expect(report.diagnostics.map(\.headline) == [])
    }

    @Test("Each fixture produces exactly its expected diagnostics", arguments: CheckFixture.all)
    func fixture(_ fixture: CheckFixture) {
        let report = fixture.tree().check()
        let expected = fixture.expected()
        #expect(!expected.isEmpty, "fixture \(fixture.name) expects nothing")
        #expect(report.diagnostics.map(\.headline).sorted() == expected.sorted())
        #expect(report.diagnostics.contains { $0.checkID == fixture.checkID }, "\(fixture.checkID) did not fire")
    }

    @Test("Every registered check has a fixture that makes it fire")
    func everyCheckHasAFixture() {
        let covered = Set(CheckFixture.all.map(\.checkID))
        let missing = CheckRegistry.all.map { $0.id }.filter { !covered.contains($0) }
        #expect(missing == [])
    }
}
