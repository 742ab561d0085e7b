import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Which bundle and platform each call of `--sources` counts for: the platforms that compile it,
/// the target whose files hold it, the dependency that makes it; a request a platform does not
/// have; keys a platform never reads.
@Suite("lint-plist: attributing the code's calls")
struct LintCodeAttributionTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let linter = PlistLinter(report: LintCodeAttributionTests.report)
    let inputs = LintInputReader(vocabulary: LintCodeAttributionTests.report.model.vocabulary)
    static let lint = Paths.fixtures.appendingPathComponent("lint")

    let whenInUseOnly: [String: PlistValue] = ["NSLocationWhenInUseUsageDescription": .string("Shows the sights near you.")]

    func always(at file: String, line: Int = 3, platforms: Set<String>? = nil, dependency: String? = nil) -> CodeUse {
        CodeUse(
            use: .request("always"), api: "requestAlwaysAuthorization()", location: LintLocation(file: file, line: line, column: 9),
            platforms: platforms, dependency: dependency)
    }

    func rules(_ result: LintResult) -> [String] { result.findings.map { "\($0.rule.rawValue) \($0.key)" } }

    @Test func everyPlatformOfTheModelSaysWhatItCompilesAs() {
        let conditions = linter.compileConditions
        #expect(Set(conditions.keys) == Set(Self.report.model.vocabulary.ids(.platform)))
        #expect(conditions.values.allSatisfy { $0.contains { $0.hasPrefix("os(") } })
    }

    @Test("a service behind #available(iOS 13, *) is judged from iOS 13, not the deployment target")
    func availabilityCheckedCallIsJudgedFromItsVersion() throws {
        func regionMonitoring(runsFrom: [String: Version]) -> CodeUse {
            CodeUse(
                use: .service("region-monitoring"), api: "startMonitoring(for:)",
                location: LintLocation(file: "Trails/LocationModel.swift", line: 11, column: 17), runsFrom: runsFrom)
        }
        func lint(_ call: CodeUse) throws -> LintResult {
            try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: "ios", deploymentTarget: Version("12.0"), code: [call]))
        }
        // Unguarded on an iOS 12 target: region monitoring does not work under When In Use before 13.
        #expect(rules(try lint(regionMonitoring(runsFrom: [:]))) == ["service-needs-level region-monitoring"])
        // Behind #available(iOS 13, *): it never runs before 13.
        #expect(rules(try lint(regionMonitoring(runsFrom: ["ios": try #require(Version("13.0"))]))).isEmpty)
        // A check before 13 leaves the call an error from its version, and the message says so.
        let early = try lint(regionMonitoring(runsFrom: ["ios": try #require(Version("12.5"))]))
        let finding = try #require(early.findings.first)
        #expect(finding.rule == .serviceNeedsLevel)
        #expect(finding.message.contains("on iOS 12.5 up to 13.0"), "\(finding.message)")
        #expect(finding.message.contains("(from iOS 12.5, as the call's availability check says)"), "\(finding.message)")
        // A check older than the deployment target changes nothing; another platform's neither.
        #expect(rules(try lint(regionMonitoring(runsFrom: ["ios": try #require(Version("11.0"))]))) == ["service-needs-level region-monitoring"])
        #expect(rules(try lint(regionMonitoring(runsFrom: ["tvos": try #require(Version("13.0"))]))) == ["service-needs-level region-monitoring"])
    }

    @Test func aCallCountsOnlyOnThePlatformsThatCompileIt() throws {
        let call = always(at: "Shared/Location.swift", platforms: ["ios", "ipados"])
        let tvOS = try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: "tvos", code: [call]))
        #expect(tvOS.inferredRequests == ["when-in-use"])
        #expect(tvOS.findings.isEmpty, "\(rules(tvOS))")
        let iOS = try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: "ios", code: [call]))
        #expect(iOS.inferredRequests == ["when-in-use", "always"])
        #expect(rules(iOS) == ["missing-usage-key NSLocationAlwaysAndWhenInUseUsageDescription"])
    }

    @Test(arguments: ["visionos", "tvos"])
    func alwaysWhereThePlatformHasNoneIsAnErrorAtTheCall(platform: String) throws {
        let result = try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: platform, code: [always(at: "Immersive.swift")]))
        let finding = try #require(result.findings.first { $0.rule == .requestNotOnPlatform })
        #expect(finding.severity == .error)
        #expect(finding.location == LintLocation(file: "Immersive.swift", line: 3, column: 9))
        #expect(finding.message.hasPrefix("requestAlwaysAuthorization() (Always authorization request) does not exist on "))
        #expect(!finding.sources.isEmpty, "the model's request-available facts are cited")
    }

    @Test func alwaysWhereThePlatformHasItIsNoSuchError() throws {
        for platform in ["ios", "macos", "watchos"] {
            let result = try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: platform, code: [always(at: "A.swift")]))
            #expect(!result.findings.contains { $0.rule == .requestNotOnPlatform }, "\(platform): \(rules(result))")
        }
    }

    @Test func aDependencysRequestIsReportedAsSuchAfterTheAppsOwn() throws {
        let pod = always(at: "Pods/LocationKit/LKTracker.m", line: 8, dependency: "LocationKit")
        let onlyPod = try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: "ios", code: [pod]))
        let missing = try #require(onlyPod.findings.first { $0.rule == .missingUsageKey })
        #expect(missing.message.contains("(requested by the dependency LocationKit at Pods/LocationKit/LKTracker.m:8:9)"))
        #expect(missing.related == [pod.location])
        #expect(onlyPod.inferredFrom["always"] == ["the dependency LocationKit at Pods/LocationKit/LKTracker.m:8:9"])

        let both = try linter.lint(LintSubject(file: "Info.plist", plist: whenInUseOnly, platform: "ios", code: [pod, always(at: "App.swift")]))
        let first = try #require(both.findings.first { $0.rule == .missingUsageKey })
        #expect(first.message.contains("(requested at App.swift:3:9 and 1 more)"))
    }

    @Test func aDependencysServiceIsNotTheAppsToGuard() throws {
        let monitoring = CodeUse(use: .service("region-monitoring"), api: "startMonitoring(for:)", location: LintLocation(file: "Pods/Geo/Geo.swift", line: 1))
        let own = CodeUse(use: .service("region-monitoring"), api: "startMonitoring(for:)", location: LintLocation(file: "App.swift", line: 1))
        func lint(_ use: CodeUse) throws -> LintResult {
            try linter.lint(
                LintSubject(
                    file: "Info.plist", plist: whenInUseOnly, platform: "ios", deploymentTarget: Version("12.0"), requests: ["when-in-use"], code: [use]))
        }
        #expect(rules(try lint(own)).contains("service-needs-level region-monitoring"))
        var dependency = monitoring
        dependency.dependency = "Geo"
        #expect(!rules(try lint(dependency)).contains("service-needs-level region-monitoring"))
    }

    @Test func aKeyThePlatformNeverReadsIsNeverAnErrorThere() throws {
        let plist: [String: PlistValue] = [
            "NSLocationWhenInUseUsageDescription": .string("Shows the sights near you."), "NSLocationAlwaysUsageDescription": .string(""),
        ]
        let emptyLocalization = LocalizedInfoPlist(
            language: "de", path: "de.lproj/InfoPlist.strings", entries: ["NSLocationAlwaysUsageDescription": .init(value: "", line: 2)])
        let tvOS = try linter.lint(LintSubject(file: "Info.plist", plist: plist, platform: "tvos", localizations: [emptyLocalization]))
        #expect(rules(tvOS) == ["key-not-on-platform NSLocationAlwaysUsageDescription"])
        #expect(tvOS.errorCount == 0)
        // On iOS, which reads it, the same strings are errors.
        let iOS = try linter.lint(LintSubject(file: "Info.plist", plist: plist, platform: "ios", localizations: [emptyLocalization]))
        #expect(rules(iOS).filter { $0.hasPrefix("empty-usage-key") }.count == 2, "\(rules(iOS))")
    }

    @Test func eachTargetGetsTheCallsInItsOwnFiles() throws {
        let root = Self.lint.appendingPathComponent("xcode/Tours").path
        let widgetCall = always(at: root + "/ToursWidget/WidgetLocation.swift", line: 8)
        let unlisted = CodeUse(
            use: .request("when-in-use"), api: "requestWhenInUseAuthorization()", location: LintLocation(file: root + "/Notes.swift", line: 1))
        let pod = always(at: root + "/Pods/LocationKit/LKTracker.m", dependency: "LocationKit")
        let found = try inputs.subjects(
            projectAt: root + "/Tours.xcodeproj", targets: [], configuration: nil, options: LintOptions(code: [widgetCall, unlisted, pod]))
        let byTarget = Dictionary(uniqueKeysWithValues: found.subjects.map { ($0.target ?? "", $0) })
        // The widget's file is the widget's; a file no target lists and a dependency count for every target.
        #expect(byTarget["Tours"]?.code == [unlisted, pod])
        #expect(byTarget["ToursWidget"]?.code == [], "a widget makes no requests of its own")
        let app = try linter.lint(try #require(byTarget["Tours"]))
        #expect(app.inferredRequests == ["when-in-use", "always"], "the pod's Always")
    }

    @Test func theBuildPhaseAndSynchronizedFoldersListATargetsFiles() throws {
        let tours = try XcodeProject.read(at: Self.lint.appendingPathComponent("xcode/Tours/Tours.xcodeproj").path)
        let root = Self.lint.appendingPathComponent("xcode/Tours").path
        let app = try #require(tours.target(named: "Tours"))
        let widget = try #require(tours.target(named: "ToursWidget"))
        #expect(app.sources.contains(root + "/Tours/ToursApp.swift") && app.sources.contains(root + "/Shared/Places.swift"))
        #expect(!app.sources.contains(root + "/ToursWidget/WidgetLocation.swift"))
        #expect(widget.sources.contains(root + "/ToursWidget/WidgetLocation.swift") && widget.sources.contains(root + "/Shared/Places.swift"))

        let trails = try XcodeProject.read(at: Self.lint.appendingPathComponent("xcode/Trails/Trails.xcodeproj").path)
        let trailsRoot = Self.lint.appendingPathComponent("xcode/Trails").path
        let trailsWidget = try #require(trails.target(named: "TrailsWidget"))
        #expect(try #require(trails.target(named: "Trails")).sources.contains(trailsRoot + "/Trails/Recorder.swift"))
        #expect(trailsWidget.sources.contains(trailsRoot + "/TrailsWidget/Widget.swift"))
        #expect(!trailsWidget.sources.contains(trailsRoot + "/TrailsWidget/Info.plist"), "an exception of the synchronized folder")
    }
}
