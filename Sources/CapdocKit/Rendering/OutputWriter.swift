import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts rendered files on disk atomically. Everything is written into a fresh folder beside the
/// output, which is then swapped with the output in one system call (renameat2 RENAME_EXCHANGE), so
/// that at every moment — even under `kill -9` — the output name holds either the previous build or
/// the new one, complete. A lock beside the output makes a second build into the same folder wait
/// for nothing and fail clearly. A folder is only ever replaced if capdoc made it (it holds the
/// marker file); nothing outside the output folder is written or deleted except capdoc's own
/// staging folder and lock file beside it.
public struct OutputWriter: Sendable {
    /// The file that marks a folder as capdoc's output, so that a build never deletes anything else.
    public static let marker = ".capdoc-output"

    public enum Failure: Error, CustomStringConvertible {
        case notOurs(String)
        case unsafePath(String)
        case busy(String)
        case io(String)
        case writtenTwice(String)

        public var description: String {
            switch self {
            case let .notOurs(path): "refusing to replace '\(path)': it is not empty and was not made by capdoc (no \(OutputWriter.marker) file)"
            case let .unsafePath(path): "refusing to write '\(path)': it would leave the output folder"
            case let .busy(path): "another capdoc build is writing '\(path)' right now; try again when it has finished"
            case let .io(message): message
            case let .writtenTwice(path): "two pages would both be written to '\(path)' (their ids give the same file name); rename one of them"
            }
        }
    }

    public init() {}

    /// What a build wrote.
    public struct Written: Sendable {
        public var files: Int
        public var bytes: Int
    }

    /// Writes `files` as the new contents of `output`.
    @discardableResult
    public func write(_ files: [OutputFile], to output: String) throws -> Written {
        try write(to: output) { sink in
            for file in files { try sink.write(file) }
        }
    }

    /// Makes what `produce` writes into its sink the new contents of `output`, once `produce` has
    /// returned. Files go to disk as they arrive, from any thread, so that a build never holds its
    /// whole output in memory.
    @discardableResult
    public func write(to output: String, _ produce: (any FileSink) throws -> Void) throws -> Written {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: output).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let lock = try BuildLock(beside: target)
        defer { lock.release() }
        try ensureReplaceable(target)
        removeLeftovers(of: target)

        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).capdoc-new-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            let sink = StagingSink(folder: staging)
            try produce(sink)
            try Data("capdoc \(Capdoc.version)\n".utf8).write(to: staging.appendingPathComponent(Self.marker))
            try swapIn(staging, as: target)
            return sink.written
        } catch let failure as Failure {
            try? manager.removeItem(at: staging)
            throw failure
        } catch {
            try? manager.removeItem(at: staging)
            throw Failure.io("cannot write '\(output)': \(error.localizedDescription)")
        }
    }

    /// Makes `staging` the output. With an existing output the two are exchanged atomically and the
    /// old one (now under the staging name) is removed; without one, a plain rename is atomic.
    private func swapIn(_ staging: URL, as target: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: target.path) else {
            try manager.moveItem(at: staging, to: target)
            return
        }
        if capdoc_exchange_paths(staging.path, target.path) == 0 {
            try manager.removeItem(at: staging)
            return
        }
        // The file system cannot exchange: fall back to two renames (a short window without the output).
        let retired = staging.deletingLastPathComponent().appendingPathComponent(staging.lastPathComponent.replacingOccurrences(of: "-new-", with: "-old-"))
        try manager.moveItem(at: target, to: retired)
        do {
            try manager.moveItem(at: staging, to: target)
        } catch {
            try? manager.moveItem(at: retired, to: target)
            throw error
        }
        try? manager.removeItem(at: retired)
    }

    /// Staging folders of builds that were killed; safe to remove while holding the lock.
    private func removeLeftovers(of target: URL) {
        let manager = FileManager.default
        let parent = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).capdoc-"
        for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix(prefix) && (name.contains("-new-") || name.contains("-old-")) {
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The output may be replaced if it does not exist, is an empty folder, or carries the marker.
    func ensureReplaceable(_ target: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw Failure.notOurs(target.path) }
        let entries = (try? manager.contentsOfDirectory(atPath: target.path)) ?? []
        if entries.isEmpty || manager.fileExists(atPath: target.appendingPathComponent(Self.marker).path) { return }
        throw Failure.notOurs(target.path)
    }

    /// The absolute location of a relative output path, refusing anything that would leave `folder`.
    static func resolve(_ relative: String, in folder: URL) throws -> URL {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !components.isEmpty,
              components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
            throw Failure.unsafePath(relative)
        }
        return components.reduce(folder) { $0.appendingPathComponent(String($1)) }
    }
}

/// Writes files into the staging folder, creating each folder once; safe from any thread.
private final class StagingSink: FileSink, @unchecked Sendable {
    let folder: URL
    private var createdFolders: Set<String> = []
    /// Paths written so far: two pages with one path would otherwise race, the output depending on which came last.
    private var paths: Set<String> = []
    private var files = 0
    private var bytes = 0
    private let lock = NSLock()

    init(folder: URL) { self.folder = folder }

    var written: OutputWriter.Written { lock.withLock { OutputWriter.Written(files: files, bytes: bytes) } }

    func write(_ file: OutputFile) throws {
        let destination = try OutputWriter.resolve(file.path, in: folder)
        let parent = destination.deletingLastPathComponent()
        try lock.withLock {
            guard paths.insert(file.path).inserted else { throw OutputWriter.Failure.writtenTwice(file.path) }
            if createdFolders.insert(parent.path).inserted {
                try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            }
        }
        try file.contents.write(to: destination)
        lock.withLock { files += 1; bytes += file.contents.count }
    }
}

/// An exclusive lock on a file beside the output (flock: released by the kernel if the build dies).
struct BuildLock {
    private let descriptor: Int32

    init(beside target: URL) throws {
        let path = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).capdoc-lock").path
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputWriter.Failure.io("cannot create the lock file '\(path)': \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw OutputWriter.Failure.busy(target.path)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
