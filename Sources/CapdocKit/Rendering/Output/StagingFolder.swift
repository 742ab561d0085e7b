import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fresh folder beside the output that a build writes into before it is swapped in.
///
/// Its name is random and it is made exclusively (mkdtemp, mode 0700), so nothing planted beside
/// the output — a link at a guessable name — can redirect the build. Every file and folder in it is
/// created relative to the folder's open descriptor, exclusively and without following links, so
/// even a folder renamed or replaced during the build cannot send a file anywhere else. Safe from
/// any thread.
final class StagingFolder: FileSink, @unchecked Sendable {
    /// Where the folder is, until it is swapped in.
    let path: String
    private let descriptor: Int32
    /// The folder it was made in, open: it reaches the staging folder even once a folder above has
    /// been renamed, when `path` no longer does.
    private let parentDescriptor: Int32
    private let lock = NSLock()
    /// Folders made so far, relative to the staging folder ("" is the folder itself).
    private var folders: Set<String> = [""]
    /// Paths written so far: two pages with one path would otherwise race, the output depending on which came last.
    private var paths: Set<String> = []
    private var files = 0
    private var bytes = 0
    /// Set when the build is interrupted: no file is started after it.
    private var interrupted = false

    init(beside placement: OutputPlacement) throws {
        var template = Array((placement.parent.path + "/" + placement.siblingPrefix + "new-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            throw OutputWriter.Failure.io("cannot create a folder beside '\(placement.target.path)': \(SystemCall.reason)")
        }
        path = String(cString: template)
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        parentDescriptor = open(placement.parent.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, parentDescriptor >= 0 else {
            let reason = SystemCall.reason
            if descriptor >= 0 { close(descriptor) }
            if parentDescriptor >= 0 { close(parentDescriptor) }
            rmdir(path)
            throw OutputWriter.Failure.io("cannot open the folder '\(path)': \(reason)")
        }
    }

    deinit {
        close(descriptor)
        close(parentDescriptor)
    }

    /// Removes the folder wherever it now is (see ``DescriptorRemoval``), if it is still there.
    func removeWhereverItIs() {
        DescriptorRemoval.remove((path as NSString).lastPathComponent, in: parentDescriptor)
    }

    var written: OutputWriter.Written { lock.withLock { OutputWriter.Written(files: files, bytes: bytes) } }

    /// No file is started after this; the caller removes the folder.
    func interrupt() { lock.withLock { interrupted = true } }

    var isInterrupted: Bool { lock.withLock { interrupted } }

    func write(_ file: OutputFile) throws {
        try write(path: file.path) { piece in try piece(file.bytes) }
    }

    /// Writes each piece to the file as it comes.
    func write(path: String, streaming produce: (_ piece: ([UInt8]) throws -> Void) throws -> Void) throws {
        let components = try OutputWriter.components(of: path)
        try lock.withLock {
            if interrupted { throw OutputWriter.Failure.interrupted }
            guard paths.insert(path).inserted else { throw OutputWriter.Failure.writtenTwice(path) }
            try makeFolders(components.dropLast())
        }
        let folder = try openFolder(components.dropLast())
        defer { if folder != descriptor { close(folder) } }
        let created = openat(folder, components.last!, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard created >= 0 else { throw OutputWriter.Failure.io("cannot write '\(path)': \(SystemCall.reason)") }
        defer { close(created) }
        var count = 0
        try produce { piece in
            do {
                try piece.withUnsafeBytes { try StandardStreams.write($0, to: created) }
            } catch {
                throw OutputWriter.Failure.io("cannot write '\(path)': \(error)")
            }
            count += piece.count
        }
        lock.withLock {
            files += 1; bytes += count
        }
    }

    /// A file written before, opened component by component without following links.
    func read(path: String) throws -> [UInt8] {
        let components = try OutputWriter.components(of: path)
        let folder = try openFolder(components.dropLast())
        defer { if folder != descriptor { close(folder) } }
        let file = openat(folder, components.last!, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw OutputWriter.Failure.io("cannot read '\(path)': \(SystemCall.reason)") }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.read(file, buffer.baseAddress!, buffer.count)
                #else
                    Darwin.read(file, buffer.baseAddress!, buffer.count)
                #endif
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw OutputWriter.Failure.io("cannot read '\(path)': \(SystemCall.reason)") }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Gives the finished folder its group and permissions (those of the output it replaces, so that
    /// a private output stays private and a team's stays the team's) before it is swapped in. The
    /// group first: changing it may clear the set-group-ID bit, which the mode then puts back. A
    /// group the user does not belong to cannot be given (EPERM): the folder keeps the user's, as a
    /// first build's does.
    func finish(mode: mode_t, group: gid_t?) throws {
        if let group { _ = fchown(descriptor, uid_t.max, group) }
        guard fchmod(descriptor, mode) == 0 else { throw OutputWriter.Failure.io("cannot set the permissions of '\(path)': \(SystemCall.reason)") }
    }

    /// Makes the folders of a file's path that do not exist yet (under the lock).
    private func makeFolders(_ components: ArraySlice<String>) throws {
        for depth in components.indices where !folders.contains(components[...depth].joined(separator: "/")) {
            let parent = try openFolder(components[..<depth])
            defer { if parent != descriptor { close(parent) } }
            guard mkdirat(parent, components[depth], 0o777) == 0 else {
                throw OutputWriter.Failure.io("cannot create the folder '\(components[...depth].joined(separator: "/"))': \(SystemCall.reason)")
            }
            folders.insert(components[...depth].joined(separator: "/"))
        }
    }

    /// A descriptor of a folder inside the staging folder, opened component by component without
    /// following links (the staging folder's own descriptor for the empty path; close the others).
    private func openFolder(_ components: ArraySlice<String>) throws -> Int32 {
        var current = descriptor
        for component in components {
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if current != descriptor { close(current) }
            guard next >= 0 else { throw OutputWriter.Failure.io("cannot open the folder '\(components.joined(separator: "/"))': \(SystemCall.reason)") }
            current = next
        }
        return current
    }
}
