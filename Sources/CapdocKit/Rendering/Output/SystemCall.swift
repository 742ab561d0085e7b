import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small wrappers over the system calls the output writer makes itself (Foundation's file API
/// follows links and cannot create exclusively), each failing with a sentence for the user.
enum SystemCall {
    /// The current errno as a sentence ("Permission denied").
    static var reason: String { String(cString: strerror(errno)) }

    /// What `lstat` says about a path, without following a final link; nil when nothing is there.
    static func status(of path: String) -> stat? {
        var result = stat()
        return lstat(path, &result) == 0 ? result : nil
    }

    static func isDirectory(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFDIR }
    static func isLink(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFLNK }
    static func isRegularFile(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFREG }

    /// The permissions a folder made now would get (0777 less the umask).
    static func defaultFolderMode() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return 0o777 & ~mask
    }
}
