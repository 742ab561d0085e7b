#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// Standard output and standard error as file descriptors, written with `write(2)`, whose errors
/// are returned instead of trapping (as `FileHandle.write` does on Linux, with a backtrace).
public enum StandardStreams {
    public static let input: Int32 = 0
    public static let output: Int32 = 1
    public static let error: Int32 = 2

    /// Why a stream could not be written: `Broken pipe (EPIPE)`.
    public struct WriteError: Error, CustomStringConvertible {
        public var code: Int32

        public var description: String {
            let names: [Int32: String] = [EPIPE: "EPIPE", EBADF: "EBADF", ENOSPC: "ENOSPC", EIO: "EIO", EDQUOT: "EDQUOT", EFBIG: "EFBIG"]
            let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return names[code].map { "\(text) (\($0))" } ?? text
        }
    }

    /// Writes all of `text`, retrying after a signal or a short write.
    public static func write(_ text: String, to descriptor: Int32) throws(WriteError) {
        let bytes = Array(text.utf8)
        // withUnsafeBytes throws untyped errors: the typed one goes through a Result.
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(WriteError) in try write(buffer, to: descriptor) } }
        try result.get()
    }

    /// Writes all of `bytes` to any open descriptor (a stream, a pipe, a file), retrying after a
    /// signal or a short write: the one write loop of capdoc's.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(WriteError) {
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError(code: errno)
            }
            written += count
        }
    }

    /// Gives each of descriptors 0, 1 and 2 that is closed (`>&-`) a read-only /dev/null, before
    /// capdoc opens anything. Otherwise the next file opened would take its number, and output meant
    /// for the terminal would go into a Content file, the build lock or a page of the site. Read-only,
    /// so that writing "standard output" still fails (EBADF) and is reported, not silently dropped.
    public static func reserveClosedDescriptors() {
        for descriptor in [input, output, error] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }
}

/// write(2), by a name that `StandardStreams.write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
