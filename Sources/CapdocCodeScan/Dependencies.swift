/// A library an app builds in from source: a CocoaPods pod, a Carthage checkout, a Swift package.
///
/// App Store Connect reads the whole app binary, libraries included: a library that calls
/// `requestAlwaysAuthorization()` makes the app need the Always usage string even if the app
/// never reaches that call (ITMS-90683). So `lint-plist --dependencies` scans them too.
public struct Dependency: Sendable, Hashable {
    public enum Manager: String, Sendable, Hashable {
        case cocoaPods = "CocoaPods", carthage = "Carthage", swiftPM = "Swift Package Manager"
    }

    /// The folder's name: the pod, the Carthage project, the package's checkout.
    public var name: String
    public var manager: Manager
    /// The folder scanned: the checkout, or its `Sources` for a Swift package that has one.
    public var path: String

    /// Where each manager keeps its code, relative to a project's folder: `Pods/NAME` (only the
    /// files the pod ships), `Carthage/Checkouts/NAME`, and a package's checkouts under
    /// `.build/checkouts` (SwiftPM) or `SourcePackages/checkouts` (Xcode, in its derived data, or in
    /// the folder `xcodebuild -clonedSourcePackagesDirPath` names).
    static let layouts: [(folder: String, manager: Manager)] = [
        ("Pods", .cocoaPods), ("Carthage/Checkouts", .carthage), (".build/checkouts", .swiftPM), ("SourcePackages/checkouts", .swiftPM),
    ]

    /// CocoaPods' own folders under `Pods`, which hold no pod's code.
    static let podsSupportFolders: Set<String> = ["Headers", "Local Podspecs", "Target Support Files", "Pods.xcodeproj"]

    /// The dependencies under `root` (a project's or app's folder, or a derived-data folder), in
    /// the layouts' order and by name. A missing layout is no dependency, not an error; symbolic
    /// links are not followed (Carthage and SwiftPM check out real folders).
    public static func find(in root: String) -> [Dependency] {
        find(in: root, layouts: layouts)
    }

    /// The Swift packages Xcode checked out into a derived data folder (`SourcePackages/checkouts`).
    public static func find(inDerivedData root: String) -> [Dependency] {
        find(in: root, layouts: layouts.filter { $0.folder == "SourcePackages/checkouts" })
    }

    private static func find(in root: String, layouts: [(folder: String, manager: Manager)]) -> [Dependency] {
        var root = root
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        var found: [Dependency] = []
        for (folder, manager) in layouts {
            // Each step checked with lstat, so that a link anywhere on the way (`Carthage` → elsewhere) is not followed.
            // The working folder's dependencies read `Pods/…`, not `./Pods/…`.
            var parent = root == "." ? "" : root
            var isFolder = true
            for component in folder.split(separator: "/") where isFolder {
                parent += (parent.isEmpty ? "" : "/") + component
                isFolder = FileSystem.entryKind(at: parent) == .success(.directory)
            }
            guard isFolder, case .success(let names) = FileSystem.entryNames(inFolder: parent) else { continue }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
                if manager == .cocoaPods, podsSupportFolders.contains(name) { continue }
                let path = parent + "/" + name
                guard case .success(.directory) = FileSystem.entryKind(at: path) else { continue }
                // A package's code is in `Sources` by SwiftPM's convention; the rest (tests, examples,
                // plugins' tools) does not ship in the app.
                let sources = path + "/Sources"
                let scanned = manager == .swiftPM && FileSystem.entryKind(at: sources) == .success(.directory) ? sources : path
                found.append(Dependency(name: name, manager: manager, path: scanned))
            }
        }
        return found
    }
}
