import CapdocFiles
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

    /// The bytes of the regular file at `path`, if it has at most `maximumSize` of them, read by
    /// capdoc's one bounded reader: without following a link or waiting on a FIFO, the size checked
    /// on the open file, the read stopped at the limit.
    static func contents(ofFileAt path: String, maximumSize: Int) -> Contents {
        do throws(BoundedFileReader.Failure) {
            return .bytes(try BoundedFileReader.read(path, limit: maximumSize))
        } catch .tooLarge {
            return .tooLarge
        } catch let .unreadable(why) {
            return .unreadable(why)
        } catch {
            return .unreadable(error.reason(limit: maximumSize))
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
