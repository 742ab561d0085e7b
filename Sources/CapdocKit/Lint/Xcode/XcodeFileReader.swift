import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file that an untrusted project names (its `project.pbxproj`, its `.xcconfig` files)
/// without following a symbolic link, without blocking on a FIFO or device, and without reading
/// more than a limit: a cloned repository can plant any of these where a file is expected.
enum XcodeFileReader {
    enum Failure: Error, Sendable, Equatable {
        case missing
        case symbolicLink
        case notRegularFile
        case tooLarge(size: UInt64)
        case unreadable(String)
    }

    static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing }
            throw .unreadable(describe(code))
        }
        try check(status, limit: limit)
        // O_NOFOLLOW and a second fstat close the gap between the lstat and the open.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .symbolicLink }
            if code == ENOENT { throw .missing }
            throw .unreadable(describe(code))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(describe(errno)) }
        try check(status, limit: limit)

        // Read in chunks until the end, so that a file that grew since fstat still stops at the limit.
        var contents = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while contents.count <= limit {
            let got = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(describe(errno))
            }
            if got == 0 { break }
            contents.append(contentsOf: chunk[0..<got])
        }
        if contents.count > limit { throw .tooLarge(size: UInt64(contents.count)) }
        return contents
    }

    private static func check(_ status: stat, limit: Int) throws(Failure) {
        let kind = status.st_mode & mode_t(S_IFMT)
        if kind == mode_t(S_IFLNK) { throw .symbolicLink }
        guard kind == mode_t(S_IFREG) else { throw .notRegularFile }
        if status.st_size > limit { throw .tooLarge(size: UInt64(status.st_size)) }
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The C library's `read`, named apart from `XcodeFileReader.read`.
    private enum Glue {
        static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
            #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
            #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
            #else
            Darwin.read(descriptor, buffer, count)
            #endif
        }
    }
}
