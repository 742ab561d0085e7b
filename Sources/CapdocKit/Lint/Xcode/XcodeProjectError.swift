import CapdocFiles
import Foundation

/// Why a project (or an `.xcconfig` file it needs) could not be read. The description is one line
/// that starts with the path, as `lint-plist` prints it.
public struct XcodeProjectError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// Nothing at the path given for the project.
        case noSuchFolder
        /// A file that is neither an `.xcodeproj` folder nor a `project.pbxproj`.
        case notAProject
        /// An `.xcodeproj` folder without its `project.pbxproj`.
        case noProjectFile
        case symbolicLink
        /// Reached through a folder that is a symbolic link (the link, as messages show it).
        case linkInPath(String)
        /// A FIFO, a device, a folder: anything but a regular file.
        case notRegularFile
        case tooLarge(size: UInt64, limit: Int)
        case unreadable(String)
        /// Foundation could not parse it; the parser's own words.
        case notAPropertyList(String)
        /// It parsed, but its top level is not a dictionary (the type it is instead).
        case notADictionary(String)
        case noObjects
        case noRootObject
        /// `rootObject` names something that is not a `PBXProject` (its id).
        case rootObjectNotAProject(String)
        /// An `.xcconfig` that is not UTF-8 text.
        case notText
    }

    /// The path as messages show it: the project file, or the `.xcconfig` at fault.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { Self.oneLine("\(path): \(message)") }

    /// What is wrong, without the path (for output that puts the path first itself).
    public var message: String {
        let what: String =
            switch reason {
            case .noSuchFolder: "no such folder"
            case .notAProject: "not an Xcode project: give the .xcodeproj folder or its project.pbxproj file"
            case .noProjectFile: "not an Xcode project: it has no project.pbxproj"
            case .symbolicLink: "is a symbolic link, which capdoc does not follow"
            case let .linkInPath(link): "is reached through '\(link)', a symbolic link, which capdoc does not follow"
            case .notRegularFile: "not a regular file"
            case let .tooLarge(size, limit): "\(size) bytes, over the limit of \(Self.megabytes(limit))"
            case let .unreadable(why): "cannot be read: \(why)"
            case let .notAPropertyList(why): "not a property list: \(why)"
            case let .notADictionary(type): "not an Xcode project: the property list is \(type), not a dictionary"
            case .noObjects: "not an Xcode project: no objects dictionary"
            case .noRootObject: "not an Xcode project: no rootObject"
            case let .rootObjectNotAProject(id): "not an Xcode project: rootObject \(id) is not a PBXProject"
            case .notText: "not UTF-8 text"
            }
        return Self.oneLine(what)
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Paths and parser messages come from the project: keep the message on one line.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// A file that could not be read; `.missing` is for callers that expect the file, so it reads
    /// as a file that cannot be read.
    init(_ failure: BoundedFileReader.Failure, path: String, limit: Int) {
        self.path = path
        switch failure {
        case .missing: reason = .unreadable("no such file")
        case .symbolicLink: reason = .symbolicLink
        case .notRegularFile: reason = .notRegularFile
        case let .tooLarge(size): reason = .tooLarge(size: UInt64(size), limit: limit)
        case let .unreadable(why): reason = .unreadable(why)
        }
    }
}
