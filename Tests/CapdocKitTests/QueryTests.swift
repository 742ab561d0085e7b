import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// `capdoc query` and `capdoc explain` on the shipped Content: the answers the issue asks about.
@Suite("Query and explain")
struct QueryTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let answers = Answers(model: QueryTests.report.model, merge: QueryTests.report.merge)

    @Test("region monitoring with When In Use: not on iOS 12, yes on current iOS; no relaunch")
    func supportByVersion() throws {
        let old = try answers.support(service: "region-monitoring", platform: "ios", level: "when-in-use", os: Version("12.0"))
        #expect(old.support.available == false)
        #expect(old.support.sources.contains("choosing-authorization-to-request-2019"))
        let current = try answers.support(service: "region-monitoring", platform: "ios", level: "when-in-use", os: nil)
        #expect(current.support.available == true)
        #expect(current.support.launchesTerminatedApp == false)
        #expect(current.os != nil, "an answer without --os names the newest version it holds for")
        // Since when: from the ranges the matrix shows, across a deprecation that splits them.
        #expect(try answers.support(service: "region-monitoring", platform: "ios", level: "when-in-use", os: Version("17.0")).since == Version("13.0"))
        #expect(try answers.support(service: "region-monitoring", platform: "ios", level: "always", os: nil).since == Version("5.0"))
        #expect(old.since == Version("5.0"), "a no holds from where it began too: the API came in 5.0")
    }

    @Test("Always relaunches for visits on iOS, never on watchOS; services do not exist on tvOS")
    func relaunchAndPlatforms() throws {
        #expect(try answers.support(service: "visits", platform: "ios", level: "always", os: nil).support.launchesTerminatedApp == true)
        #expect(try answers.support(service: "heading", platform: "ios", level: "always", os: nil).support.launchesTerminatedApp == false)
        #expect(try answers.level("always", platform: "watchos", os: nil).launchesTerminatedApp == false)
        #expect(try answers.level("always", platform: "ios", os: nil).launchesTerminatedApp == true)
        #expect(try answers.level("always", platform: "tvos", os: nil).supported == false)
        #expect(try answers.support(service: "visits", platform: "tvos", level: "when-in-use", os: nil).support.availability.id == "not-on-platform")
    }

    @Test("live updates on iOS 18: no explicit request under When In Use, one under Always (the implicit one is When In Use)")
    func explicitRequestByLevel() throws {
        for service in ["live-updates", "condition-monitoring"] {
            let whenInUse = try answers.support(service: service, platform: "ios", level: "when-in-use", os: Version("18.0"))
            let always = try answers.support(service: service, platform: "ios", level: "always", os: Version("18.0"))
            #expect(whenInUse.detail(.explicitRequestRequired) == .value(.boolean(false)), "\(service)")
            #expect(always.detail(.explicitRequestRequired) == .value(.boolean(true)), "\(service)")
            #expect(whenInUse.json.serialized(.compact).contains(#""explicitRequestRequired":false"#))
            #expect(always.json.serialized(.compact).contains(#""explicitRequestRequired":true"#))
            #expect(always.claims.contains("request-always-authorization#explicit-request"))
            #expect(!always.claims.contains("handling-location-updates-in-the-background#implicit-when-in-use"))
            // Before June 2024 every level asked explicitly.
            #expect(
                try answers.support(service: service, platform: "ios", level: "when-in-use", os: Version("17.0")).detail(.explicitRequestRequired)
                    == .value(.boolean(true)))
        }
    }

    @Test("for an App Clip: no Always, nothing in the background, the app's answer otherwise; unknown bundles are refused")
    func appClip() throws {
        let always = try answers.support(service: "visits", platform: "ios", level: "always", os: nil, bundle: "app-clip")
        #expect(always.available == false)
        #expect(always.availability == "level-not-allowed-in-bundle")
        #expect(always.launchesTerminatedApp == false)
        #expect(always.claims.contains("app-clip-functionality#no-always"))
        let app = try answers.support(service: "standard-location", platform: "ios", level: "when-in-use", os: nil)
        let clip = try answers.support(service: "standard-location", platform: "ios", level: "when-in-use", os: nil, bundle: "app-clip")
        #expect(clip.available == app.available)
        #expect(clip.detail(.backgroundDelivery) == .value(.boolean(false)))
        #expect(clip.claims.contains("app-clip-functionality#no-background"))
        // Where no fact speaks of the bundle (App Clips are iOS and iPadOS only), the app's answer stands.
        let mac = try answers.support(service: "visits", platform: "macos", level: "always", os: nil, bundle: "app-clip")
        #expect(mac.available == (try answers.support(service: "visits", platform: "macos", level: "always", os: nil)).available)
        #expect(throws: UnknownID.self) { try answers.support(service: "visits", platform: "ios", level: "always", os: nil, bundle: "app-clips") }
        // The level and the request: an App Clip may not hold Always, so it makes no Always request.
        #expect(try answers.level("always", platform: "ios", os: nil, bundle: "app-clip").offered == false)
        #expect(try answers.level("when-in-use", platform: "ios", os: nil, bundle: "app-clip").offered == true)
        let alwaysKeys = try answers.keys(request: "always", platform: "ios", os: nil, bundle: "app-clip")
        #expect(alwaysKeys.keysNeeded == nil && alwaysKeys.required != nil, "the app's keys stay known; the App Clip needs none")
        #expect(try answers.keys(request: "when-in-use", platform: "ios", os: nil, bundle: "app-clip").keysNeeded == ["NSLocationWhenInUseUsageDescription"])
    }

    @Test("unknown says why: the page of what it is about and capdoc.json name the pages that are silent")
    func unknownSaysWhy() throws {
        let explainer = Explainer(model: Self.report.model, merge: Self.report.merge)
        // live-updates' relaunch under Always on iOS is decided by no page (a warning of check).
        let liveUpdates = try #require(explainer.markdown(explainer.resolve("live-updates")))
        #expect(
            liveUpdates.contains(
                "**Unknown** means that no source decides. Pages about it that are silent there: [Configuring your app to use location services]"))
        #expect(answers.sourcesNaming(.service, "live-updates").contains("live-updates-api"))
        // A page where every cell is decided says nothing of it.
        let appClip = try #require(explainer.markdown(explainer.resolve("app-clip")))
        #expect(!appClip.contains("means that no source decides"))
        let files = try Builder(formats: [.json], templates: DatasetTests.templates).render(CompiledModel(model: Self.report.model, merge: Self.report.merge))
        let bytes = try #require(files.first { $0.path == DatasetRenderer.datasetFile }).bytes
        let dataset = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let entry = try #require((dataset?["services"] as? [String: [String: Any]])?["live-updates"])
        #expect(entry["consulted"] as? [String] == answers.sourcesNaming(.service, "live-updates"))
    }

    @Test("keys for Always on iOS: the iOS 11 pair now, the old key before 11 and listed as deprecated after")
    func keys() throws {
        let current = try answers.keys(request: "always", platform: "ios", os: nil)
        #expect(current.required == ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription"])
        #expect(current.deprecated == ["NSLocationAlwaysUsageDescription"])
        #expect(current.sources.contains("requesting-authorization"))
        let old = try answers.keys(request: "always", platform: "ios", os: Version("10.3"))
        #expect(old.required == ["NSLocationAlwaysUsageDescription", "NSLocationWhenInUseUsageDescription"])
        #expect(old.deprecated == [])
        #expect(try answers.keys(request: "when-in-use", platform: "macos", os: nil).required == ["NSLocationUsageDescription"])
    }

    @Test("query takes what explain takes: names, API names, Xcode's platform names, trigger and choice names")
    func forgivingTerms() {
        let terms = QueryTerms(vocabulary: Self.report.model.vocabulary)
        #expect(terms.id("CLMonitor", as: .service) == "condition-monitoring")
        #expect(terms.id("startMonitoring(for:)", as: .service) == "region-monitoring")
        #expect(terms.id("When In Use", as: .level) == "when-in-use")
        #expect(terms.id("iphoneos", as: .platform) == "ios")
        #expect(terms.id("watchOS", as: .platform) == "watchos")
        #expect(terms.id("requestAlwaysAuthorization", as: .request) == "always")
        #expect(terms.id("requestWhenInUseAuthorization()", as: .trigger) == "request-when-in-use")
        #expect(terms.id("Allow Once", as: .choice) == "allow-once")
        // What names nothing is given back as written, for the query to say it is unknown.
        #expect(terms.id("regon-monitoring", as: .service) == "regon-monitoring")
    }

    @Test("unknown ids name the id and suggest the nearest")
    func unknownIDs() {
        #expect(throws: UnknownID.self) { try answers.support(service: "visit", platform: "ios", level: "always", os: nil) }
        do {
            _ = try answers.level("always", platform: "iOS-x", os: nil)
        } catch let error as UnknownID {
            #expect(error.kind == .platform)
            #expect(error.suggestions.contains("ios"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("query, explain and lint-plist say an unknown id in one way, as check says it of Content")
    func oneUnknownIDMessage() throws {
        let query = try #require(throws: UnknownID.self) { try answers.support(service: "visit", platform: "ios", level: "always", os: nil) }
        #expect(query.description == "unknown service 'visit' (did you mean 'visits'?)")
        let explain = try #require(throws: UnknownID.self) { try Explainer(model: Self.report.model, merge: Self.report.merge).resolve("vists") }
        #expect(explain.description == "unknown term 'vists' (did you mean 'visits'?)")
        let lint = try #require(throws: UnknownID.self) { try PlistLinter(model: answers.model, merge: answers.merge).require(.platform, "ioss") }
        #expect(lint.description == "unknown platform 'ioss' (did you mean 'ios'?)")
        #expect(UnknownID(kind: .level, id: "x", suggestions: []).description == "unknown level 'x'")
        #expect(
            UnknownID(kind: .level, id: "alway", suggestions: ["always", "when-in-use"]).description
                == "unknown level 'alway' (did you mean 'always' or 'when-in-use'?)")
    }

    /// The whole JSON answer, byte for byte, against its golden file: the contract's fields, their
    /// order, their values and the sources cited. A changed answer is re-recorded with CAPDOC_RECORD=1
    /// and read in the diff.
    @Test("JSON answers are the recorded ones, field by field")
    func jsonAnswers() throws {
        let files = [
            OutputFile(
                path: "support-visits-ios-always.json",
                text: try answers.support(service: "visits", platform: "ios", level: "always", os: nil).json.serialized()),
            OutputFile(
                path: "support-region-monitoring-ios-when-in-use-12.0.json",
                text: try answers.support(service: "region-monitoring", platform: "ios", level: "when-in-use", os: Version("12.0")).json.serialized()),
            OutputFile(path: "level-always-watchos.json", text: try answers.level("always", platform: "watchos", os: nil).json.serialized()),
            OutputFile(path: "keys-always-ios-10.3.json", text: try answers.keys(request: "always", platform: "ios", os: Version("10.3")).json.serialized()),
        ]
        try Golden.compare(files, folder: "query-json")
    }

    @Test("explain finds ids, keys and API names case-insensitively, and suggests for misses")
    func explain() throws {
        let explainer = Explainer(model: Self.report.model, merge: Self.report.merge)
        #expect(try explainer.resolve("visits") == .init(kind: .service, id: "visits"))
        // With its parameter list, a member is the method, not the property of the same name.
        #expect(try explainer.resolve("authorizationStatus()") == .init(kind: .api, id: "authorization-status-class-method"))
        #expect(try explainer.resolve("authorizationStatus") == .init(kind: .api, id: "authorization-status-property"))
        #expect(try explainer.resolve("nslocationdefaultaccuracyreduced") == .init(kind: .key, id: "NSLocationDefaultAccuracyReduced"))
        #expect(try explainer.resolve("requestAlwaysAuthorization") == .init(kind: .request, id: "always"))
        #expect(try explainer.resolve("request-when-in-use") == .init(kind: .request, id: "when-in-use"))
        #expect(explainer.matches("always").map(\.kind) == [.level, .request])
        #expect(throws: UnknownID(kind: nil, id: "vists", suggestions: ["visits"])) { try explainer.resolve("vists") }
        let markdown = try #require(explainer.markdown(try explainer.resolve("visits")))
        #expect(markdown.hasPrefix("# Visits service"))
        #expect(markdown.contains("| Platform |"))
        let roff = try #require(explainer.man(try explainer.resolve("visits")))
        #expect(roff.hasPrefix(".TH \"CAPDOC-VISITS\" \"7\""))
    }
}
