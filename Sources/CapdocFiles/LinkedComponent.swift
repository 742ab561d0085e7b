#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a symbolic link among the folders of a path inside a project, which `open` would follow.
///
/// `BoundedFileReader` refuses a link as a file's last component (`O_NOFOLLOW`), but the kernel
/// follows links in every component before it: an `INFOPLIST_FILE`, an `#include` or a `de.lproj`
/// reached through a folder link was read from wherever the link led (issue 41). Callers check the
/// components between the project's root, which the user named, and the file: links above the root
/// (macOS's `/tmp` or `/var`) are the user's own business.
public enum LinkedComponent {
    /// The first folder of `path` below `root` that is a symbolic link, as a path, or nil. The last
    /// component, the file itself, is the reader's to refuse (`O_NOFOLLOW`), with its own message.
    /// Both are absolute or both relative to the working folder; a `path` outside `root` is checked
    /// from its first component.
    public static func first(in path: String, below root: String) -> String? {
        let trimmedRoot = root.hasSuffix("/") ? String(root.dropLast()) : root
        var prefix: String
        var rest: Substring
        if !trimmedRoot.isEmpty, path.hasPrefix(trimmedRoot + "/") {
            prefix = trimmedRoot
            rest = path.dropFirst(trimmedRoot.count + 1)
        } else {
            prefix = path.hasPrefix("/") ? "" : "."
            rest = path.drop { $0 == "/" }
        }
        for component in rest.split(separator: "/").dropLast() where component != "." {
            prefix += "/" + component
            var status = stat()
            guard lstat(prefix, &status) == 0 else { return nil }  // missing: the read will say so
            if status.st_mode & S_IFMT == S_IFLNK { return prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix }
        }
        return nil
    }
}
