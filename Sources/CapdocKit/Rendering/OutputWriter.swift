import Foundation

/// Puts rendered files on disk atomically: everything is written into a fresh folder beside the
/// output, which then replaces the output in two renames. A failure at any point leaves the
/// previous output as it was. A folder is only ever replaced if capdoc made it (it holds the marker
/// file); nothing outside the output folder is written or deleted.
public struct OutputWriter: Sendable {
    /// The file that marks a folder as capdoc's output, so that a build never deletes anything else.
    public static let marker = ".capdoc-output"

    public enum Failure: Error, CustomStringConvertible {
        case notOurs(String)
        case unsafePath(String)
        case io(String)

        public var description: String {
            switch self {
            case let .notOurs(path): "refusing to replace '\(path)': it is not empty and was not made by capdoc (no \(OutputWriter.marker) file)"
            case let .unsafePath(path): "refusing to write '\(path)': it would leave the output folder"
            case let .io(message): message
            }
        }
    }

    public init() {}

    /// Writes `files` as the new contents of `output`; returns the number of bytes written.
    @discardableResult
    public func write(_ files: [OutputFile], to output: String) throws -> Int {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: output).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        try ensureReplaceable(target)
        let suffix = "\(ProcessInfo.processInfo.processIdentifier)"
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).capdoc-new-\(suffix)")
        let retired = parent.appendingPathComponent(".\(target.lastPathComponent).capdoc-old-\(suffix)")
        var bytes = 0
        do {
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files.sorted(by: { $0.path < $1.path }) {
                let destination = try Self.resolve(file.path, in: staging)
                try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: destination)
                bytes += file.contents.count
            }
            try Data("capdoc \(Capdoc.version)\n".utf8).write(to: staging.appendingPathComponent(Self.marker))
            if manager.fileExists(atPath: target.path) {
                try manager.moveItem(at: target, to: retired)
            }
            try manager.moveItem(at: staging, to: target)
            try? manager.removeItem(at: retired)
        } catch let failure as Failure {
            try? manager.removeItem(at: staging)
            throw failure
        } catch {
            try? manager.removeItem(at: staging)
            // Put the previous output back if it was moved aside and the new one did not land.
            if !manager.fileExists(atPath: target.path), manager.fileExists(atPath: retired.path) {
                try? manager.moveItem(at: retired, to: target)
            }
            throw Failure.io("cannot write '\(output)': \(error.localizedDescription)")
        }
        return bytes
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
