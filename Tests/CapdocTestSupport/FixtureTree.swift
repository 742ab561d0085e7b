import CapdocKit
import Foundation

/// A Content tree in memory: a folder on disk copied under `Content/`, with overlays and removals,
/// so that each test states only what it changes.
public struct FixtureTree {
    public var fileSystem = InMemoryFileSystem()
    public init() {}
    public static let root = "Content"
    public static let archives = "archives"

    /// The base fixture: a small valid Content tree, and its archive.
    public static func base() -> FixtureTree {
        var tree = FixtureTree()
        tree.copy(Paths.fixtures.appendingPathComponent("base"), to: root)
        tree.copy(Paths.fixtures.appendingPathComponent("archives"), to: archives)
        return tree
    }

    /// The shipped Content.
    public static func shipped() -> FixtureTree {
        var tree = FixtureTree()
        tree.copy(Paths.content, to: root)
        return tree
    }

    public mutating func copy(_ folder: URL, to prefix: String) {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            fileSystem.files[prefix + "/" + relative] = try? Data(contentsOf: url)
        }
    }

    public mutating func write(_ text: String, to relative: String) {
        fileSystem.write(text, to: Self.root + "/" + relative)
    }

    public mutating func remove(_ relative: String) {
        fileSystem.files[Self.root + "/" + relative] = nil
    }

    /// Removes every file under a folder of the tree.
    public mutating func removeFolder(_ relative: String) {
        let prefix = Self.root + "/" + relative + "/"
        for path in fileSystem.files.keys where path.hasPrefix(prefix) { fileSystem.files[path] = nil }
    }

    public func text(_ relative: String) -> String {
        String(decoding: fileSystem.files[Self.root + "/" + relative] ?? Data(), as: UTF8.self)
    }

    /// Replaces the first occurrence of `old` in a file; fails loudly when it is not there.
    public mutating func replace(_ old: String, with new: String, in relative: String) {
        let current = text(relative)
        precondition(current.contains(old), "fixture edit: '\(old)' not found in \(relative)")
        write(current.replacingOccurrences(of: old, with: new, options: [], range: current.range(of: old)), to: relative)
    }

    /// Removes the YAML list entry (`- id: …` and its indented lines) whose mapping starts at `location`.
    public mutating func removeListEntry(at location: CapdocKit.SourceLocation) throws {
        let relative = String(location.path.dropFirst(Self.root.count + 1))
        var lines = text(relative).split(separator: "\n", omittingEmptySubsequences: false)
        let first = location.line - 1
        // The mapping's first key follows the entry's dash: `- id:` has its dash two columns before.
        let dash = location.column - 3
        guard dash >= 0, lines.indices.contains(first), lines[first].dropFirst(dash).hasPrefix("- ") else {
            throw FixtureError.noListEntry("\(location)")
        }
        // The entry ends before the next line that is neither blank nor indented past its dash.
        var end = first + 1
        while end < lines.count, lines[end].isEmpty || lines[end].prefix(dash + 1).allSatisfy({ $0 == " " }) { end += 1 }
        lines.removeSubrange(first..<end)
        write(lines.joined(separator: "\n"), to: relative)
    }

    public enum FixtureError: Error { case noListEntry(String) }

    public func check(archives: Bool = true) -> Checker.Report {
        let library = archives ? ArchiveLibrary(folder: Self.archives, fileSystem: fileSystem) : nil
        return Checker(fileSystem: fileSystem, archives: library).check(contentAt: Self.root)
    }
}

extension Diagnostic {
    /// `Content/sources/x.yaml:12:5: error [check-id]`: what fixtures expect, without the wording.
    public var headline: String { "\(location): \(severity.rawValue) [\(checkID)]" }
}
