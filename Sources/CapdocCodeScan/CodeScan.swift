/// What a scan found.
public struct CodeScan: Sendable, Hashable {
    /// Every match, ordered by file path (UTF-8 bytes), line, column, then the pattern's place in
    /// the scanner's list. One place may match several patterns (`PHAsset.fetchAssets(with:)`
    /// and `fetchAssets(with:)`); each is reported.
    public var references: [CodeReference]
    /// How many Swift and Objective-C files were read.
    public var filesScanned: Int
    /// What was passed over, one `path: reason` each, in the order met: a symbolic link, a file over
    /// 8 MiB, a dependency or test folder, a file that could not be read, or a Swift file shaped so
    /// that the parser could not get through it in reasonable time (see `SwiftNestingGuard`).
    public var skipped: [String]

    public init(references: [CodeReference], filesScanned: Int, skipped: [String]) {
        self.references = references
        self.filesScanned = filesScanned
        self.skipped = skipped
    }
}

/// Why a path could not be scanned at all. Its description is one line, for a person.
public enum CodeScanError: Error, Sendable, Hashable, CustomStringConvertible {
    case noSuchFolder(String)
    case symbolicLink(String)
    /// The path, and the folder on the way to it that is a symbolic link.
    case linkInPath(String, link: String)
    case notASourceFile(String)
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .noSuchFolder(let path):
            return "no folder at '\(path)'"
        case .symbolicLink(let path):
            return "'\(path)' is a symbolic link: not followed"
        case .linkInPath(_, let link):
            // Printed at the path (`PATH: error: …`), which it does not repeat.
            return "is reached through '\(link)', a symbolic link, which capdoc does not follow"
        case .notASourceFile(let path):
            return "'\(path)' is neither a folder nor a Swift or Objective-C file (.swift, .m, .mm)"
        case .unreadable(let path, let reason):
            return "could not read '\(path)': \(reason)"
        }
    }
}
