import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// `lint-plist` across platforms and bundle kinds: Mac and Mac Catalyst, extensions, widgets, watch
/// apps, App Clips; invisible strings, misspelled and misplaced keys, Xcode's platform names,
/// platforms and targets read from built plists, localized strings, and the calls in the code.
@Suite("lint-plist: platforms and bundles")
struct LintBundleTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let linter = PlistLinter(report: LintBundleTests.report)
    let inputs = LintInputReader(vocabulary: LintBundleTests.report.model.vocabulary)
    static let folder = Paths.fixtures.appendingPathComponent("lint")

    func path(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    func lint(_ name: String, _ options: LintOptions = LintOptions()) throws -> LintResult {
        let subject = try inputs.subject(plistAt: path(name), options: options).get()
        return try linter.lint(subject)
    }

    func rules(_ result: LintResult) -> [String] { result.findings.map { "\($0.rule.rawValue) \($0.key)" } }

    @Test("a Mac app with only iOS keys lacks NSLocationUsageDescription (the platform is read from LSMinimumSystemVersion)")
    func macAppWithIOSKeys() throws {
        let result = try lint("mac-app-ios-keys.plist")
        #expect(result.platform == "macos")
        #expect(result.inferredRequests == ["when-in-use"])
        #expect(rules(result).contains("missing-usage-key NSLocationUsageDescription"))
        #expect(result.errorCount >= 1)
    }

    @Test("Mac Catalyst needs the iOS keys and NSLocationUsageDescription, and does not warn against the latter")
    func catalyst() throws {
        let good = try lint("catalyst-app.plist", LintOptions(platform: "mac-catalyst"))
        #expect(good.findings.isEmpty, "\(rules(good))")
        let missing = try linter.lint(
            LintSubject(
                file: "ios-only.plist",
                plist: [
                    "NSLocationWhenInUseUsageDescription": .string("Trails shows where you are on the map.")
                ], platform: "mac-catalyst"))
        #expect(rules(missing) == ["missing-usage-key NSLocationUsageDescription"])
        #expect(missing.findings[0].claims == ["key-usage#keys-mac-catalyst-when-in-use"])
        // The same plist on iOS is fine, and NSLocationUsageDescription there is only deprecated.
        let ios = try lint("catalyst-app.plist", LintOptions(platform: "ios"))
        #expect(ios.errorCount == 0)
    }

    @Test("an Intents extension makes no request: no missing keys, and it says why")
    func intentsExtension() throws {
        let result = try lint("intents-extension.plist", LintOptions(platform: "ios"))
        #expect(result.bundle == .appExtension(point: "com.apple.intents-service"))
        #expect(result.requests.isEmpty)
        #expect(result.errorCount == 0, "\(rules(result))")
        let text = LintReportFormatter().human(LintRun(results: [result], failures: []))
        #expect(text.contains("runs under its containing app's authorization"))
    }

    @Test("a widget extension is read as one; its containing app in the project must hold the usage strings")
    func widget() throws {
        let widget = try inputs.subject(plistAt: path("widget-extension.plist"), options: LintOptions(platform: "ios")).get()
        #expect(widget.bundle == .widgetExtension)
        #expect(try linter.lint(widget).findings.isEmpty)
        let bareApp = LintSubject(file: "App", target: "Trails", plist: ["CFBundleIdentifier": .string("x")], platform: "ios", bundle: .app)
        let findings = linter.containingAppFindings(widget: widget, apps: [bareApp])
        #expect(findings.map(\.rule) == [.containingAppKeyMissing])
        #expect(findings.first?.claims.contains("key-widget-wants-location#containing-app-requests") == true)
        #expect(findings.first?.location.line == 7, "the NSWidgetWantsLocation line")
        var goodApp = bareApp
        goodApp.plist["NSLocationWhenInUseUsageDescription"] = .string("Shows trails near you.")
        #expect(linter.containingAppFindings(widget: widget, apps: [goodApp]).isEmpty)
        #expect(linter.containingAppFindings(widget: widget, apps: []).isEmpty, "no app in the project: nothing to say")
    }

    @Test("a watch app with the location background mode needs the When In Use key")
    func watchBackgroundMode() throws {
        let result = try lint("watch-app-background.plist")
        #expect(result.platform == "watchos" && result.bundle == .watchApp)
        #expect(result.inferredFrom["when-in-use"] == ["UIBackgroundModes: location"])
        #expect(rules(result) == ["missing-usage-key NSLocationWhenInUseUsageDescription"])
    }

    @Test("a usage string of invisible characters is empty")
    func invisible() throws {
        let result = try lint("invisible-string.plist", LintOptions(platform: "ios"))
        #expect(rules(result) == ["empty-usage-key NSLocationWhenInUseUsageDescription"])
        #expect(result.findings[0].message.contains("U+200B"))
        #expect(result.findings[0].location == LintLocation(file: path("invisible-string.plist"), line: 5))
        #expect(!InvisibleText.isBlank("Trails\u{200B}"))
        #expect(InvisibleText.isBlank("\u{3164}\u{FEFF} \n"))
        // The characters a tester used to get past the check: each alone is blank.
        for scalar in ["\u{200B}", "\u{2060}", "\u{00AD}", "\u{180E}", "\u{3164}", "\u{200E}", "\u{200F}", "\u{E0020}", "\u{2800}", "\u{115F}"] {
            #expect(InvisibleText.isBlank(scalar), "\(scalar.unicodeScalars.first!.value)")
        }
        #expect(!InvisibleText.isBlank("\u{200B}x"))
    }

    /// The characters of issue 15's item 13, each the whole usage string of an Info.plist, XML and
    /// binary: read and linted end to end, each is an empty usage string. (U+180E MONGOLIAN VOWEL
    /// SEPARATOR has been a format character (Cf), not white space, since Unicode 6.3: it is blank by
    /// its category, whatever a Unicode version says of it being default-ignorable; U+3164 HANGUL
    /// FILLER is a letter (Lo), blank because it is default-ignorable.)
    @Test(
        "a usage string of only U+200B, U+2060, U+00AD, U+180E, U+3164, LRM, RLM or U+E0020 fires empty-usage-key",
        arguments: ["\u{200B}", "\u{2060}", "\u{00AD}", "\u{180E}", "\u{3164}", "\u{200E}", "\u{200F}", "\u{E0020}"])
    func invisibleCharacter(_ text: String) throws {
        let plist: [String: Any] = ["NSLocationWhenInUseUsageDescription": text + text]
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
            let document = try PlistReader().read(data, path: "Info.plist")
            #expect(document.root["NSLocationWhenInUseUsageDescription"] == .string(text + text), "the character survives reading")
            let result = try linter.lint(document.root, file: "Info.plist", platform: "ios")
            #expect(rules(result) == ["empty-usage-key NSLocationWhenInUseUsageDescription"], "\(format)")
        }
    }

    @Test("misspelled, wrong-case and display-name keys are errors at their line; other frameworks' keys are not")
    func misspelled() throws {
        let result = try lint("misspelled-keys.plist", LintOptions(platform: "ios"))
        let misspelled = result.findings.filter { $0.rule == .misspelledKey }
        #expect(
            misspelled.map(\.key) == [
                "NSLocationWhenInUseUsageDescriptoin", "Privacy - Location Usage Description",
                "nslocationalwaysandwheninuseusagedescription",
            ])
        #expect(misspelled.map { $0.location.line } == [5, 9, 7])
        #expect(misspelled[0].message.contains("rename it to NSLocationWhenInUseUsageDescription"))
        #expect(misspelled[1].message.contains("Xcode's display name of NSLocationUsageDescription"))
        #expect(misspelled[2].message.contains("in the wrong case"))
        #expect(!result.findings.contains { $0.key == "NSMotionUsageDescription" })
    }

    @Test("NSAppClipRequestLocationConfirmation outside NSAppClip is misplaced")
    func appClip() throws {
        let result = try lint("app-clip.plist", LintOptions(platform: "ios"))
        #expect(result.bundle == .appClip)
        #expect(rules(result) == ["misplaced-key NSAppClipRequestLocationConfirmation"])
    }

    @Test("UIRequiredDeviceCapabilities is read as an array or a dictionary (keys.yaml alternative-type); a string is wrong")
    func alternativeKeyType() throws {
        for value: PlistValue in [.array([.string("gps"), .string("location-services")]), .dictionary(["gps": .boolean(true)])] {
            let result = try linter.lint(LintSubject(file: "Info.plist", plist: ["UIRequiredDeviceCapabilities": value], platform: "ios"))
            #expect(result.findings.isEmpty, "\(rules(result))")
        }
        let wrong = try linter.lint(LintSubject(file: "Info.plist", plist: ["UIRequiredDeviceCapabilities": .string("gps")], platform: "ios"))
        #expect(rules(wrong) == ["wrong-key-type UIRequiredDeviceCapabilities"])
        #expect(wrong.findings[0].message == "UIRequiredDeviceCapabilities must be an array or a dictionary, but it is a string")
    }

    @Test("an App Clip may not ask for Always nor declare the location background mode (bundles.yaml's limits)")
    func appClipLimits() throws {
        let plist: [String: PlistValue] = [
            "NSAppClip": .dictionary([:]),
            "NSLocationWhenInUseUsageDescription": .string("Finds the nearest store."),
            "NSLocationAlwaysAndWhenInUseUsageDescription": .string("Tracks deliveries."),
            "UIBackgroundModes": .array([.string("location")]),
        ]
        let clip = try linter.lint(LintSubject(file: "Info.plist", plist: plist, platform: "ios"))
        #expect(clip.bundle == .appClip)
        #expect(
            rules(clip) == [
                "level-not-allowed-in-bundle NSLocationAlwaysAndWhenInUseUsageDescription",
                "background-mode-in-bundle UIBackgroundModes",
            ])
        #expect(clip.findings.map(\.claims) == [["app-clip-functionality#no-always"], ["app-clip-functionality#no-background"]])
        #expect(clip.findings[0].message.hasPrefix("an App Clip may not hold Always authorization"))
        // A call in the code asks as much as a key does.
        let call = CodeUse(use: .request("always"), api: "requestAlwaysAuthorization()", location: LintLocation(file: "Clip.swift", line: 4, column: 9))
        let fromCode = try linter.lint(
            LintSubject(
                file: "Info.plist",
                plist: [
                    "NSAppClip": .dictionary([:]),
                    "NSLocationWhenInUseUsageDescription": .string("Finds the nearest store."),
                ],
                platform: "ios", code: [call]))
        #expect(rules(fromCode).contains("level-not-allowed-in-bundle always"))
        // The same keys in an app are fine; an App Clip asking for When In Use only is fine.
        var app = plist
        app["NSAppClip"] = nil
        #expect(try linter.lint(LintSubject(file: "Info.plist", plist: app, platform: "ios")).findings.isEmpty)
        let whenInUse = try linter.lint(
            LintSubject(
                file: "Info.plist",
                plist: [
                    "NSAppClip": .dictionary([:]),
                    "NSLocationWhenInUseUsageDescription": .string("Finds the nearest store."),
                ],
                platform: "ios"))
        #expect(whenInUse.findings.isEmpty, "\(rules(whenInUse))")
    }

    @Test("a built plist gives its platform and deployment target; Xcode's platform names are accepted")
    func builtPlist() throws {
        let result = try lint("built-ios-app.plist")
        #expect(result.platform == "ios" && result.deploymentTarget == Version("12.0"))
        let names = PlatformNames(vocabulary: Self.report.model.vocabulary)
        #expect(
            ["iphoneos", "iPhoneOS", "iphonesimulator", "macosx", "MacOSX.platform", "xros", "watchsimulator", "appletvos", "iOS"]
                .map { names.platform(named: $0) } == ["ios", "ios", "ios", "macos", "macos", "visionos", "watchos", "tvos", "ios"])
        #expect(names.platform(named: "android") == nil)
        guard case let .failure(failure) = inputs.subject(plistAt: path("no-platform.plist"), options: LintOptions()) else {
            Issue.record("a plist that names no platform must fail without --platform")
            return
        }
        #expect(failure.message.contains("pass --platform"))
    }

    @Test("localized strings: an empty and a misspelled key in de.lproj are findings at their line")
    func localized() throws {
        let result = try lint("localized/Info.plist", LintOptions(platform: "ios"))
        let places = result.findings.map {
            "\($0.rule.rawValue) \(URL(fileURLWithPath: $0.location.file).pathComponents.suffix(2).joined(separator: "/")):\($0.location.line ?? 0)"
        }
        #expect(places == ["empty-usage-key de.lproj/InfoPlist.strings:2", "misspelled-key de.lproj/InfoPlist.strings:3"])
        #expect(result.findings[0].message.hasPrefix("the de localization of NSLocationWhenInUseUsageDescription"))
    }

    @Test("code: region monitoring under When In Use on an iOS 12 target is a finding at the call")
    func serviceNeedsLevel() throws {
        let call = CodeUse(
            use: .service("region-monitoring"), api: "startMonitoring(for:)",
            location: LintLocation(file: "Trails/LocationModel.swift", line: 11, column: 17))
        let request = CodeUse(
            use: .request("when-in-use"), api: "requestWhenInUseAuthorization()",
            location: LintLocation(file: "Trails/LocationModel.swift", line: 9, column: 17))
        let plist: [String: PlistValue] = ["NSLocationWhenInUseUsageDescription": .string("Shows trails near you.")]
        let old = try linter.lint(LintSubject(file: "Info.plist", plist: plist, platform: "ios", deploymentTarget: Version("12.0"), code: [request, call]))
        #expect(old.inferredRequests == ["when-in-use"])
        #expect(rules(old) == ["service-needs-level region-monitoring"])
        let finding = try #require(old.findings.first)
        #expect(finding.location == call.location)
        #expect(finding.message.contains("on iOS 12.0 up to 13.0"))
        #expect(finding.claims.contains("choosing-authorization-to-request-2019#ios12-region-monitoring-when-in-use"))
        // From iOS 13 region monitoring works under When In Use.
        let new = try linter.lint(LintSubject(file: "Info.plist", plist: plist, platform: "ios", deploymentTarget: Version("13.0"), code: [request, call]))
        #expect(new.findings.isEmpty, "\(rules(new))")
        // An Always request in the code makes a missing key, pointing at the call.
        let always = CodeUse(use: .request("always"), api: "requestAlwaysAuthorization()", location: LintLocation(file: "A.swift", line: 3, column: 9))
        let missing = try linter.lint(LintSubject(file: "Info.plist", plist: plist, platform: "ios", code: [always]))
        #expect(rules(missing) == ["missing-usage-key NSLocationAlwaysAndWhenInUseUsageDescription"])
        #expect(missing.findings[0].related == [always.location])
        #expect(missing.findings[0].message.contains("requested at A.swift:3:9"))
    }

    @Test("the model gives the code scanner every request's and service's API, in Swift and Objective-C")
    func codeAPIs() {
        let apis = linter.codeAPIs
        #expect(apis.contains(CodeAPI(use: .request("when-in-use"), swift: "requestWhenInUseAuthorization()", objectiveC: nil)))
        #expect(apis.contains(CodeAPI(use: .request("when-in-use"), swift: nil, objectiveC: "requestWhenInUseAuthorization")))
        #expect(apis.contains(CodeAPI(use: .service("region-monitoring"), swift: nil, objectiveC: "startMonitoringForRegion:")))
        #expect(apis.contains(CodeAPI(use: .request("session-always"), swift: "CLServiceSession(authorization: .always)", objectiveC: nil)))
        #expect(apis.contains(CodeAPI(use: .service("condition-monitoring"), swift: "CLMonitor", objectiveC: nil)))
    }
}
