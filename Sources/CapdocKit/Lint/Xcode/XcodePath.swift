import Foundation

/// Lexical path arithmetic for the paths a project names. Lexical on purpose: the project is
/// untrusted, so resolving `..` never asks the file system (or follows a link) to decide where a
/// path points; the files are only opened later, by `BoundedFileReader`, which refuses links.
enum XcodePath {
    static func isAbsolute(_ path: String) -> Bool { path.hasPrefix("/") }

    /// `a/./b/../c` → `a/c`; keeps leading `..` of a relative path; `""` → `.`.
    static func normalize(_ path: String) -> String {
        let absolute = isAbsolute(path)
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                } else if !absolute {
                    kept.append(component)
                }
            default:
                kept.append(component)
            }
        }
        let joined = kept.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `relative` inside `base`, unless it is absolute; normalized.
    static func join(_ base: String, _ relative: String) -> String {
        if isAbsolute(relative) { return normalize(relative) }
        if relative.isEmpty { return normalize(base) }
        return normalize(base + "/" + relative)
    }

    /// The folder holding a path: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`.
    static func parent(_ path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// The last component: `a/b.xcconfig` → `b.xcconfig`.
    static func lastComponent(_ path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return normalized }
        return String(normalized[normalized.index(after: slash)...])
    }

    /// `path` written from `folder` (both absolute): `/w/p/a` from `/w` → `p/a`, from `/w/q` → `../p/a`;
    /// nil when they share nothing but the root, where an absolute path reads better.
    static func relative(_ path: String, from folder: String) -> String? {
        let target = normalize(path).split(separator: "/")
        let start = normalize(folder).split(separator: "/")
        var common = 0
        while common < target.count, common < start.count, target[common] == start[common] { common += 1 }
        guard common > 0 else { return nil }
        let ups = Array(repeating: "..", count: start.count - common)
        let downs = target[common...].map(String.init)
        let joined = (ups + downs).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}

/// Where a project is, and how to write the paths it leads to: relative to the working folder
/// when the caller named the project with a relative path (so messages read like the command
/// line), absolute when the caller gave an absolute one.
struct XcodeProjectPaths: Sendable, Hashable {
    /// The working folder when the project was read, absolute.
    let workingFolder: String
    /// The `.xcodeproj` folder, absolute.
    let projectFolder: String
    /// Whether the caller's path was relative.
    let writesRelative: Bool

    init(given: String, workingFolder: String) {
        self.workingFolder = XcodePath.normalize(workingFolder)
        writesRelative = !XcodePath.isAbsolute(given)
        var folder = XcodePath.join(self.workingFolder, given)
        if XcodePath.lastComponent(folder) == "project.pbxproj" { folder = XcodePath.parent(folder) }
        projectFolder = folder
    }

    var projectFile: String { XcodePath.join(projectFolder, "project.pbxproj") }

    /// The folder holding the `.xcodeproj`: Xcode's `SRCROOT` before `projectDirPath` moves it.
    var containingFolder: String { XcodePath.parent(projectFolder) }

    /// `App` for `App.xcodeproj`.
    var projectName: String {
        let file = XcodePath.lastComponent(projectFolder)
        return file.hasSuffix(".xcodeproj") ? String(file.dropLast(".xcodeproj".count)) : file
    }

    /// An absolute path as messages show it.
    func display(_ absolute: String) -> String {
        guard writesRelative else { return XcodePath.normalize(absolute) }
        return XcodePath.relative(absolute, from: workingFolder) ?? XcodePath.normalize(absolute)
    }
}
