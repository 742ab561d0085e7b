import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a file beside the output (flock: released by the kernel if the build dies),
/// so that two builds into one folder are serialized and the second says so.
///
/// The lock file's name is predictable, so in a folder others can write to it may have been planted:
/// it is opened without following a link (a dangling link would otherwise create its target), and
/// used only if it is a regular file of the user building (another user's file would let them block
/// every build, or be unwritable). Anything else there is removed and the lock made afresh when the
/// folder allows; otherwise the build stops and names it.
struct BuildLock {
    private let descriptor: Int32

    init(beside placement: OutputPlacement, creatingFolders: Bool = true) throws {
        let path = placement.parent.appendingPathComponent(placement.siblingPrefix + "lock").path
        let made = creatingFolders ? Self.missingAncestors(of: placement.parent) : []
        do {
            if creatingFolders { try FileManager.default.createDirectory(at: placement.parent, withIntermediateDirectories: true) }
        } catch {
            // Whatever was made before the failure goes again, deepest first (rmdir: only if empty).
            for folder in made.reversed() { rmdir(folder.path) }
            throw OutputWriter.Failure.io("cannot create the folder '\(placement.parent.path)': \(error.localizedDescription)")
        }
        descriptor = try Self.openOwnFile(path)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw OutputWriter.Failure.busy(placement.target.path)
        }
    }

    /// The folders of `folder`'s path that do not exist yet, outermost first.
    private static func missingAncestors(of folder: URL) -> [URL] {
        var missing: [URL] = []
        var current = folder
        while current.path != "/", SystemCall.status(of: current.path) == nil {
            missing.append(current)
            current = current.deletingLastPathComponent()
        }
        return missing.reversed()
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Opens (creating) a regular file of this user's at `path`, never through a link.
    private static func openOwnFile(_ path: String) throws -> Int32 {
        for attempt in 0..<2 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
            if descriptor >= 0 {
                var status = stat()
                if fstat(descriptor, &status) == 0, SystemCall.isRegularFile(status), status.st_uid == geteuid() {
                    return descriptor
                }
                close(descriptor)
            } else if ![ELOOP, EACCES, EPERM, EISDIR, ENXIO].contains(errno) {
                throw OutputWriter.Failure.io("cannot create the lock file '\(path)': \(SystemCall.reason)")
            }
            let problem = problem(at: path)
            guard attempt == 0, unlink(path) == 0 else {
                throw OutputWriter.Failure.io("refusing the lock file '\(path)': \(problem), and it cannot be removed; remove it and build again")
            }
        }
        throw OutputWriter.Failure.io("cannot create the lock file '\(path)'")
    }

    /// Why the file at `path` is not usable as a lock, in words.
    private static func problem(at path: String) -> String {
        guard let status = SystemCall.status(of: path) else { return "it cannot be examined (\(SystemCall.reason))" }
        if SystemCall.isLink(status) { return "it is a symbolic link" }
        if !SystemCall.isRegularFile(status) { return "it is not a regular file" }
        if status.st_uid != geteuid() { return "it belongs to another user (uid \(status.st_uid))" }
        return "it cannot be opened"
    }
}
