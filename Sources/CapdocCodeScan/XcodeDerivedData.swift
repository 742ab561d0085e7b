import CapdocFiles
import Foundation

/// Where Xcode keeps a project's derived data when nobody said where: so that
/// `lint-plist --dependencies --project App.xcodeproj` finds the Swift packages Xcode checked out
/// for it (`DerivedData/App-<hash>/SourcePackages/checkouts`) without `--derived-data`.
///
/// Xcode names the folder after the project or workspace it built, with a hash of its path, and
/// writes the path into the folder's `info.plist` (`WorkspacePath`). Another checkout of the same
/// project has a folder of the same name, so a folder counts only when its `WorkspacePath` is the
/// project or a workspace beside it (CocoaPods' `App.xcworkspace`); a folder without a readable
/// `info.plist` counts by its name alone, as the best that can be said of it.
public enum XcodeDerivedData {
    /// Xcode's default derived data folder in a home folder.
    public static func defaultFolder(home: String) -> String {
        home + "/Library/Developer/Xcode/DerivedData"
    }

    /// The derived data folders under `root` that Xcode made for the project at `projectPath`
    /// (an `.xcodeproj`, or its `project.pbxproj`), sorted; none when `root` is not there.
    public static func folders(forProject projectPath: String, in root: String) -> [String] {
        var project = absolute(projectPath)
        if project.hasSuffix("/project.pbxproj") { project = (project as NSString).deletingLastPathComponent }
        let projectFolder = (project as NSString).deletingLastPathComponent
        // The project's own name, and the names of the workspaces beside it, which Xcode may have built instead.
        var names = [((project as NSString).lastPathComponent as NSString).deletingPathExtension]
        if case .success(let siblings) = FileSystem.entryNames(inFolder: projectFolder) {
            names += siblings.filter { $0.hasSuffix(".xcworkspace") }.map { ($0 as NSString).deletingPathExtension }
        }
        guard case .success(let entries) = FileSystem.entryNames(inFolder: root) else { return [] }
        var found: [String] = []
        for entry in entries.sorted() where names.contains(where: { entry.hasPrefix($0 + "-") }) {
            let folder = root + "/" + entry
            guard case .success(.directory) = FileSystem.entryKind(at: folder) else { continue }
            guard let built = workspacePath(of: folder) else {
                found.append(folder)
                continue
            }
            if (absolute(built) as NSString).deletingLastPathComponent == projectFolder { found.append(folder) }
        }
        return found
    }

    /// The project or workspace a derived data folder was made for, as its `info.plist` says.
    static func workspacePath(of folder: String) -> String? {
        // Xcode's is a few hundred bytes; anything much larger is not Xcode's.
        guard let bytes = try? BoundedFileReader.read(folder + "/info.plist", limit: 1 << 16),
            let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any]
        else { return nil }
        return plist["WorkspacePath"] as? String
    }

    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }
}
