import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The binary plist scanner's bound on shared objects (issue 15): a list may refer to one object
/// many times, as Xcode and plutil do for equal strings and keys, but not so often that copying
/// every reference would take more than 8 times its file.
@Suite("binary plists: shared objects")
struct BinaryPlistExpansionTests {
    /// An Info.plist as Xcode writes one for an app with scenes, URL types, fonts and document
    /// types: keys repeated in nested dictionaries, equal values (`$(PRODUCT_NAME)` expanded twice,
    /// `Editor`, `Default Configuration`) that a binary writer stores once.
    static var realisticInfoPlist: [String: Any] {
        let urlTypes: [[String: Any]] = (0..<40).map { index in
            ["CFBundleTypeRole": "Editor", "CFBundleURLName": "com.example.trails", "CFBundleURLSchemes": ["trails\(index)", "trails"]]
        }
        let documentTypes: [[String: Any]] = (0..<20).map { index in
            [
                "CFBundleTypeName": "Trail \(index)", "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner",
                "LSItemContentTypes": ["com.example.trail", "public.data"],
            ]
        }
        let scene: [String: Any] = [
            "UISceneConfigurationName": "Default Configuration", "UISceneDelegateClassName": "Trails.SceneDelegate",
            "UISceneStoryboardFile": "Main",
        ]
        return [
            "CFBundleName": "Trails", "CFBundleExecutable": "Trails", "CFBundleDisplayName": "Trails",
            "CFBundleIdentifier": "com.example.trails", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
            "CFBundlePackageType": "APPL", "LSRequiresIPhoneOS": true, "UILaunchStoryboardName": "LaunchScreen",
            "UIMainStoryboardFile": "Main", "MinimumOSVersion": "16.0",
            "NSLocationWhenInUseUsageDescription": "Trails shows the trails near you.",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Trails records your walk while the phone is locked.",
            "UIBackgroundModes": ["location", "fetch", "remote-notification"],
            "UIRequiredDeviceCapabilities": ["armv7", "location-services", "gps"],
            "UISupportedInterfaceOrientations": [
                "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
            ],
            "UISupportedInterfaceOrientations~ipad": [
                "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
            ],
            "UIApplicationSceneManifest": [
                "UIApplicationSupportsMultipleScenes": true,
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [scene, scene],
                    "CPTemplateApplicationSceneSessionRoleApplication": [scene],
                ],
            ],
            "UIAppFonts": (0..<30).map { "Font\($0).ttf" },
            "CFBundleURLTypes": urlTypes,
            "CFBundleDocumentTypes": documentTypes,
        ]
    }

    @Test("a realistic Info.plist written as Xcode writes it (equal strings and keys once) expands by under half the bound, and is read")
    func realisticSharing() throws {
        let data = UniquingBinaryPlistWriter.write(Self.realisticInfoPlist)
        let unshared = try #require(BinaryPlistScanner.unsharedSize(of: data))
        let ratio = Double(unshared) / Double(data.count)
        #expect(ratio > 1.2, "the writer shares strings: \(unshared) bytes unshared, \(data.count) written")
        // 2.8 times: 40 URL types and 20 document types repeat their keys and values in every entry.
        #expect(ratio < Double(BinaryPlistScanner.expansionFactor) / 2, "\(unshared) bytes unshared, \(data.count) written")
        let document = try PlistReader().read(data, path: "Info.plist")
        #expect(document.format == .binary)
        #expect(document.root["UIBackgroundModes"] == .array([.string("location"), .string("fetch"), .string("remote-notification")]))
        #expect(document.root["CFBundleURLTypes"]?.typeDescription == "an array")
    }

    @Test("the binary Info.plists among the fuzz seeds (the lint fixtures converted by Foundation's writer, which shares nothing) are within the bound")
    func convertedFixtures() throws {
        let folder = Paths.package.appendingPathComponent("Fuzz/Seeds/FuzzPlistLinter")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("binary-") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let unshared = try #require(BinaryPlistScanner.unsharedSize(of: data), "\(name)")
            #expect(Double(unshared) < 2 * Double(data.count), "\(name): \(unshared) bytes unshared, \(data.count) written")
            #expect(BinaryPlistScanner.problem(in: data) == nil, "\(name)")
            checked += 1
        }
        #expect(checked >= 5)
    }

    @Test("without sharing, the unshared size is the file without its header and trailer")
    func noSharing() throws {
        let data = PlistGenerators.binary([
            PlistGenerators.dictionary([1], [2]), PlistGenerators.ascii("NSLocationWhenInUseUsageDescription"),
            PlistGenerators.ascii("Map."),
        ])
        #expect(BinaryPlistScanner.unsharedSize(of: data) == data.count - 8 - 32)
    }

    @Test("the bound is 8 times the file, and at least 1 MiB; a list just past it is refused, just within it read")
    func bound() throws {
        #expect(BinaryPlistScanner.expansionLimit(forFileOf: 100) == 1 << 20)
        #expect(BinaryPlistScanner.expansionLimit(forFileOf: 1 << 20) == 8 << 20)
        // An array of n references to one 1 KiB string: each reference adds 4 + 1,036 bytes unshared.
        func list(_ count: Int) -> Data {
            PlistGenerators.binary([
                PlistGenerators.dictionary([1], [2]), PlistGenerators.ascii("NSLocationWhenInUseUsageDescription"),
                PlistGenerators.array([Int](repeating: 3, count: count)), PlistGenerators.ascii(String(repeating: "x", count: 1024)),
            ])
        }
        var within = 1
        while BinaryPlistScanner.unsharedSize(of: list(within + 1))! <= 1 << 20 { within += 1 }
        #expect(BinaryPlistScanner.problem(in: list(within)) == nil)
        _ = try PlistReader().read(list(within), path: "within.plist")
        #expect(BinaryPlistScanner.problem(in: list(within + 1))?.hasPrefix("its shared objects would expand it to more than 1048576 bytes") == true)
    }

    @Test("reference cycles and references to missing objects are refused before Foundation sees them")
    func cycles() throws {
        let selfContaining = PlistGenerators.binary([PlistGenerators.dictionary([1], [2]), PlistGenerators.ascii("K"), PlistGenerators.array([2])])
        #expect(BinaryPlistScanner.problem(in: selfContaining) == "object 2 contains itself (a cycle of references)")
        let missing = PlistGenerators.binary([PlistGenerators.dictionary([1], [7]), PlistGenerators.ascii("K")])
        #expect(BinaryPlistScanner.problem(in: missing) == "object 0 refers to an object that does not exist")
        // Shared but acyclic: a diamond is fine.
        let diamond = PlistGenerators.binary([
            PlistGenerators.dictionary([1, 2], [3, 3]), PlistGenerators.ascii("A"), PlistGenerators.ascii("B"),
            PlistGenerators.array([4, 4]), PlistGenerators.ascii("leaf"),
        ])
        #expect(BinaryPlistScanner.problem(in: diamond) == nil)
    }
}
