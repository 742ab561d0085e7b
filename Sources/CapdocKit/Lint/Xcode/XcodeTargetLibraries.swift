import Foundation

/// The libraries a target links, as its project says, named as `lint-plist --dependencies` names
/// the dependencies it scans (lowercased, for comparing): so that a dependency's call counts for
/// the targets that link it, and not for a second app of the project that does not.
///
/// Read from the project: the Swift packages of its `packageProductDependencies` (named after the
/// package's repository, `swift-ferry-alerts` of `https://…/swift-ferry-alerts.git`, as Xcode names
/// its checkout; a local package after its folder) and the frameworks and libraries of its
/// Frameworks build phase (`GeoFence.framework` from `Carthage/Build`, `libLocationKit.a`); and
/// from its resolved settings, the `-framework` and `-l` flags of `OTHER_LDFLAGS`, which
/// CocoaPods' `Pods-App` configuration file writes for each pod the target links.
enum XcodeTargetLibraries {
    /// The libraries the project object of a target names.
    static func named(in target: [String: PBXValue], objects: PBXObjectGraph, files: PBXFileTree) -> Set<String> {
        var names: Set<String> = []
        for entry in target["packageProductDependencies"]?.array ?? [] {
            if let name = packageName(ofProduct: entry.string, objects: objects) { names.insert(name) }
        }
        for phaseID in target["buildPhases"]?.array ?? [] {
            guard let phase = objects.object(phaseID.string), phase["isa"]?.string == "PBXFrameworksBuildPhase" else { continue }
            for buildFileID in phase["files"]?.array ?? [] {
                guard let buildFile = objects.object(buildFileID.string) else { continue }
                if let product = buildFile["productRef"]?.string, let name = packageName(ofProduct: product, objects: objects) {
                    names.insert(name)
                } else if let reference = buildFile["fileRef"]?.string {
                    let path = files.path(of: reference) ?? objects.object(reference)?["path"]?.string ?? ""
                    if let name = libraryName(ofFile: path) { names.insert(name) }
                }
            }
        }
        return names
    }

    /// The package a product of a target comes from, by its repository's or folder's name.
    private static func packageName(ofProduct id: String?, objects: PBXObjectGraph) -> String? {
        guard let product = objects.object(id), let package = objects.object(product["package"]?.string) else { return nil }
        let location = package["repositoryURL"]?.string ?? package["relativePath"]?.string ?? ""
        var name = location.split(separator: "/").last.map(String.init) ?? ""
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name.isEmpty ? nil : name.lowercased()
    }

    /// `GeoFence.framework`, `GeoFence.xcframework`, `libLocationKit.a`, `libLocationKit.dylib` → the library's name.
    static func libraryName(ofFile path: String) -> String? {
        let file = (path as NSString).lastPathComponent
        for suffix in [".xcframework", ".framework"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count)).lowercased()
        }
        for suffix in [".a", ".dylib", ".tbd"] where file.hasSuffix(suffix) && file.hasPrefix("lib") {
            return String(file.dropFirst(3).dropLast(suffix.count)).lowercased()
        }
        return nil
    }

    /// The libraries `OTHER_LDFLAGS` links: `-framework "KioskKit"`, `-weak_framework X`, `-l"KioskKit"`, `-lsqlite3`.
    static func linkedBy(linkerFlags flags: String) -> Set<String> {
        let words = flags.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.replacingOccurrences(of: "\"", with: "") }
        var names: Set<String> = []
        for (index, word) in words.enumerated() {
            if word == "-framework" || word == "-weak_framework", index + 1 < words.count {
                names.insert(words[index + 1].lowercased())
            } else if word.hasPrefix("-l"), word.count > 2 {
                names.insert(String(word.dropFirst(2)).lowercased())
            }
        }
        return names
    }
}
