#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole input file — an Info.plist, a strings file, an Xcode project file, a source file,
/// an archive, a Content file — with a limit on its size that is checked before anything is read.
///
/// The one way capdoc reads an input, so that every input has its limit and none can cost
/// unbounded memory: the file is opened without blocking on a FIFO or device (and, unless asked,
/// without following a symbolic link), its size is taken from the open file (`fstat`, so a file
/// swapped in since the caller looked cannot bypass it), and the read itself stops one byte past
/// the limit, so that a file growing meanwhile cannot either. A sparse 12 GB file is refused after
/// one `fstat`, without a byte read.
public enum BoundedFileReader {
    public enum Failure: Error, Sendable, Hashable {
        case missing
        /// The path is a symbolic link, and the caller does not follow links.
        case symbolicLink
        /// A folder, FIFO, socket or device: anything but a regular file.
        case notRegularFile
        /// Larger than the limit: its size, as far as it was seen.
        case tooLarge(size: Int)
        case unreadable(String)

        /// What is wrong, as the end of a sentence that starts with the path ("… is a symbolic link").
        public func reason(limit: Int) -> String {
            switch self {
            case .missing: "no such file"
            case .symbolicLink: "a symbolic link, which capdoc does not follow"
            case .notRegularFile: "not a regular file"
            case let .tooLarge(size): "\(size) bytes, over the limit of \(BoundedFileReader.describe(limit: limit))"
            case let .unreadable(why): "cannot be read: \(why)"
            }
        }
    }

    /// Which file a path reached: its device and inode, the same whatever the path's spelling.
    public struct FileIdentity: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The bytes of the regular file at `path`, if it has at most `limit` of them.
    public static func read<Bytes: RangeReplaceableCollection<UInt8>>(
        _ path: String, limit: Int, followingLinks: Bool = false, as _: Bytes.Type = [UInt8].self
    ) throws(Failure) -> Bytes {
        try read(path, limit: limit, followingLinks: followingLinks, as: Bytes.self, unlessIn: []).bytes!
    }

    /// The identity of the regular file at `path`, and its bytes (if it has at most `limit`), unless
    /// `known` holds that identity: then the file is opened and checked, but not read again (nil).
    /// For inputs that many paths may name (an `.xcconfig` included as `a.xcconfig`, `./a.xcconfig`,
    /// `x/../a.xcconfig`…), so that each file is read once, however it is spelled.
    public static func read<Bytes: RangeReplaceableCollection<UInt8>>(
        _ path: String, limit: Int, followingLinks: Bool = false, as _: Bytes.Type = [UInt8].self, unlessIn known: Set<FileIdentity>
    ) throws(Failure) -> (identity: FileIdentity, bytes: Bytes?) {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .missing
            case ELOOP where !followingLinks: throw .symbolicLink
            case EISDIR: throw .notRegularFile
            default: throw .unreadable(describe(errno: code))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(describe(errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        guard !known.contains(identity) else { return (identity, nil) }
        guard status.st_size <= limit else { throw .tooLarge(size: Int(status.st_size)) }

        var contents = Bytes()
        contents.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Never more than one byte past the limit: enough to know the file grew beyond it.
            let wanted = min(chunk.count, limit + 1 - contents.count)
            let got = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress!, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(describe(errno: errno))
            }
            if got == 0 { return (identity, contents) }
            contents.append(contentsOf: chunk[0..<got])
            if contents.count > limit { throw .tooLarge(size: contents.count) }  // it grew while being read
        }
    }

    /// A limit as messages write it: "8 MiB", or bytes when it is not a whole number of MiB.
    public static func describe(limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }

    private static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }

    /// The C library's `read`, named apart from `BoundedFileReader.read`.
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
