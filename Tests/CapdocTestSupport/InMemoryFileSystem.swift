import CapdocKit
import Foundation

/// Files held in memory, keyed by path; folders are implied by the paths. Fixtures lay their
/// overlays, removals and links on it.
public struct InMemoryFileSystem: FileSystem {
    public var files: [String: Data]
    /// Paths that stand for symbolic links (their target does not matter: links are refused).
    public var symbolicLinks: Set<String> = []

    public init(files: [String: String] = [:]) {
        self.files = files.mapValues { Data($0.utf8) }
    }

    public mutating func write(_ text: String, to path: String) {
        files[path] = Data(text.utf8)
    }

    public func contents(of path: String) -> Data? { files[path] }

    public func entries(of directory: String) -> [String]? {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var names = Set<String>()
        for path in files.keys where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let first = rest.split(separator: "/").first { names.insert(String(first)) }
        }
        return names.isEmpty ? nil : names.sorted()
    }

    public func isDirectory(_ path: String) -> Bool { entries(of: path) != nil }

    public func isSymbolicLink(_ path: String) -> Bool { symbolicLinks.contains(path) }

    public func size(of path: String) -> Int? { files[path]?.count }
}
