import Foundation

/// What the watcher compares between two polls: every file under some folders, with its size,
/// modification time and inode. Polling, rather than inotify, sees every way an editor saves —
/// written in place, or written aside and renamed over the file (a new inode) — as well as files
/// deleted and added, with nothing to re-arm, and works the same on macOS.
public struct FolderScan: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        var size: Int64
        var modified: Int64  // nanoseconds since 1970
        var inode: UInt64
    }

    public private(set) var files: [String: Stamp] = [:]

    public init(folders: [String]) {
        for folder in folders { scan(folder) }
    }

    private mutating func scan(_ folder: String) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            files[folder] = Self.stamp(info)
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = folder + "/" + name
            var entry = stat()
            guard lstat(path, &entry) == 0 else { continue }  // deleted between the listing and now
            if (entry.st_mode & S_IFMT) == S_IFDIR {
                scan(path)
            } else {
                files[path] = Self.stamp(entry)
            }
        }
    }

    private static func stamp(_ info: stat) -> Stamp {
        #if os(Linux)
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #else
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #endif
        return Stamp(size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }
}
