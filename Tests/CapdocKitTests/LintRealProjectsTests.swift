import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// What issue 40 found wrong on real apps: real keys called misspellings, multiplatform targets
/// linted on one platform, missing keys without a line, SARIF that code scanning cannot place,
/// placeholder purpose strings, the Mac sandbox's location entitlement, screen savers typed as apps.
@Suite("lint-plist: real projects")
struct LintRealProjectsTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let linter = PlistLinter(report: LintRealProjectsTests.report)
    var vocabulary: Vocabulary { Self.report.model.vocabulary }
    var inputs: LintInputReader { LintInputReader(vocabulary: vocabulary) }
    static let folder = Paths.fixtures.appendingPathComponent("lint")

    func path(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    func lint(_ name: String, _ options: LintOptions = LintOptions()) throws -> LintResult {
        try linter.lint(try inputs.subject(plistAt: path(name), options: options).get())
    }

    func project(_ name: String) throws -> [LintResult] {
        let found = try inputs.subjects(projectAt: path(name), targets: [], configuration: nil, options: LintOptions())
        #expect(found.failures.isEmpty, "\(found.failures)")
        return try found.subjects.map { try linter.lint($0) }
    }

    func rules(_ result: LintResult) -> [String] { result.findings.map { "\($0.rule.rawValue) \($0.key)" } }

    // MARK: 1. Real keys

    /// A plausible value of a key, of the type the model gives it (a string for the others).
    func value(for key: String) -> PlistValue {
        switch vocabulary.entity(.key, key)?.attributes["type"] {
        case "boolean": .boolean(true)
        case "array": .array([.string("location")])
        case "dictionary": .dictionary(["Purpose": .string("Shows the route.")])
        default: .string("Shows where you are on the map.")
        }
    }

    @Test("every key known on a platform (the model's, and Apple's documented ones) is never a misspelling there")
    func knownKeysPerPlatform() throws {
        for platform in vocabulary.ids(.platform) {
            let modelKeys = vocabulary.ids(.key).filter { key in
                Self.report.merge.facts(.keyExists, subject: key, platform: platform).contains { $0.value == .boolean(true) }
            }
            let keys = modelKeys + DocumentedInfoPlistKeys.keys(on: platform)
            for key in keys {
                let result = try linter.lint([key: value(for: key)], file: "Info.plist", platform: platform)
                #expect(!result.findings.contains { $0.rule == .misspelledKey }, "\(key) on \(platform): \(rules(result))")
            }
        }
        #expect(DocumentedInfoPlistKeys.keys(on: "watchos").contains("WKBackgroundModes"))
    }

    @Test("the documented keys name model platforms, are not keys of the model, and have Apple's page")
    func documentedKeysAreWellFormed() {
        var seen: Set<String> = []
        for entry in DocumentedInfoPlistKeys.entries {
            #expect(seen.insert(entry.key).inserted, "\(entry.key) is listed twice")
            #expect(!vocabulary.contains(.key, entry.key), "\(entry.key) is a key of the model: Content says what it is")
            #expect(!entry.platforms.isEmpty && entry.platforms.allSatisfy { vocabulary.contains(.platform, $0) }, "\(entry)")
            // Each key cites its own page of Apple's reference, or Apple's archived key reference.
            let ownPage = DocumentedInfoPlistKeys.referenceRoot + entry.key.lowercased()
            let archived = "https://developer.apple.com/library/ios/documentation/general/Reference/InfoPlistKeyReference/"
            #expect(entry.page == ownPage || entry.page.hasPrefix(archived), "\(entry.key): \(entry.page)")
        }
    }

    @Test("the documented keys cover every platform, each with the keys a bundle of it carries")
    func documentedKeysPerPlatform() {
        // A key of every kind of bundle on every platform, as Apple's pages list them.
        for platform in vocabulary.ids(.platform) {
            #expect(DocumentedInfoPlistKeys.keys(on: platform).contains("CFBundleIdentifier"), "\(platform)")
        }
        let expected: [String: [String]] = [
            "ios": ["UIApplicationSceneManifest", "UILaunchScreen", "NSCameraUsageDescription", "LSApplicationQueriesSchemes"],
            "ipados": ["UIRequiresFullScreen", "UISupportedInterfaceOrientations"],
            "mac-catalyst": ["LSMinimumSystemVersion", "LSRequiresIPhoneOS", "UIApplicationSupportsIndirectInputEvents"],
            "macos": ["LSUIElement", "NSMainStoryboardFile", "NSPrincipalClass", "NSDesktopFolderUsageDescription"],
            "tvos": ["UIAppSupportsHDR", "NSVideoSubscriberAccountUsageDescription", "UIUserInterfaceStyle"],
            "visionos": ["UIApplicationPreferredDefaultSceneSessionRole", "NSWorldSensingUsageDescription"],
            "watchos": ["WKBackgroundModes", "WKApplication", "WKSupportsAlwaysOnDisplay"],
        ]
        for (platform, keys) in expected {
            let known = Set(DocumentedInfoPlistKeys.keys(on: platform))
            #expect(keys.allSatisfy(known.contains), "\(platform): \(keys.filter { !known.contains($0) })")
        }
        // A key is listed only on the platforms its page names.
        #expect(!DocumentedInfoPlistKeys.keys(on: "tvos").contains("UISupportedInterfaceOrientations"))
        #expect(!DocumentedInfoPlistKeys.keys(on: "watchos").contains("LSUIElement"))
    }

    @Test("a WatchKit extension's WKBackgroundModes is no misspelling; a typo of a model key still is")
    func watchBackgroundModes() throws {
        let result = try lint("watch-extension-background.plist")
        #expect(result.platform == "watchos" && result.bundle == .watchApp)
        #expect(rules(result).isEmpty, "\(rules(result))")
        let typo = try linter.lint(["UIBackgroundMode": .array([])], file: "Info.plist", platform: "watchos")
        #expect(rules(typo) == ["misspelled-key UIBackgroundMode"])
    }

    // MARK: 2. Every platform

    @Test("a plist with the template's LSRequiresIPhoneOS and UIDeviceFamily 3 is a tvOS plist")
    func tvOSPlist() throws {
        let result = try lint("tvos-template-keys.plist")
        #expect(result.platform == "tvos")
    }

    /// The platforms a plist's keys name.
    func platforms(_ plist: [String: PlistValue]) -> [String] { PlatformNames(vocabulary: vocabulary).platforms(declaredBy: plist) }

    @Test("a plist alone is typed by its keys, for every platform they name")
    func plistTypedByKeys() {
        let families = { (values: [Int64]) in PlistValue.array(values.map { .integer($0) }) }
        #expect(platforms(["LSRequiresIPhoneOS": .boolean(true), "UIDeviceFamily": .integer(4)]) == ["watchos"])
        #expect(platforms(["LSRequiresIPhoneOS": .boolean(true), "UIDeviceFamily": families([1, 2])]) == ["ios"])
        #expect(platforms(["LSRequiresIPhoneOS": .boolean(true), "UIDeviceFamily": families([3])]) == ["tvos"])
        #expect(platforms(["UIDeviceFamily": families([1, 2, 3])]) == ["ios", "tvos"])
        #expect(platforms(["UIDeviceFamily": families([7])]) == ["visionos"])
        #expect(platforms(["UIDeviceFamily": families([1, 7])]) == ["ios", "visionos"])
        #expect(platforms(["WKApplication": .boolean(true)]) == ["watchos"])
        #expect(platforms(["WKWatchKitApp": .boolean(true)]) == ["watchos"])
        #expect(platforms(["LSMinimumSystemVersion": .string("13.0")]) == ["macos"])
        // The iOS app built for the Mac: its iOS key and the key only the Mac reads.
        #expect(platforms(["LSRequiresIPhoneOS": .boolean(true), "LSMinimumSystemVersion": .string("12.0")]) == ["ios", "mac-catalyst"])
        // A built bundle names its platform, whatever else it carries.
        #expect(platforms(["DTPlatformName": .string("appletvos"), "UIDeviceFamily": families([1, 3])]) == ["tvos"])
        #expect(platforms(["CFBundleSupportedPlatforms": .array([.string("iPhoneOS"), .string("XROS")])]) == ["ios", "visionos"])
        #expect(platforms(["CFBundleIdentifier": .string("com.example.app")]).isEmpty)
    }

    @Test("a plist whose keys name several platforms is linted on each, each finding saying for which")
    func plistOnSeveralPlatforms() throws {
        let subjects = try inputs.subjects(plistAt: path("multiplatform-families.plist"), options: LintOptions()).get()
        #expect(subjects.map(\.platform) == ["ios", "tvos"])
        let results = try subjects.map { try linter.lint($0) }
        // Always does not exist on tvOS: its key is not read there, and that finding says so.
        let tv = try #require(results.last)
        #expect(rules(tv).contains("key-not-on-platform NSLocationAlwaysAndWhenInUseUsageDescription"), "\(rules(tv))")
        #expect(tv.findings.allSatisfy { $0.message.contains("tvOS") }, "\(tv.findings.map(\.message))")
        #expect(!rules(results[0]).contains { $0.hasPrefix("key-not-on-platform") }, "\(rules(results[0]))")
        // --platform picks one.
        let one = try inputs.subjects(plistAt: path("multiplatform-families.plist"), options: LintOptions(platform: "tvos")).get()
        #expect(one.map(\.platform) == ["tvos"])
    }

    @Test("an iOS plist with the Mac's minimum version is linted for iOS and Mac Catalyst, each at its own version")
    func catalystPlistByKeys() throws {
        let subjects = try inputs.subjects(plistAt: path("catalyst-keys.plist"), options: LintOptions()).get()
        #expect(subjects.map { "\($0.platform) \($0.deploymentTarget.map(\.description) ?? "-")" } == ["ios 16.0", "mac-catalyst 16.0"])
        let catalyst = try linter.lint(try #require(subjects.last))
        // Mac Catalyst needs the Mac key too.
        #expect(rules(catalyst).contains("missing-usage-key NSLocationUsageDescription"), "\(rules(catalyst))")
        let vision = try inputs.subjects(plistAt: path("vision-family.plist"), options: LintOptions()).get()
        #expect(vision.map(\.platform) == ["visionos"])
    }

    @Test("a target is linted for SDKROOT, each supported platform, Mac Catalyst and Designed for iPad on visionOS")
    func everyPlatform() throws {
        let results = try project("xcode/Atlas/Atlas.xcodeproj")
        let passes = results.map { "\($0.target ?? "") \($0.platform) \($0.deploymentTarget.map(\.description) ?? "-")" }
        #expect(
            passes == [
                "Atlas tvos 17.0", "Atlas ios 17.0", "Atlas macos 14.0",
                "Compass ios 17.0", "Compass tvos 17.0", "Compass visionos 1.0", "Compass mac-catalyst 17.0",
                "Ferry ios 16.0", "Ferry visionos 1.0",
            ])
        // The visionOS build reads the setting conditioned on its SDK; the others do not.
        let compass = results.filter { $0.target == "Compass" }
        #expect(compass.first { $0.platform == "visionos" }?.requests.contains("always") == true)
        #expect(compass.first { $0.platform == "ios" }?.requests.contains("always") == false)
        // The macOS build of Atlas lacks the Mac key: a finding on the target's INFOPLIST_KEY_ line,
        // which says it is about macOS.
        let mac = try #require(results.first { $0.target == "Atlas" && $0.platform == "macos" })
        let missing = try #require(mac.findings.first { $0.rule == .missingUsageKey })
        #expect(missing.key == "NSLocationUsageDescription" && missing.message.contains("macOS"))
        #expect(missing.location.file.hasSuffix("Atlas.xcodeproj/project.pbxproj"))
        let lines = try String(contentsOfFile: path("xcode/Atlas/Atlas.xcodeproj/project.pbxproj"), encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(missing.location.line)
        #expect(lines[line - 1].contains("INFOPLIST_KEY_NSLocationWhenInUseUsageDescription"), "\(lines[line - 1])")
    }

    @Test("a finding of one platform's pass that does not name the platform says which")
    func findingSaysPlatform() throws {
        var subject = try inputs.subject(plistAt: path("placeholder-strings.plist"), options: LintOptions(platform: "tvos")).get()
        subject.severalPlatforms = true
        let result = try linter.lint(subject)
        let placeholder = try #require(result.findings.first { $0.rule == .placeholderUsageKey })
        #expect(placeholder.message.hasSuffix("(when built for tvOS)"))
        subject.severalPlatforms = false
        #expect(try linter.lint(subject).findings.allSatisfy { !$0.message.contains("when built for") })
    }

    /// The 1-based line of the first line of a fixture holding `text`.
    func lineOf(_ text: String, in file: String) throws -> Int {
        let lines = try String(contentsOfFile: path(file), encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    // MARK: 5. Lines, SARIF

    @Test("a missing key with no present key of its request points at the top-level <dict>")
    func missingKeyLine() throws {
        let result = try lint("mac-app-ios-keys.plist")
        let missing = try #require(result.findings.first { $0.rule == .missingUsageKey })
        #expect(missing.location.line == (try lineOf("<dict>", in: "mac-app-ios-keys.plist")))
    }

    @Test("SARIF: a line on every result, repository-relative paths for absolute inputs, fingerprints, help addresses")
    func sarif() throws {
        let results = try project("xcode/Atlas/Atlas.xcodeproj") + [try lint("mac-app-ios-keys.plist")]
        let failure = LintFailure(location: LintLocation(file: path("xcode")), message: "unreadable")
        var formatter = LintReportFormatter(workingDirectory: "/", docsURL: "https://example.org/lint-plist.md")
        formatter.sarifRoot = Paths.fixtures.path
        guard case let .object(log) = formatter.sarif(LintRun(results: results, failures: [failure])),
            case let .array(runs)? = log["runs"], case let .object(run)? = runs.first, case let .array(found)? = run["results"]
        else { Issue.record("no SARIF run"); return }
        let text = JSONValue.object(log).serialized()
        #expect(text.contains("\"https://example.org/lint-plist.md\""), "informationUri")
        #expect(text.contains("\"https://example.org/lint-plist.md#missing-usage-key\""), "helpUri")
        #expect(!found.isEmpty)
        var fingerprints: Set<String> = []
        for case let .object(result) in found {
            guard case let .array(locations)? = result["locations"], case let .object(location)? = locations.first,
                case let .object(physical)? = location["physicalLocation"], case let .object(artifact)? = physical["artifactLocation"],
                case let .object(region)? = physical["region"], case let .object(prints)? = result["partialFingerprints"],
                case let .string(print)? = prints[SARIFFingerprints.name]
            else { Issue.record("a result without its place: \(result)"); continue }
            #expect(region["startLine"] != nil)
            #expect(artifact["uriBaseId"] == .string("%SRCROOT%"))
            if case let .string(uri)? = artifact["uri"] { #expect(uri.hasPrefix("lint/"), "\(uri)") }
            #expect(fingerprints.insert(print).inserted)
        }
    }

    @Test("fingerprints: the same parts give the same hash, counted by occurrence")
    func fingerprints() {
        var a = SARIFFingerprints()
        var b = SARIFFingerprints()
        let first = a.next(["rule", "key"])
        #expect(first == b.next(["rule", "key"]) && first.hasSuffix(":1") && first.count == 18)
        #expect(a.next(["rule", "key"]) == first.dropLast() + "2")
        #expect(a.next(["rule", "other"]).hasSuffix(":1"))
    }

    // MARK: 6. Placeholders, the sandbox, bundle kinds, wording

    @Test(
        "placeholder purpose strings",
        arguments: [
            ("TODO", true), ("  todo  ", true), ("TODO: say why", true), ("FIXME later", true), ("TBD", true),
            ("NSLocationWhenInUseUsageDescription", true), ("Privacy - Location When In Use Usage Description", true),
            ("Your location usage description goes here", true), ("Lorem ipsum dolor sit amet", true),
            ("Todo shows the reminders near you.", false), ("Trails needs your location to do navigation.", false),
            ("Shows where you are on the map.", false), ("", false),
        ])
    func placeholders(_ text: String, _ isPlaceholder: Bool) {
        let reason = PlaceholderText.reason(
            text, key: "NSLocationWhenInUseUsageDescription", label: "Privacy - Location When In Use Usage Description")
        #expect((reason != nil) == isPlaceholder, "\(text): \(reason ?? "none")")
    }

    @Test("placeholder purpose strings are errors, in the plist and in the temporary dictionary")
    func placeholderFindings() throws {
        let result = try lint("placeholder-strings.plist", LintOptions(platform: "ios"))
        #expect(
            rules(result).filter { !$0.hasPrefix("deprecated") } == [
                "placeholder-usage-key NSLocationAlwaysAndWhenInUseUsageDescription",
                "placeholder-usage-key NSLocationUsageDescription",
                "placeholder-usage-key NSLocationWhenInUseUsageDescription",
                "invalid-temporary-dictionary NSLocationTemporaryUsageDescriptionDictionary",
            ])
        #expect(result.findings.allSatisfy { $0.location.line != nil })
        #expect(result.findings.first { $0.rule == .placeholderUsageKey }?.message.contains("App Review") == true)
    }

    @Test("a placeholder in a localized InfoPlist.strings is a finding at its line")
    func localizedPlaceholder() throws {
        let result = try lint("localized-placeholder/Info.plist", LintOptions(platform: "ios"))
        #expect(rules(result) == ["placeholder-usage-key NSLocationWhenInUseUsageDescription"])
        let finding = try #require(result.findings.first)
        #expect(finding.location.file.hasSuffix("fr.lproj/InfoPlist.strings") && finding.location.line == 2)
        #expect(finding.message.hasPrefix("the fr localization of NSLocationWhenInUseUsageDescription is a note left for later"))
    }

    @Test("a sandboxed Mac app without the location entitlement; with it, nothing")
    func sandbox() throws {
        let sextant = try project("xcode/Sextant/Sextant.xcodeproj")
        let app = try #require(sextant.first { $0.target == "Sextant" })
        #expect(rules(app) == ["missing-location-entitlement com.apple.security.personal-information.location"])
        let finding = try #require(app.findings.first)
        #expect(finding.location.file.hasSuffix("Sextant/Sextant.entitlements"))
        #expect(finding.location.line == (try lineOf("<dict>", in: "xcode/Sextant/Sextant/Sextant.entitlements")))
        let darkroom = try project("xcode/Darkroom/Darkroom.xcodeproj")
        #expect(!darkroom.flatMap(\.findings).contains { $0.rule == .missingLocationEntitlement })
        // Not sandboxed, or not using location: nothing to say.
        var subject = LintSubject(file: "Info.plist", plist: ["NSLocationUsageDescription": .string("Plots you.")], platform: "macos")
        subject.entitlements = Entitlements(file: "App.entitlements", values: [Entitlements.appSandbox: .boolean(false)])
        #expect(try linter.lint(subject).findings.isEmpty)
        subject.entitlements = Entitlements(file: "App.entitlements", values: [Entitlements.appSandbox: .boolean(true)])
        subject.plist = [:]
        #expect(try linter.lint(subject).findings.isEmpty)
        // The entitlement is the domain's: Content that names none (another permission) has no such rule.
        #expect(finding.message.contains(Entitlements.page("com.apple.security.personal-information.location")))
        var report = Self.report
        report.model.vocabulary.domain.sandboxEntitlement = nil
        let sextantApp = try #require(
            try LintInputReader(vocabulary: report.model.vocabulary).subjects(
                projectAt: path("xcode/Sextant/Sextant.xcodeproj"), targets: ["Sextant"], configuration: nil, options: LintOptions()
            ).subjects.first)
        #expect(!(try PlistLinter(report: report).lint(sextantApp).findings.contains { $0.rule == .missingLocationEntitlement }))
    }

    @Test("a screen saver is a loadable bundle, in a project and built; the article fits the noun")
    func screenSaver() throws {
        let starfield = try #require(try project("xcode/Sextant/Sextant.xcodeproj").first { $0.target == "Starfield" })
        #expect(starfield.bundle == .loadableBundle(wrapperExtension: "saver") && starfield.requests.isEmpty)
        let built = try lint("Aurora.saver/Contents/Info.plist")
        #expect(built.bundle == .loadableBundle(wrapperExtension: "saver") && built.requests.isEmpty)
        #expect(BundleKind(plist: ["CFBundlePackageType": .string("BNDL")]) == .loadableBundle(wrapperExtension: nil))
        let text = LintReportFormatter().human(LintRun(results: [starfield], failures: []))
        #expect(text.contains("(a screen saver runs under the authorization of the app that loads it;"))
        #expect(LintReportFormatter.article("app extension") == "an" && LintReportFormatter.article("App Clip") == "an")
        #expect(LintReportFormatter.article("widget extension") == "a")
    }
}
