import Foundation

/// Puts rendered files on disk atomically. Everything is written into a fresh folder beside the
/// output (`StagingFolder`), which then replaces the output (`FolderSwap`): at every moment — even
/// under `kill -9` — the output name holds either the previous build or the new one, complete, on
/// file systems with an atomic exchange (see `FolderSwap` for the others). A lock beside the output
/// (`BuildLock`) makes a second build into the same folder fail clearly instead of racing. A folder
/// is only ever replaced if capdoc made it (it holds the marker file) or it is empty; nothing outside
/// the output folder is written or deleted except capdoc's own lock, staging and retired folders
/// beside it, and nothing is created through a link. Where the output may go is checked before
/// anything is written (`OutputPlacement`).
public struct OutputWriter: Sendable {
    /// The file that marks a folder as capdoc's output, so that a build never deletes anything else.
    static let marker = ".capdoc-output"

    enum Failure: Error, CustomStringConvertible {
        case notOurs(String)
        case unsafePath(String)
        case busy(String)
        case io(String)
        case writtenTwice(String)
        case placement(String, String)
        case interrupted
        case foreignMovedAside(target: String, now: String)

        public var description: String {
            switch self {
            case let .notOurs(path): "refusing to replace '\(path)': it is not empty and was not made by capdoc (no \(OutputWriter.marker) file)"
            case let .unsafePath(path): "refusing to write '\(path)': it would leave the output folder"
            case let .busy(path): "another capdoc build is writing '\(path)' right now; try again when it has finished"
            case let .io(message): message
            case let .writtenTwice(path): "two pages would both be written to '\(path)' (their ids give the same file name); rename one of them"
            case let .placement(path, reason): "refusing to build into '\(path)': \(reason)"
            case .interrupted: "the build was interrupted"
            case let .foreignMovedAside(target, now): "a folder not made by capdoc was put at '\(target)' during the build; it is now at '\(now)', untouched"
            }
        }
    }

    /// The folders the build reads (Content, templates): the output may not be inside them or hold them.
    public var inputs: [String]

    public init(inputs: [String] = []) { self.inputs = inputs }

    /// What a build wrote.
    public struct Written: Sendable {
        public var files: Int
        public var bytes: Int
    }

    /// Throws unless `output` is a place this writer may build into (see `OutputPlacement`); writes nothing.
    func checkPlacement(of output: String) throws {
        _ = try OutputPlacement(output, inputs: inputs)
    }

    /// Puts back a previous output that a build killed mid-swap left aside (see `FolderSwap`), so
    /// that even a build that then writes nothing leaves the output as it was. Skipped while another
    /// build holds the lock: that build recovers it itself.
    func recoverPreviousOutput(_ output: String) throws {
        let placement = try OutputPlacement(output, inputs: inputs)
        guard SystemCall.status(of: placement.target.path) == nil, FolderSwap.hasOutputAside(placement),
            let lock = try? BuildLock(beside: placement, creatingFolders: false)
        else { return }
        defer { lock.release() }
        FolderSwap.recover(beside: placement)
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
        let placement = try OutputPlacement(output, inputs: inputs)
        let target = placement.target.path
        let lock = try BuildLock(beside: placement)
        defer { lock.release() }
        FolderSwap.recover(beside: placement)
        try FolderSwap.ensureOurs(existingOrAbsent: target)
        let previous = SystemCall.status(of: target)
        let mode = previous.map { $0.st_mode & 0o7777 } ?? SystemCall.defaultFolderMode()

        let staging = try StagingFolder(beside: placement)
        let interrupts = InterruptCleanup(staging: staging)
        defer { interrupts.disarm() }
        do {
            try produce(staging)
            let written = staging.written  // the marker is capdoc's, not a file of the build
            try staging.write(OutputFile(path: Self.marker, text: "capdoc \(Capdoc.version)\n"))
            try staging.finish(mode: mode, group: previous?.st_gid)
            let retired = staging.path.replacingOccurrences(of: placement.siblingPrefix + "new-", with: placement.siblingPrefix + "old-")
            try interrupts.whileSwapping { try FolderSwap.swapIn(staging.path, as: target, retiredName: retired) }
            return written
        } catch let failure as Failure {
            // A foreign folder that ended up at the staging name is left alone, never removed.
            if case .foreignMovedAside = failure {} else { interrupts.removeAfterFailure(staging) }
            throw failure
        } catch {
            interrupts.removeAfterFailure(staging)
            throw Failure.io("cannot write '\(output)': \(error.localizedDescription)")
        }
    }

    /// The components of a relative output path, refusing anything that would leave the output folder.
    static func components(of relative: String) throws -> [String] {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relative.hasPrefix("/"), !components.isEmpty,
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
        else {
            throw Failure.unsafePath(relative)
        }
        return components
    }
}
