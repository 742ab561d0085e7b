import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading Xcode projects for `lint-plist --project`: targets, build settings resolved as Xcode
/// resolves them (levels, `$(inherited)`, `.xcconfig` includes, conditions), the lines of
/// generated Info.plist keys, paths, and every way a project can fail to be read.
@Suite("Xcode projects")
struct XcodeProjectTests {
    static let root = Paths.fixtures.appendingPathComponent("lint/xcode")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static let trailsPath = path("Trails/Trails.xcodeproj")
    static let trailsFile = trailsPath + "/project.pbxproj"
    static let darkroomPath = path("Darkroom/Darkroom.xcodeproj")

    func trails() throws -> XcodeProject { try XcodeProject.read(at: Self.trailsPath) }

    func resolve(_ project: XcodeProject, _ target: String, _ configuration: String, sdk: String? = nil) throws -> ResolvedTarget {
        let found = try #require(project.target(named: target))
        return project.settings(target: found, configuration: configuration, sdk: sdk)
    }

    /// The error `read(at:)` throws for a path.
    func readError(_ path: String) -> XcodeProjectError? {
        do {
            _ = try XcodeProject.read(at: path)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Targets and configurations

    @Test("targets in the project's order, with kinds, product types and configurations")
    func targets() throws {
        let project = try trails()
        #expect(project.name == "Trails")
        #expect(project.targets.map(\.name) == ["Trails", "TrailsWidget", "TrailsTests"])
        #expect(project.targets.map(\.kind) == [.native, .native, .native])
        #expect(
            project.targets.map(\.productType) == [
                "com.apple.product-type.application", "com.apple.product-type.app-extension", "com.apple.product-type.bundle.unit-test",
            ])
        #expect(project.configurationNames == ["Debug", "Release"])
        #expect(project.defaultConfiguration == "Release")
        #expect(project.sourceRoot == Self.path("Trails"))
        #expect(project.projectFile == Self.trailsFile)
        #expect(project.warnings.isEmpty)
    }

    @Test("the project.pbxproj path reads the same project")
    func projectFilePath() throws {
        let project = try XcodeProject.read(at: Self.trailsFile)
        #expect(project.targets.map(\.name) == ["Trails", "TrailsWidget", "TrailsTests"])
        #expect(project.projectFile == Self.trailsFile)
        #expect(project.sourceRoot == Self.path("Trails"))
    }

    @Test("aggregate targets are kept, with an empty product type")
    func aggregateTarget() throws {
        let project = try XcodeProject.read(at: Self.darkroomPath)
        #expect(project.targets.map(\.name) == ["Darkroom", "Darkroom Docs"])
        let docs = try #require(project.target(named: "Darkroom Docs"))
        #expect(docs.kind == .aggregate)
        #expect(docs.productType == "")
        let resolved = project.settings(target: docs, configuration: "Release")
        #expect(resolved.productType == "")
        #expect(resolved.infoPlistFile == nil)
        #expect(!resolved.generatesInfoPlist)
        #expect(resolved.settings["PRODUCT_NAME"] == "Darkroom Docs")
    }

    // MARK: Generated Info.plist

    @Test("an app whose Info.plist Xcode generates: keys, values and the lines that set them")
    func generatedKeys() throws {
        let project = try trails()
        let release = try resolve(project, "Trails", "Release")
        #expect(release.target == "Trails")
        #expect(release.configuration == "Release")
        #expect(release.productType == "com.apple.product-type.application")
        #expect(release.generatesInfoPlist)
        #expect(release.infoPlistFile == nil)
        #expect(
            release.generatedKeys["NSLocationWhenInUseUsageDescription"]
                == GeneratedKey(
                    value: "Trails shows your position on the trail map.", file: Self.trailsFile, line: 415))
        #expect(release.generatedKeys["CFBundleDisplayName"] == GeneratedKey(value: "Trails", file: Self.trailsFile, line: 413))
        #expect(release.generatedKeys["UIApplicationSceneManifest_Generation"]?.value == "YES")
        #expect(release.warnings.isEmpty)

        let debug = try resolve(project, "Trails", "Debug")
        #expect(
            debug.generatedKeys["NSLocationWhenInUseUsageDescription"]
                == GeneratedKey(
                    value: "Trails (Debug) shows your position on the map and records test tracks.", file: Self.trailsFile, line: 382))
    }

    @Test("a key set in an included .xcconfig points at that file and line")
    func generatedKeyFromXCConfig() throws {
        let release = try resolve(trails(), "Trails", "Release")
        #expect(
            release.generatedKeys["LSApplicationCategoryType"]
                == GeneratedKey(
                    value: "public.app-category.navigation", file: Self.path("Trails/Config/Shared.xcconfig"), line: 10))
    }

    @Test("a key conditional on the SDK applies only when resolving for that SDK")
    func conditionalKey() throws {
        let project = try trails()
        let device = try resolve(project, "Trails", "Release")
        #expect(device.sdk == "iphoneos")
        #expect(device.generatedKeys["NSLocationUsageDescription"] == nil)

        let catalyst = try resolve(project, "Trails", "Release", sdk: "macosx")
        #expect(catalyst.sdk == "macosx")
        #expect(
            catalyst.generatedKeys["NSLocationUsageDescription"]
                == GeneratedKey(
                    value: "Trails shows your position on the trail map.", file: Self.trailsFile, line: 414))
        #expect(catalyst.generatedKeys["NSLocationWhenInUseUsageDescription"]?.line == 415)
    }

    @Test("an extension with an Info.plist file and a generated one: the file's path from SRCROOT")
    func widgetInfoPlist() throws {
        let widget = try resolve(trails(), "TrailsWidget", "Release")
        #expect(widget.productType == "com.apple.product-type.app-extension")
        #expect(widget.generatesInfoPlist)
        let file = try #require(widget.infoPlistFile)
        #expect(file == Self.path("Trails/TrailsWidget/Info.plist"))
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let extensionInfo = try #require(plist["NSExtension"] as? [String: Any])
        #expect(extensionInfo["NSExtensionPointIdentifier"] as? String == "com.apple.widgetkit-extension")
        #expect(plist["NSWidgetWantsLocation"] as? Bool == true)
        #expect(widget.generatedKeys["NSHumanReadableCopyright"] == GeneratedKey(value: "", file: Self.trailsFile, line: 477))
    }

    // MARK: Resolution

    @Test("$(inherited) runs down every level: included .xcconfig, .xcconfig, project, target")
    func inherited() throws {
        let project = try trails()
        #expect(
            try resolve(project, "Trails", "Debug").settings["OTHER_SWIFT_FLAGS"]
                == "-DTRAILS_SHARED -DTRAILS_BASE -DPROJECT_DEBUG -DTRAILS_APP")
        #expect(try resolve(project, "Trails", "Release").settings["OTHER_SWIFT_FLAGS"] == "-DTRAILS_SHARED -DTRAILS_BASE -DTRAILS_APP")
        // A target that does not set it keeps the project's.
        #expect(try resolve(project, "TrailsTests", "Debug").settings["OTHER_SWIFT_FLAGS"] == "-DTRAILS_SHARED -DTRAILS_BASE -DPROJECT_DEBUG")
        // An array setting is joined with spaces; $(inherited) of nothing is empty.
        let debug = try resolve(project, "Trails", "Debug")
        #expect(debug.settings["GCC_PREPROCESSOR_DEFINITIONS"] == "DEBUG=1 ")
        #expect(debug.settings["LD_RUNPATH_SEARCH_PATHS"] == " @executable_path/Frameworks")
    }

    @Test("precedence: target over target .xcconfig over project over project .xcconfig")
    func precedence() throws {
        let project = try trails()
        // Base.xcconfig 16.0 < project 17.0 < target 15.0.
        #expect(
            try resolve(project, "Trails", "Release").deploymentTargets == [
                "IPHONEOS_DEPLOYMENT_TARGET": "15.0", "MACOSX_DEPLOYMENT_TARGET": "12.0",
            ])
        #expect(try resolve(project, "TrailsTests", "Release").deploymentTargets["IPHONEOS_DEPLOYMENT_TARGET"] == "17.0")

        let darkroom = try XcodeProject.read(at: Self.darkroomPath)
        // Project 12.0 < target Darkroom.xcconfig 11.0 < target Release 13.0.
        #expect(try resolve(darkroom, "Darkroom", "Debug").deploymentTargets == ["MACOSX_DEPLOYMENT_TARGET": "11.0"])
        #expect(try resolve(darkroom, "Darkroom", "Release").deploymentTargets == ["MACOSX_DEPLOYMENT_TARGET": "13.0"])
    }

    @Test("values that differ between configurations, including [config=…] in an .xcconfig")
    func perConfiguration() throws {
        let project = try trails()
        let debug = try resolve(project, "Trails", "Debug"), release = try resolve(project, "Trails", "Release")
        #expect(debug.settings["CONFIGURATION"] == "Debug")
        #expect(release.settings["CONFIGURATION"] == "Release")
        #expect(debug.settings["TRAILS_MAP_STYLE"] == "debug-grid")
        #expect(release.settings["TRAILS_MAP_STYLE"] == "outdoors")
        #expect(debug.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "DEBUG ")
        #expect(release.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == nil)
    }

    @Test("an .xcconfig in a synchronized folder, and references to settings of other levels")
    func anchoredXCConfig() throws {
        let widget = try resolve(trails(), "TrailsWidget", "Debug")
        #expect(widget.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.trails.Trails.Widget")
        #expect(widget.settings["TRAILS_WIDGET_KIND"] == "trailswidget")
        #expect(widget.warnings.isEmpty)
    }

    @Test("the defaults capdoc supplies")
    func defaults() throws {
        let tests = try resolve(trails(), "TrailsTests", "Debug")
        #expect(tests.settings["SRCROOT"] == Self.path("Trails"))
        #expect(tests.settings["PROJECT_DIR"] == Self.path("Trails"))
        #expect(tests.settings["PROJECT_NAME"] == "Trails")
        #expect(tests.settings["TARGET_NAME"] == "TrailsTests")
        #expect(tests.settings["PRODUCT_NAME"] == "TrailsTests")
        #expect(tests.settings["CONFIGURATION"] == "Debug")
        // Unknown settings expand to nothing.
        #expect(tests.settings["TEST_HOST"] == "/Trails.app//Trails")
    }

    @Test("platform settings: SDKROOT, Mac Catalyst, supported platforms")
    func platform() throws {
        let project = try trails()
        let app = try resolve(project, "Trails", "Release")
        #expect(app.sdkRoot == "iphoneos")
        #expect(app.supportsMacCatalyst)
        #expect(app.supportedPlatforms == [])
        #expect(try !resolve(project, "TrailsWidget", "Release").supportsMacCatalyst)
    }

    @Test("a macOS app: INFOPLIST_FILE from $(SRCROOT)/$(TARGET_NAME), an .xcconfig from SOURCE_ROOT, operators")
    func macApp() throws {
        let project = try XcodeProject.read(at: Self.darkroomPath)
        let release = try resolve(project, "Darkroom", "Release")
        #expect(release.infoPlistFile == Self.path("Darkroom/Darkroom/Info.plist"))
        #expect(FileManager.default.fileExists(atPath: release.infoPlistFile ?? ""))
        #expect(!release.generatesInfoPlist)
        #expect(release.sdkRoot == "macosx")
        #expect(release.sdk == "macosx")
        #expect(release.settings["PRODUCT_NAME"] == "Darkroom Pro")
        #expect(release.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.Darkroom-Pro")
        #expect(release.settings["CODE_SIGN_IDENTITY"] == "-")
        #expect(release.warnings.isEmpty)

        // The .xcconfig's PRODUCT_NAME uses DARKROOM_EDITION, which the target's Debug settings override.
        let debug = try resolve(project, "Darkroom", "Debug")
        #expect(debug.settings["PRODUCT_NAME"] == "Darkroom Beta")
        #expect(debug.settings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.Darkroom-Beta")
    }

    @Test("projectDirPath moves SRCROOT")
    func projectDirectory() throws {
        let folder = try TemporaryFolder()
        let copy = folder.path + "/Darkroom"
        try FileManager.default.copyItem(atPath: Self.path("Darkroom"), toPath: copy)
        let file = copy + "/Darkroom.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "projectDirPath = \"\";", with: "projectDirPath = Darkroom;")
            .write(toFile: file, atomically: false, encoding: .utf8)
        let project = try XcodeProject.read(at: copy + "/Darkroom.xcodeproj")
        #expect(project.sourceRoot == copy + "/Darkroom")
        let app = try resolve(project, "Darkroom", "Release")
        #expect(app.infoPlistFile == copy + "/Darkroom/Darkroom/Info.plist")
        #expect(app.warnings == ["\(copy)/Darkroom/Configurations/Darkroom.xcconfig: no such file; its settings are missing"])
    }

    // MARK: Paths

    @Test("paths are written from the working folder when the project was named relatively")
    func relativePaths() throws {
        let project = try XcodeProject.read(at: "Trails/Trails.xcodeproj", workingFolder: Self.root.path)
        #expect(project.projectFile == "Trails/Trails.xcodeproj/project.pbxproj")
        #expect(project.sourceRoot == Self.path("Trails"), "SRCROOT stays absolute, as in Xcode")
        let app = try resolve(project, "Trails", "Release")
        #expect(app.generatedKeys["NSLocationWhenInUseUsageDescription"]?.file == "Trails/Trails.xcodeproj/project.pbxproj")
        #expect(app.generatedKeys["LSApplicationCategoryType"]?.file == "Trails/Config/Shared.xcconfig")
        #expect(try resolve(project, "TrailsWidget", "Release").infoPlistFile == "Trails/TrailsWidget/Info.plist")

        let sibling = try XcodeProject.read(at: "../Trails/Trails.xcodeproj/", workingFolder: Self.path("Darkroom"))
        #expect(sibling.projectFile == "../Trails/Trails.xcodeproj/project.pbxproj")
        #expect(try resolve(sibling, "TrailsWidget", "Release").infoPlistFile == "../Trails/TrailsWidget/Info.plist")

        let mac = try XcodeProject.read(at: "./Darkroom.xcodeproj", workingFolder: Self.path("Darkroom"))
        #expect(try resolve(mac, "Darkroom", "Release").infoPlistFile == "Darkroom/Info.plist")
    }

    @Test("lexical path arithmetic")
    func pathArithmetic() {
        #expect(XcodePath.normalize("a/./b/../c/") == "a/c")
        #expect(XcodePath.normalize("../a/../../b") == "../../b")
        #expect(XcodePath.normalize("/a/../../b") == "/b")
        #expect(XcodePath.normalize("") == ".")
        #expect(XcodePath.join("/p", "Info.plist") == "/p/Info.plist")
        #expect(XcodePath.join("/p", "/abs/Info.plist") == "/abs/Info.plist")
        #expect(XcodePath.parent("/a/b") == "/a")
        #expect(XcodePath.parent("/a") == "/")
        #expect(XcodePath.parent("a") == ".")
        #expect(XcodePath.relative("/w/p/a", from: "/w") == "p/a")
        #expect(XcodePath.relative("/w/p/a", from: "/w/q") == "../p/a")
        #expect(XcodePath.relative("/etc/a", from: "/w") == nil)
    }

    // MARK: Errors

    @Test("a project that is not a property list (cut short)")
    func notAPropertyList() {
        let path = Self.path("Broken/Truncated.xcodeproj")
        let error = readError(path)
        guard case .notAPropertyList? = error?.reason else {
            Issue.record("expected notAPropertyList, got \(String(describing: error))")
            return
        }
        #expect(error?.path == path + "/project.pbxproj")
        #expect(error?.description.hasPrefix(path + "/project.pbxproj: not a property list: ") == true)
        #if os(Linux)
            // The old-style parser's words, not the XML parser's ("Unexpected character / at line 1").
            #expect(error?.description == path + "/project.pbxproj: not a property list: Missing ';' on line 54")
        #endif
        #expect(error?.description.contains("\n") == false)
    }

    @Test(
        "property lists that are not projects",
        arguments: [
            ("NoRootObject", "not an Xcode project: no rootObject"),
            ("RootIsGroup", "not an Xcode project: rootObject 5B0E7C222A9F1D4400C3E8A2 is not a PBXProject"),
            ("ArrayAtTop", "not an Xcode project: the property list is an array, not a dictionary"),
            ("NoObjects", "not an Xcode project: no objects dictionary"),
        ])
    func notAProject(name: String, message: String) {
        let path = Self.path("Broken/\(name).xcodeproj")
        #expect(readError(path)?.description == "\(path)/project.pbxproj: \(message)")
    }

    @Test("no such folder, a file that is not a project, a folder without project.pbxproj")
    func missing() throws {
        let nowhere = Self.path("Nowhere.xcodeproj")
        #expect(readError(nowhere)?.description == "\(nowhere): no such folder")
        let plist = Self.path("Trails/TrailsWidget/Info.plist")
        #expect(readError(plist)?.description == "\(plist): not an Xcode project: give the .xcodeproj folder or its project.pbxproj file")

        let folder = try TemporaryFolder()
        let empty = try folder.makeFolder("Empty.xcodeproj")
        #expect(readError(empty)?.description == "\(empty): not an Xcode project: it has no project.pbxproj")
        #expect(readError(empty + "/project.pbxproj")?.description == "\(empty): not an Xcode project: it has no project.pbxproj")
    }

    @Test("a project.pbxproj that is a symbolic link is refused")
    func linkedProjectFile() throws {
        let folder = try TemporaryFolder()
        let project = try folder.makeFolder("Link.xcodeproj")
        try FileManager.default.createSymbolicLink(atPath: project + "/project.pbxproj", withDestinationPath: Self.trailsFile)
        #expect(readError(project)?.description == "\(project)/project.pbxproj: is a symbolic link, which capdoc does not follow")
        #expect(readError(project + "/project.pbxproj")?.reason == .symbolicLink)
    }

    @Test("an .xcconfig that is a symbolic link is refused")
    func linkedXCConfig() throws {
        let folder = try TemporaryFolder()
        let copy = try folder.copyTrails()
        let base = copy + "/Config/Base.xcconfig"
        try FileManager.default.removeItem(atPath: base)
        try FileManager.default.createSymbolicLink(atPath: base, withDestinationPath: Self.path("Trails/Config/Base.xcconfig"))
        #expect(readError(copy + "/Trails.xcodeproj")?.description == "\(base): is a symbolic link, which capdoc does not follow")
    }

    @Test("an included .xcconfig that is a symbolic link is refused too")
    func linkedInclude() throws {
        let folder = try TemporaryFolder()
        let copy = try folder.copyTrails()
        let shared = copy + "/Config/Shared.xcconfig"
        try FileManager.default.removeItem(atPath: shared)
        try FileManager.default.createSymbolicLink(atPath: shared, withDestinationPath: Self.path("Trails/Config/Shared.xcconfig"))
        #expect(readError(copy + "/Trails.xcodeproj")?.reason == .symbolicLink)
        #expect(readError(copy + "/Trails.xcodeproj")?.path == shared)
    }

    @Test("a project.pbxproj over 16 MiB is refused before it is read")
    func tooLarge() throws {
        let folder = try TemporaryFolder()
        let project = try folder.makeFolder("Big.xcodeproj")
        let file = project + "/project.pbxproj"
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)  // sparse: no 16 MiB written
        try handle.close()
        #expect(readError(project)?.description == "\(file): 16777217 bytes, over the limit of 16 MiB")
    }

    @Test("a project.pbxproj that is a folder or a FIFO is refused, without blocking")
    func notRegularFile() throws {
        let folder = try TemporaryFolder()
        let withFolder = try folder.makeFolder("Folder.xcodeproj")
        _ = try folder.makeFolder("Folder.xcodeproj/project.pbxproj")
        #expect(readError(withFolder)?.description == "\(withFolder)/project.pbxproj: not a regular file")

        let withFIFO = try folder.makeFolder("FIFO.xcodeproj")
        #expect(mkfifo(withFIFO + "/project.pbxproj", 0o600) == 0)
        #expect(readError(withFIFO)?.reason == .notRegularFile)
    }

    @Test("an .xcconfig that is not UTF-8 is refused")
    func notText() throws {
        let folder = try TemporaryFolder()
        let copy = try folder.copyTrails()
        let base = copy + "/Config/Base.xcconfig"
        try Data([0x4D, 0x41, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: base))
        #expect(readError(copy + "/Trails.xcodeproj")?.description == "\(base): not UTF-8 text")
    }

    // MARK: Hostile input

    @Test("wrong types, cycles and missing pieces are skipped with warnings")
    func oddProject() throws {
        let path = Self.path("Broken/Odd/Odd.xcodeproj")
        let file = path + "/project.pbxproj"
        let project = try XcodeProject.read(at: path)
        #expect(project.targets.map(\.name) == ["NoList", "Survivor", "Make"])
        #expect(project.targets.map(\.kind) == [.native, .native, .legacy])
        #expect(project.configurationNames == ["Release"])
        #expect(project.defaultConfiguration == "Release", "the named default, Staging, does not exist")
        #expect(
            project.warnings == [
                "\(file): the project, configuration 'Release': setting BAD_DICTIONARY is a dictionary; ignored",
                "\(file): the project, configuration 'Release': \"not a setting!\" is not a setting name; ignored",
                "\(file): the project lists a build configuration that is not an object; skipped",
                "\(file): target 7D41A0992B3C5E6F00112233 is not an object of the project; skipped",
                "\(file): a target entry is a dictionary, not an object id; skipped",
                "\(file): target 7D41A0112B3C5E6F00112233 is a PBXGroup, not a target; skipped",
                "\(file): target 'NoList' has no build configuration list; only the levels above it apply",
                "\(file): target 'Survivor', configuration 'Release': buildSettings is a string, not a dictionary; ignored",
                "\(file): target 7D41A0232B3C5E6F00112233 has no name; skipped",
                "\(file): target 7D41A0252B3C5E6F00112233 is not an object of the project; skipped",
                "\(Self.path("Broken/Odd/A/B/Loop.xcconfig")):7: expected NAME = value",
            ])

        let loop = Self.path("Broken/Odd/A/B/Loop.xcconfig")
        let survivor = try resolve(project, "Survivor", "Release")
        #expect(
            survivor.warnings == [
                "\(loop): includes itself (included from \(loop):2); the inclusion is skipped",
                "\(Self.path("Broken/Odd/A/B/Gone.xcconfig")): no such file (included from \(loop):4); its settings are missing",
                "\(Self.path("Broken/Odd/Missing.xcconfig")): no such file; its settings are missing",
                "the operator :quote (in $(SDKROOT:quote)) is not supported; it expands to nothing",
            ])
        // As `lint-plist` prints them: each at its file, the project's with the target and configuration.
        #expect(
            survivor.warningLines == [
                "\(loop): includes itself (included from \(loop):2); the inclusion is skipped",
                "\(Self.path("Broken/Odd/A/B/Gone.xcconfig")): no such file (included from \(loop):4); its settings are missing",
                "\(Self.path("Broken/Odd/Missing.xcconfig")): no such file; its settings are missing",
                "\(file): target 'Survivor', configuration 'Release': the operator :quote (in $(SDKROOT:quote)) is not supported; it expands to nothing",
            ])
        // The .xcconfig was found through groups that contain each other.
        #expect(survivor.settings["LOOP_SETTING"] == "from the loop")
        // Self and mutual references end instead of looping.
        #expect(survivor.settings["SELF"] == " tail")
        #expect(survivor.settings["PING"] == " pong")
        #expect(survivor.settings["PONG"] == " pong")
        #expect(survivor.settings["NESTED"] == "picked")
        #expect(survivor.settings["DEFAULTED"] == "fallback")
        #expect(survivor.settings["UNKNOWN_OPERATOR"] == "")
        #expect(survivor.settings["BAD_DICTIONARY"] == nil)
        #expect(survivor.generatedKeys["NSLocationAlwaysAndWhenInUseUsageDescription"]?.value == "Always on")

        let debug = try resolve(project, "Survivor", "Debug")
        #expect(
            debug.warnings == [
                "the project has no configuration 'Debug' and no default one; its settings are left out",
                "target 'Survivor', configuration 'Debug': cannot tell where its base configuration 7D41A0032B3C5E6F00112233 is; its settings are left out",
            ])
        #expect(debug.settings["PRODUCT_NAME"] == "Survivor")
        #expect(debug.settings["SDKROOT"] == nil)

        let noList = try resolve(project, "NoList", "Release")
        #expect(noList.settings["SDKROOT"] == "iphoneos")
        #expect(noList.productType == "com.apple.product-type.application")
        let make = try resolve(project, "Make", "Release")
        #expect(make.productType == "")
        #expect(make.settings["PRODUCT_NAME"] == "Make")
    }

    @Test("damaged copies of a project are read or refused, never crash")
    func damagedProjects() throws {
        let folder = try TemporaryFolder()
        let copy = try folder.copyTrails()
        let file = copy + "/Trails.xcodeproj/project.pbxproj"
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: Self.trailsFile)))
        let noise = Array("{}();=,\"\\$()/*".utf8) + [0, 0xFF, 0x0A]
        var random = SplitMix(state: 0x0DD5)
        var read = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 0...200, using: &random))
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.removeSubrange(start..<end)
                case 1: bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &random))
                default: bytes.insert(noise.randomElement(using: &random)!, at: start)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            _ = PBXSettingLines.find(in: bytes)
            guard let project = try? XcodeProject.read(at: copy + "/Trails.xcodeproj") else { continue }
            read += 1
            for target in project.targets {
                for configuration in project.configurationNames + ["Other"] {
                    _ = project.settings(target: target, configuration: configuration)
                }
            }
        }
        #expect(read > 0, "some damage leaves a readable project")
    }

    @Test("a target without the configuration asked for uses its default one")
    func configurationFallback() throws {
        let project = try trails()
        let resolved = try resolve(project, "Trails", "Staging")
        #expect(
            resolved.warnings == [
                "the project has no configuration 'Staging'; its default, 'Release', is used",
                "target 'Trails' has no configuration 'Staging'; its default, 'Release', is used",
            ])
        #expect(resolved.settings["CONFIGURATION"] == "Staging")
        #expect(resolved.generatedKeys["NSLocationWhenInUseUsageDescription"]?.line == 415)
    }

    // MARK: Expansion

    func evaluator(_ definitions: [(String, String)]) -> XcodeSettingEvaluator {
        var stacks: [String: [XcodeSettingAssignment]] = [:]
        for (name, value) in definitions {
            stacks[name, default: []].append(XcodeSettingAssignment(name: name, conditions: [], value: value, file: "", line: 0))
        }
        return XcodeSettingEvaluator(stacks: stacks)
    }

    @Test("$(…) and ${…}, nesting, operators; $VAR and unclosed references stay as written")
    func expansion() {
        let settings = evaluator([
            ("NAME", "My App"), ("KIND", "APP"), ("LABEL_APP", "application"), ("EMPTY", ""),
            ("PATH", "/a/b/Info.plist"), ("FLAG", "YES"), ("BASE", "x"), ("BASE", "$(inherited) y ${inherited}"),
        ])
        #expect(settings.expand("${NAME} is an $(LABEL_$(KIND))") == "My App is an application")
        #expect(
            settings.expand("$(NAME:rfc1034identifier).$(NAME:identifier).$(NAME:lower).$(NAME:upper)")
                == "My-App.My_App.my app.MY APP")
        #expect(settings.expand("$(PATH:dir)|$(PATH:file)|$(PATH:base)|$(PATH:suffix)") == "/a/b/|Info.plist|Info|.plist")
        #expect(settings.expand("$(EMPTY:default=$(NAME))|$(NAME:default=other)|$(FLAG:not)") == "My App|My App|NO")
        #expect(settings.expand("$NAME $(NAME $() $(") == "$NAME $(NAME  $(")
        #expect(settings.expand("$(MISSING)") == "")
        #expect(settings.value(of: "BASE") == "x y x")
        #expect(settings.warnings.isEmpty)
    }

    @Test("cycles end and exponential expansions stop at the budget")
    func boundedExpansion() {
        let cycle = evaluator([("A", "$(B)a"), ("B", "$(C)b"), ("C", "$(A)c")])
        #expect(cycle.value(of: "A") == "cba")
        #expect(cycle.value(of: "C") == "bac")

        var doubling: [(String, String)] = [("L0", String(repeating: "x", count: 1000))]
        for level in 1...40 { doubling.append(("L\(level)", "$(L\(level - 1))$(L\(level - 1))")) }
        let explosive = evaluator(doubling)
        let started = Date()
        let value = explosive.value(of: "L40")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(value.utf8.count <= XcodeSettingEvaluator.maximumCharacters)
        #expect(!explosive.warnings.isEmpty)
    }

    @Test("a long $(inherited) chain stops at the depth bound instead of exhausting the stack")
    func deepInheritance() {
        let deep = evaluator(Array(repeating: ("X", "$(inherited)x"), count: 1000))
        #expect(deep.value(of: "X") == String(repeating: "x", count: XcodeSettingEvaluator.maximumDepth))
        #expect(deep.warnings == ["settings nest more than \(XcodeSettingEvaluator.maximumDepth) deep (at X); the rest expands to nothing"])
    }

    // MARK: .xcconfig files

    @Test("xcconfig lines: comments anywhere, ;, continuation, conditions, includes, problems")
    func xcconfigParsing() {
        let text = """
            // A comment
            URL = https://example.com/trails   // `//` starts a comment even in a value
            SEMICOLON = value ;
            FLAGS = -a \\
                -b \\
                -c
            KEY[sdk=iphoneos*][arch=*] = device
            KEY [config=Debug]=debug
            EMPTY =
            #include "Other.xcconfig"
            #include? "../Optional.xcconfig"
            #include "<DEVELOPER_DIR>/Makefiles/Base.xcconfig"
            #import "Other.xcconfig"
            = no name
            9LIVES = x
            """
        let file = XCConfigFile(text: text, path: "/p/Config/Base.xcconfig", displayPath: "Config/Base.xcconfig")
        let assignments = file.entries.compactMap { entry -> XcodeSettingAssignment? in
            if case let .assignment(assignment) = entry { return assignment }
            return nil
        }
        #expect(
            assignments.map { "\($0.line) \($0.name)=\($0.value)" } == [
                "2 URL=https:", "3 SEMICOLON=value", "4 FLAGS=-a -b -c", "7 KEY=device", "8 KEY=debug", "9 EMPTY=",
            ])
        #expect(
            assignments[3].conditions == [
                XcodeSettingCondition(parameter: "sdk", pattern: "iphoneos*"), XcodeSettingCondition(parameter: "arch", pattern: "*"),
            ])
        #expect(assignments[4].conditions == [XcodeSettingCondition(parameter: "config", pattern: "Debug")])
        let includes = file.entries.compactMap { entry -> String? in
            if case let .include(name, path, optional, line) = entry { return "\(line) \(name) \(path ?? "-") \(optional)" }
            return nil
        }
        #expect(
            includes == [
                "10 Other.xcconfig /p/Config/Other.xcconfig false",
                "11 ../Optional.xcconfig /p/Optional.xcconfig true",
                "12 <DEVELOPER_DIR>/Makefiles/Base.xcconfig - false",
            ])
        #expect(
            file.problems == [
                "Config/Base.xcconfig:13: unsupported directive ‘#import’",
                "Config/Base.xcconfig:14: unexpected ‘=’",
                "Config/Base.xcconfig:15: unexpected ‘9’",
            ])
    }

    @Test("inclusions: nesting, repetition and unresolvable names are bounded and reported")
    func includeBudgets() throws {
        let folder = try TemporaryFolder()
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        // Chain0 includes Chain1 … includes Chain29: deeper than the bound.
        for level in 0..<30 { try write("Chain\(level).xcconfig", "#include \"Chain\(level + 1).xcconfig\"\nLEVEL = \(level)\n") }
        try write("Chain30.xcconfig", "LEVEL = 30\n")
        // Many includes of one file: past the budget of visits.
        try write("Leaf.xcconfig", "LEAF = $(inherited) leaf\n")
        try write(
            "Many.xcconfig",
            String(repeating: "#include \"Leaf.xcconfig\"\n", count: 1000)
                + "#include \"<DEVELOPER_DIR>/Base.xcconfig\"\n")
        try write("Few.xcconfig", "#include \"Leaf.xcconfig\"\n#include \"<DEVELOPER_DIR>/Base.xcconfig\"\n#include? \"<DEVELOPER_DIR>/Optional.xcconfig\"\n")
        let paths = XcodeProjectPaths(given: folder.path + "/P.xcodeproj", workingFolder: "/")
        let names = ["Chain0", "Many", "Few"].map { folder.path + "/\($0).xcconfig" }
        let library = try XCConfigLibrary.load(roots: names, paths: paths)

        let chain = library.assignments(from: names[0], paths: paths)
        let depth = XCConfigLibrary.maximumIncludeDepth
        #expect(chain.assignments.map(\.value) == (0..<depth).reversed().map(String.init))
        #expect(
            chain.warnings == [
                "\(folder.path)/Chain\(depth).xcconfig: inclusions nest more than \(depth) deep (included from \(folder.path)/Chain\(depth - 1).xcconfig:1); skipped"
            ])

        let many = library.assignments(from: names[1], paths: paths)
        #expect(many.assignments.count == XCConfigLibrary.maximumVisits - 1)
        #expect(many.warnings == ["\(folder.path)/Many.xcconfig: includes more than \(XCConfigLibrary.maximumVisits) files; the rest are skipped"])

        let few = library.assignments(from: names[2], paths: paths)
        #expect(few.assignments.map(\.name) == ["LEAF"])
        #expect(few.warnings == ["\(folder.path)/Few.xcconfig:2: cannot find \"<DEVELOPER_DIR>/Base.xcconfig\"; the inclusion is skipped"])
    }

    @Test("a file of garbage reports its first problems and counts the rest")
    func xcconfigProblemsAreCapped() {
        let file = XCConfigFile(text: String(repeating: "{ not a setting }\n", count: 30), path: "/p/G.xcconfig", displayPath: "G.xcconfig")
        #expect(file.entries.isEmpty)
        #expect(file.problems.count == XCConfigFile.maximumProblems + 1)
        #expect(file.problems.first == "G.xcconfig:1: unexpected ‘{’")
        #expect(file.problems.last == "G.xcconfig: 10 more lines not understood")
    }

    @Test("setting keys and condition patterns")
    func keysAndConditions() {
        #expect(XcodeSettingAssignment.parseKey("INFOPLIST_KEY_X")?.name == "INFOPLIST_KEY_X")
        #expect(
            XcodeSettingAssignment.parseKey("INFOPLIST_KEY_X[sdk=iphoneos*]")?.conditions == [XcodeSettingCondition(parameter: "sdk", pattern: "iphoneos*")])
        #expect(XcodeSettingAssignment.parseKey("X[sdk]") == nil)
        #expect(XcodeSettingAssignment.parseKey("X[sdk=a") == nil)
        #expect(XcodeSettingAssignment.parseKey("X Y") == nil)
        #expect(XcodeSettingAssignment.parseKey("1X") == nil)

        let device = XcodeConditionValues(sdk: "iphoneos", configuration: "Debug")
        #expect(device.matches([XcodeSettingCondition(parameter: "sdk", pattern: "iphoneos*")]))
        #expect(!device.matches([XcodeSettingCondition(parameter: "sdk", pattern: "iphonesimulator*")]))
        #expect(device.matches([XcodeSettingCondition(parameter: "config", pattern: "Deb*")]))
        #expect(device.matches([XcodeSettingCondition(parameter: "arch", pattern: "*")]))
        #expect(!device.matches([XcodeSettingCondition(parameter: "arch", pattern: "arm64")]), "no architecture is resolved")
        #expect(!XcodeConditionValues(sdk: nil, configuration: "Debug").matches([XcodeSettingCondition(parameter: "sdk", pattern: "macosx*")]))
        #expect(XcodeConditionValues.glob("*os*", matches: "iphoneos"))
        #expect(!XcodeConditionValues.glob("mac*x", matches: "macosx1"))
        #expect(
            XcodeTargetResolver.sdkName(
                sdkRoot: "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Developer/SDKs/iPhoneOS17.2.sdk", platforms: "") == "iphoneos")
        #expect(XcodeTargetResolver.sdkName(sdkRoot: "auto", platforms: "xros xrsimulator") == "xros")
        #expect(XcodeTargetResolver.sdkName(sdkRoot: "", platforms: "") == nil)
    }

    // MARK: Lines in project.pbxproj

    @Test("setting lines: quoted keys, values over several lines, comments with braces")
    func settingLines() {
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tAA /* Debug { */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tLIST = (
            \t\t\t\t\t"$(inherited)",
            \t\t\t\t\t"a;b}",
            \t\t\t\t);
            \t\t\t\t"KEY[sdk=macosx*]" = "x \\" = {";
            \t\t\t\t"ESC\\U00e9" = 1;
            \t\t\t\tPLAIN = 2;
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\tBB = {
            \t\t\tbuildSettings = {
            \t\t\t\tPLAIN = 3;
            \t\t\t};
            \t\t\tother = {
            \t\t\t\tNOT_A_SETTING = 4;
            \t\t\t};
            \t\t};
            \t};
            \tbuildSettings = {
            \t\tTOP_LEVEL = 5;
            \t};
            }
            """
        let lines = PBXSettingLines.find(in: Array(text.utf8))
        #expect(
            lines == [
                "AA": ["LIST": 7, "KEY[sdk=macosx*]": 11, "ESCé": 12, "PLAIN": 13],
                "BB": ["PLAIN": 19],
            ])
    }
}

/// A folder under the system's temporary folder, removed when the test ends.
private final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "capdoc-xcode-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func makeFolder(_ relative: String) throws -> String {
        let folder = path + "/" + relative
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A copy of the Trails fixture, to break one file of.
    func copyTrails() throws -> String {
        let copy = path + "/Trails"
        try FileManager.default.copyItem(atPath: XcodeProjectTests.path("Trails"), toPath: copy)
        return copy
    }
}
