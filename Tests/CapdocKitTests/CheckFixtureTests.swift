import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// One fixture folder per check under `Fixtures/checks/<check-id>[--variant]/`: files laid over the base
/// fixture (a file named `NAME.remove` removes NAME; `NAME.symlink` makes NAME a symbolic link), and `expected.txt`, the exact diagnostics the
/// check run must produce, one `path:line:col: severity [check-id]` per line, each optionally followed
/// by its message on the next line, indented by two spaces (`CAPDOC_RECORD=1` writes them all).
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

    /// One diagnostic the fixture expects: its headline, and its message when the file gives one.
    struct Expectation: Equatable, CustomStringConvertible {
        var headline: String
        var message: String?
        var description: String { headline + (message.map { "\n  " + $0 } ?? "") }
    }

    var expectedFile: URL { folder.appendingPathComponent("expected.txt") }

    /// The expectations, in file order. A message line belongs to the headline just above it.
    func expected() -> [Expectation] {
        let text = (try? String(contentsOf: expectedFile, encoding: .utf8)) ?? ""
        var result: [Expectation] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("  "), !result.isEmpty, result[result.count - 1].message == nil {
                result[result.count - 1].message = String(line.dropFirst(2))
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                result.append(Expectation(headline: line.trimmingCharacters(in: .whitespaces)))
            }
        }
        return result
    }

    /// Rewrites expected.txt with every diagnostic's headline and message, keeping the comment lines
    /// at the top: what `CAPDOC_RECORD=1` does, to be read in the diff before it is committed.
    func record(_ diagnostics: [Diagnostic]) throws {
        let text = (try? String(contentsOf: expectedFile, encoding: .utf8)) ?? ""
        let comments = text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map { $0 + "\n" }.joined()
        let lines = diagnostics.map { Expectation(headline: $0.headline, message: $0.message) }
            .sorted { $0.headline < $1.headline }.map { $0.description + "\n" }.joined()
        try (comments + lines).write(to: expectedFile, atomically: true, encoding: .utf8)
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
        if ProcessInfo.processInfo.environment["CAPDOC_RECORD"] == "1" { try? fixture.record(report.diagnostics) }
        let expected = fixture.expected()
        #expect(!expected.isEmpty, "fixture \(fixture.name) expects nothing")
        #expect(report.diagnostics.map(\.headline).sorted() == expected.map(\.headline).sorted())
        // Where the fixture gives a message, the diagnostic at that headline has exactly that text.
        for expectation in expected {
            guard let message = expectation.message else { continue }
            let found = report.diagnostics.filter { $0.headline == expectation.headline }.map(\.message)
            #expect(found.contains(message), "\(expectation.headline): expected message \(message), got \(found)")
        }
        #expect(report.diagnostics.contains { $0.checkID.rawValue == fixture.checkID }, "\(fixture.checkID) did not fire")
    }

    @Test("Every registered check has a fixture that makes it fire")
    func everyCheckHasAFixture() {
        let covered = Set(CheckFixture.all.map(\.checkID))
        let missing = CheckRegistry.all.map { $0.id.rawValue }.filter { !covered.contains($0) }
        #expect(missing == [])
    }
}
