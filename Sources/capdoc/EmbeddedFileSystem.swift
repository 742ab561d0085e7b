import CapdocKit
import Foundation

/// The Content compiled into the binary, read as a file system: files by path, folders implied by
/// the paths, no links. Read-only, and listed once when it is made: the loader asks for a folder's
/// entries a few times per load.
struct EmbeddedFileSystem: FileSystem {
    private let files: [String: Data]
    private let folders: [String: [String]]

    init(files: [(path: String, contents: Data)]) {
        self.files = Dictionary(files, uniquingKeysWith: { _, last in last })
        var entries: [String: Set<String>] = [:]
        for path in self.files.keys {
            var components = path.split(separator: "/").map(String.init)
            while components.count > 1 {
                let name = components.removeLast()
                entries[components.joined(separator: "/"), default: []].insert(name)
            }
        }
        folders = entries.mapValues { $0.sorted() }
    }

    func contents(of path: String) -> Data? { files[path] }
    func entries(of directory: String) -> [String]? { folders[directory.hasSuffix("/") ? String(directory.dropLast()) : directory] }
    func isDirectory(_ path: String) -> Bool { entries(of: path) != nil }
    func isSymbolicLink(_ path: String) -> Bool { false }
    func size(of path: String) -> Int? { files[path]?.count }
}
