import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes a folder tree through open descriptors rather than by its path.
///
/// The staging folder's path stops naming it when a folder above it is renamed during the build:
/// removing it by path then found nothing, and a 49 MB staging folder stayed behind at the new name
/// (issue 41). Its parent's descriptor and its own still reach it wherever it went. Links are
/// removed, never followed.
enum DescriptorRemoval {
    /// Removes `name` in the folder open as `parent`, and everything in it.
    static func remove(_ name: String, in parent: Int32) {
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 {
            removeContents(of: folder)
            close(folder)
        }
        unlinkat(parent, name, AT_REMOVEDIR)
    }

    /// Empties the folder open as `folder`. Recursion follows the output's own folders, a few deep.
    static func removeContents(of folder: Int32) {
        for name in names(in: folder) {
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                remove(name, in: folder)
            } else {
                unlinkat(folder, name, 0)
            }
        }
    }

    /// The names in a folder, but `.` and `..`, read through a duplicate of its descriptor.
    private static func names(in folder: Int32) -> [String] {
        let duplicate = dup(folder)
        guard duplicate >= 0, let stream = fdopendir(duplicate) else {
            if duplicate >= 0 { close(duplicate) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
