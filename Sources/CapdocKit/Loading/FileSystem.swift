import CapdocFiles
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// What the loader needs from a file system: the disk, or files held in memory (the Content compiled
/// into the command, the tests' fixtures).
public protocol FileSystem: Sendable {
    /// The file's bytes, or nil when it does not exist or is not a regular file.
    func contents(of path: String) -> Data?
    /// The file's bytes if it has at most `limit` of them, checked before it is read: how every
    /// input (Content files, archives) is read.
    func contents(of path: String, limit: Int) -> Result<Data, BoundedFileReader.Failure>
    /// Names (not paths) of the entries of a folder, sorted; nil when it is not a folder.
    func entries(of directory: String) -> [String]?
    func isDirectory(_ path: String) -> Bool
    /// Whether the path is a symbolic link (links are refused: Content must not lead elsewhere).
    func isSymbolicLink(_ path: String) -> Bool
    /// The file's size in bytes, without reading it; nil when it does not exist.
    func size(of path: String) -> Int?
}

public extension FileSystem {
    /// For file systems held in memory: as on disk, the size is checked before the bytes are taken,
    /// so that a wrapper recording reads sees the same reads as on disk.
    func contents(of path: String, limit: Int) -> Result<Data, BoundedFileReader.Failure> {
        if let size = size(of: path), size > limit { return .failure(.tooLarge(size: size)) }
        guard let data = contents(of: path) else { return .failure(size(of: path) == nil ? .missing : .notRegularFile) }
        return data.count <= limit ? .success(data) : .failure(.tooLarge(size: data.count))
    }

    /// Whether a file is there, without reading it (it may be too large to read).
    func fileExists(_ path: String) -> Bool { size(of: path) != nil && !isDirectory(path) }
}

/// Joins path components with `/`, without resolving anything.
func joinPath(_ base: String, _ component: String) -> String {
    if base.isEmpty || base == "." { return component }
    return base.hasSuffix("/") ? base + component : base + "/" + component
}

/// The real file system.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func contents(of path: String) -> Data? {
        // Only regular files are opened (after links, which the loader refuses before reading):
        // opening a FIFO would wait for a writer, a device could be endless.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Read by capdoc's one bounded reader: the size checked on the open file, the read stopped at
    /// the limit, nothing waited on, and a link never followed — the loader and the templates refuse
    /// links before reading, and this keeps a link swapped in after that look from being read.
    public func contents(of path: String, limit: Int) -> Result<Data, BoundedFileReader.Failure> {
        Result { () throws(BoundedFileReader.Failure) in
            try BoundedFileReader.read(path, limit: limit, followingLinks: false, as: Data.self)
        }
    }

    public func entries(of directory: String) -> [String]? {
        guard isDirectory(directory) else { return nil }
        return (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted()
    }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return false }
        return attributes[.type] as? FileAttributeType == .typeSymbolicLink
    }

    public func size(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
}
