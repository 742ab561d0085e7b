#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the scanner makes, straight to POSIX so that none of them follows a
/// symbolic link or blocks on a special file, and a file's size is known before it is read.
enum FileSystem {
    enum EntryKind: Equatable {
        case directory
        case regularFile(size: Int)
        case symbolicLink
        /// A FIFO, socket or device: nothing to read.
        case other
    }

    enum Failure: Error, Equatable {
        case noSuchEntry
        case failed(String)
    }

    enum Contents: Equatable {
        case bytes([UInt8])
        case tooLarge
        case unreadable(String)
    }

    /// What is at `path`, the link itself if it is a symbolic link (lstat).
    static func entryKind(at path: String) -> Result<EntryKind, Failure> {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            return .failure(code == ENOENT || code == ENOTDIR ? .noSuchEntry : .failed(describe(code)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .success(.directory)
        case S_IFREG: return .success(.regularFile(size: Int(status.st_size)))
        case S_IFLNK: return .success(.symbolicLink)
        default: return .success(.other)
        }
    }

    /// The names in a folder, `.` and `..` left out, in no particular order. A folder that has been
    /// replaced by a symbolic link since it was looked at is refused rather than followed.
    static func entryNames(inFolder path: String) -> Result<[String], Failure> {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ENOENT ? .noSuchEntry : .failed(describe(code)))
        }
        guard let folder = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            return .failure(.failed(describe(code)))
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// The bytes of the regular file at `path`, if it has at most `maximumSize` of them. The file is
    /// opened without following a link and without waiting on a FIFO, and checked again once open,
    /// so that it cannot be swapped for something else between the folder walk and the read.
    static func contents(ofFileAt path: String, maximumSize: Int) -> Contents {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .unreadable(describe(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(describe(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .unreadable("not a regular file") }
        guard Int(status.st_size) <= maximumSize else { return .tooLarge }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable(describe(errno))
            }
            if count == 0 { return .bytes(bytes) }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maximumSize { return .tooLarge }  // it grew while being read
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
