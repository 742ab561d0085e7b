import CapdocFiles
import Foundation

/// The source files of an app under a folder, in a fixed order, with the ones passed over.
///
/// What is left out, and why:
/// - Hidden entries (`.git`, `.build`, `.DS_Store`): tools' data, not the app; not even listed.
/// - Dependency and build folders (`Pods`, `Carthage`, `DerivedData`, `build`, `SourcePackages`,
///   `checkouts`, `node_modules`) and frameworks (`*.framework`, `*.xcframework`): other people's
///   code, whose calls are theirs to declare, or copies of the app's own.
/// - Folders whose name ends in `Tests` (`Tests`, `AppTests`, `AppUITests`): test code does not ship
///   in the app, so its calls need no usage description.
/// - In a dependency's folder, its sample apps too (``sampleFolders``): they are not built into the app.
/// - Symbolic links, never followed: a link can point out of the folder or into a loop.
/// - Files over ``maximumFileSize``: no hand-written source is that large, and the bound keeps a
///   hostile folder from costing unbounded memory and time.
/// The folder walk sorts names by their UTF-8 bytes, so the result does not depend on the file
/// system's order or the locale.
struct SourceTree: Sendable {
    enum Language: Sendable, Hashable {
        case swift, objectiveC
    }

    struct SourceFile: Sendable, Hashable {
        /// The path as the caller gave the folder, joined with the names below it.
        var path: String
        var language: Language
    }

    static let maximumFileSize = 8 << 20

    static let dependencyFolders: Set<String> = [
        "Pods", "Carthage", "DerivedData", "build", "SourcePackages", "checkouts", "node_modules",
    ]

    static let sampleFolders: Set<String> = ["Example", "Examples", "Demo", "Demos", "Sample", "Samples"]

    private(set) var files: [SourceFile] = []
    private(set) var skipped: [String] = []
    private let isDependency: Bool

    /// Lists `path`: a folder, walked, or a single source file; `isDependency`: a library's folder.
    /// `workingFolder`: where a relative `path` starts. A folder link on the way to `path` below it
    /// is refused as a project's are (issue 41): the kernel would follow it, and the scan would read
    /// wherever it leads. Links above the working folder (macOS's `/tmp`) are the user's own business.
    init(path: String, isDependency: Bool = false, workingFolder: String? = nil) throws(CodeScanError) {
        self.isDependency = isDependency
        if !isDependency, let link = Self.linkOnTheWay(to: path, workingFolder: workingFolder) { throw .linkInPath(path, link: link) }
        switch FileSystem.entryKind(at: path) {
        case .failure(.noSuchEntry):
            throw .noSuchFolder(path)
        case .failure(.failed(let reason)):
            throw .unreadable(path, reason)
        case .success(.symbolicLink):
            throw .symbolicLink(path)
        case .success(.directory):
            var folder = path
            while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
            switch FileSystem.entryNames(inFolder: folder) {
            case .success(let names): walk(folder: folder, names: names)
            case .failure(.noSuchEntry): throw .noSuchFolder(path)
            case .failure(.failed(let reason)): throw .unreadable(path, reason)
            }
        case .success(.regularFile(let size)):
            guard let language = Self.language(ofFileNamed: path) else { throw .notASourceFile(path) }
            addFile(at: path, size: size, language: language)
        case .success(.other):
            throw .notASourceFile(path)
        }
    }

    /// The first folder of `path` that is a symbolic link: every one of a relative path, those below
    /// the working folder of an absolute one. The last component is `init`'s to refuse.
    static func linkOnTheWay(to path: String, workingFolder: String?) -> String? {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard trimmed.hasPrefix("/") else { return LinkedComponent.first(in: trimmed, below: "") }
        guard let workingFolder, workingFolder != "/", trimmed.hasPrefix(workingFolder + "/") else { return nil }
        return LinkedComponent.first(in: trimmed, below: workingFolder)
    }

    private mutating func walk(folder: String, names: [String]) {
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            switch FileSystem.entryKind(at: path) {
            case .success(.directory):
                if let reason = Self.reasonToSkip(folderNamed: name) {
                    skipped.append("\(path): \(reason)")
                } else if isDependency, Self.sampleFolders.contains(name) {
                    skipped.append("\(path): a dependency's sample app, not the app's code")
                } else {
                    switch FileSystem.entryNames(inFolder: path) {
                    case .success(let names): walk(folder: path, names: names)
                    case .failure(.noSuchEntry): continue  // removed since its parent was listed
                    case .failure(.failed(let reason)): skipped.append("\(path): could not be read: \(reason)")
                    }
                }
            case .success(.regularFile(let size)):
                if let language = Self.language(ofFileNamed: name) { addFile(at: path, size: size, language: language) }
            case .success(.symbolicLink):
                skipped.append("\(path): symbolic link, not followed")
            case .success(.other):
                if Self.language(ofFileNamed: name) != nil { skipped.append("\(path): not a regular file") }
            case .failure(.noSuchEntry):
                continue  // removed since the folder was listed
            case .failure(.failed(let reason)):
                skipped.append("\(path): could not be read: \(reason)")
            }
        }
    }

    private mutating func addFile(at path: String, size: Int, language: Language) {
        if size > Self.maximumFileSize {
            skipped.append("\(path): larger than \(Self.maximumFileSize >> 20) MiB")
        } else {
            files.append(SourceFile(path: path, language: language))
        }
    }

    /// Objective-C headers (`.h`) are left out: they declare what the `.m` files call.
    static func language(ofFileNamed name: String) -> Language? {
        if name.hasSuffix(".swift") { return .swift }
        if name.hasSuffix(".m") || name.hasSuffix(".mm") { return .objectiveC }
        return nil
    }

    static func reasonToSkip(folderNamed name: String) -> String? {
        if dependencyFolders.contains(name) { return "dependencies or build output, not the app's code" }
        if name.hasSuffix(".framework") || name.hasSuffix(".xcframework") { return "a framework, not the app's code" }
        if name.hasSuffix("Tests") { return "test code, which does not ship in the app" }
        return nil
    }
}
