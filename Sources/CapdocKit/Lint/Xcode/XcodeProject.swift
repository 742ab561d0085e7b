import CapdocFiles
import Foundation

/// An Xcode project (`App.xcodeproj`), read so that each target's build settings can be resolved
/// as Xcode resolves them: `lint-plist --project` lints the Info.plist each target ships, which
/// for many projects is no file at all but what Xcode generates from `INFOPLIST_KEY_*` settings.
///
/// Everything is read up front (`project.pbxproj` and every `.xcconfig` it reaches), so that
/// `settings(target:configuration:)` does no I/O and cannot fail. The project is untrusted input:
/// links are not followed, sizes are capped, wrong types are skipped with a warning.
public struct XcodeProject: Sendable {
    /// `project.pbxproj` is read only up to this size: Foundation's parse of the property list and
    /// the bridging of what it returns take about 0.4 s and 14 MB per MB of file in the debug build
    /// (a 62 MB file of 390,000 file references, under the former 64 MiB limit, took 79 s and 778 MB;
    /// issue 41). Large real projects are a few MB; beyond the limit the file is refused (exit 2).
    static let maximumProjectFileSize = 16 << 20

    /// `App` for `App.xcodeproj`: `PROJECT_NAME`.
    public let name: String
    /// The `project.pbxproj` as messages show it (relative to the working folder when the
    /// project was named with a relative path).
    let projectFile: String
    /// `SRCROOT`: the folder holding the `.xcodeproj` (moved by the project's `projectDirPath`),
    /// absolute as in Xcode.
    let sourceRoot: String
    /// The targets in the project's order.
    public let targets: [XcodeTarget]
    /// The project's configurations, in its order.
    let configurationNames: [String]
    /// The project's `defaultConfigurationName` when it names one of its configurations, else the
    /// first configuration (else `Release`): what `xcodebuild` builds when none is named.
    let defaultConfiguration: String
    /// What was skipped while reading (a target of the wrong type, an unparsable `.xcconfig` line…).
    public let warnings: [String]

    let paths: XcodeProjectPaths
    let configurations: XcodeConfigurationList
    let xcconfigs: XCConfigLibrary

    /// Reads the project at `path`: the `.xcodeproj` folder, or its `project.pbxproj`.
    public static func read(at path: String) throws(XcodeProjectError) -> XcodeProject {
        try read(at: path, workingFolder: FileManager.default.currentDirectoryPath)
    }

    /// `read(at:)` from another working folder (absolute): relative paths are taken from it and
    /// written relative to it.
    static func read(at path: String, workingFolder: String) throws(XcodeProjectError) -> XcodeProject {
        let paths = XcodeProjectPaths(given: path, workingFolder: workingFolder)
        let folder = paths.display(paths.projectFolder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: paths.projectFolder, isDirectory: &isFolder) else {
            throw XcodeProjectError(path: folder, reason: .noSuchFolder)
        }
        guard isFolder.boolValue else { throw XcodeProjectError(path: folder, reason: .notAProject) }

        let projectFile = paths.display(paths.projectFile)
        let data: Data
        do throws(BoundedFileReader.Failure) {
            data = try BoundedFileReader.read(paths.projectFile, limit: maximumProjectFileSize, as: Data.self)
        } catch .missing {
            throw XcodeProjectError(path: folder, reason: .noProjectFile)
        } catch {
            throw XcodeProjectError(error, path: projectFile, limit: maximumProjectFileSize)
        }
        let top = try parse(data, projectFile: projectFile)
        guard let objectsValue = top["objects"]?.dictionary else { throw XcodeProjectError(path: projectFile, reason: .noObjects) }
        let objects = PBXObjectGraph(objectsValue)
        guard let rootID = top["rootObject"]?.string else { throw XcodeProjectError(path: projectFile, reason: .noRootObject) }
        guard let root = objects.object(rootID), root["isa"]?.string == "PBXProject" else {
            throw XcodeProjectError(path: projectFile, reason: .rootObjectNotAProject(rootID))
        }

        let projectDirectory = root["projectDirPath"]?.string ?? ""
        let sourceRoot = XcodePath.join(paths.containingFolder, projectDirectory)
        let files = PBXFileTree(objects: objects, mainGroup: root["mainGroup"]?.string, sourceRoot: sourceRoot)
        var reader = PBXModelReader(objects: objects, files: files, lines: PBXSettingLines.find(in: Array(data)), projectFile: projectFile)
        let configurations = reader.configurationList(of: root, owner: "the project")
        let targets = reader.targets(of: root)
        let xcconfigs = try XCConfigLibrary.load(
            roots: configurations.baseConfigurationFiles + targets.flatMap(\.configurations.baseConfigurationFiles), paths: paths)

        let names = configurations.names
        let defaultName = configurations.defaultName.flatMap { names.contains($0) ? $0 : nil } ?? names.first ?? "Release"
        return XcodeProject(
            name: paths.projectName, projectFile: projectFile, sourceRoot: sourceRoot, targets: targets,
            configurationNames: names, defaultConfiguration: defaultName, warnings: reader.warnings + xcconfigs.problems,
            paths: paths, configurations: configurations, xcconfigs: xcconfigs)
    }

    /// The target's settings for a configuration of the project. `sdk` resolves `[sdk=…]`
    /// conditions for that SDK (`macosx` for a Mac Catalyst build); nil: the target's own SDK.
    func settings(target: XcodeTarget, configuration: String, sdk: String? = nil) -> ResolvedTarget {
        XcodeTargetResolver(project: self, target: target, configuration: configuration).resolve(sdk: sdk)
    }

    /// The first target with this name.
    public func target(named name: String) -> XcodeTarget? {
        targets.first { $0.name == name }
    }

    /// The top-level dictionary of the file, or why it is not one.
    private static func parse(_ data: Data, projectFile: String) throws(XcodeProjectError) -> [String: PBXValue] {
        // A binary list passes the Info.plist reader's check first: Foundation would copy its
        // shared objects without bound, or trap on a corrupt one.
        if data.starts(with: Array("bplist".utf8)), let problem = BinaryPlistScanner.refusal(in: data) {
            let kind = problem.expandsTooFar ? "a binary property list that is refused" : "a truncated or corrupt binary property list"
            throw XcodeProjectError(path: projectFile, reason: .notAPropertyList("\(kind): \(problem.sentence)"))
        }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw XcodeProjectError(path: projectFile, reason: .notAPropertyList(parserMessage(error)))
        }
        guard parsed is [AnyHashable: Any], let top = PBXValue(foundation: parsed).dictionary else {
            throw XcodeProjectError(path: projectFile, reason: .notADictionary(PBXValue.typeDescription(ofFoundation: parsed)))
        }
        return top
    }

    /// The most specific words Foundation gives. For text that is not XML, the old-style
    /// parser's message ("Missing ';' on line 54") is nested under the XML parser's ("Unexpected
    /// character / at line 1"); on Linux it is a CFError that does not bridge to NSError, so its
    /// message is read from its description.
    private static func parserMessage(_ error: any Error) -> String {
        let error = error as NSError
        if let nested = error.userInfo["kCFPropertyListOldStyleParsingError"] {
            if let nestedError = nested as? NSError, let message = nestedError.userInfo[NSDebugDescriptionErrorKey] as? String {
                return message
            }
            let text = String(describing: nested)
            if let start = text.range(of: "NSDebugDescription="), let end = text[start.upperBound...].firstIndex(of: "}") {
                return String(text[start.upperBound..<end])
            }
        }
        if let message = error.userInfo[NSDebugDescriptionErrorKey] as? String { return message }
        return error.localizedDescription
    }
}
