import Testing
@testable import CapdocCodeScan

/// The fake app under `Fixtures/App`: every reference the scanner must find, and nothing else.
@Suite struct FixtureAppTests {
    struct Found: Hashable, CustomStringConvertible {
        var api: String
        var file: String
        var line: Int
        var column: Int
        var argument: String? = nil

        init(_ api: String, _ file: String, _ line: Int, _ column: Int, argument: String? = nil) {
            (self.api, self.file, self.line, self.column, self.argument) = (api, file, line, column, argument)
        }

        var description: String { "\(api) \(file):\(line):\(column)" + (argument.map { " [\($0)]" } ?? "") }
    }

    static let expected: [Found] = [
        // A message split over lines, a conditional's colon inside it.
        Found("startRangingBeaconsSatisfyingConstraint:", "Legacy/Beacons.mm", 13, 14),
        // The conformance in a class extension, and the callback the app implements.
        Found("CLLocationPushServiceExtension", "Legacy/LegacyPushService.m", 3, 42),
        Found("didReceiveLocationPushPayload:completion:", "Legacy/LegacyPushService.m", 8, 9),
        Found("CLGeocoder", "Legacy/MapTracker.m", 11, 23),
        // The call inside the wrapper, not the wrapper's definition on line 18.
        Found("requestAlwaysAuthorization", "Legacy/MapTracker.m", 19, 19),
        // Both branches of `#if`.
        Found("startMonitoringSignificantLocationChanges", "Legacy/MapTracker.m", 24, 19),
        Found("startUpdatingLocation", "Legacy/MapTracker.m", 26, 19),
        Found("requestTemporaryFullAccuracyAuthorizationWithPurposeKey:completion:", "Legacy/MapTracker.m", 28, 19),
        Found("startUpdatingHeading", "Legacy/MapTracker.m", 33, 65),
        // Line 40 sends `startMonitoringForRegion:desiredAccuracy:`, another selector.
        Found("startMonitoringForRegion:", "Legacy/MapTracker.m", 39, 19),
        Found("requestTemporaryFullAccuracyAuthorizationWithPurposeKey:", "Legacy/MapTracker.m", 41, 19),
        Found("CLLocationPushServiceExtension", "PushExtension/LocationPushService.swift", 4, 44),
        Found("didReceiveLocationPushPayload(_:completion:)", "PushExtension/LocationPushService.swift", 5, 10),
        Found("requestLocation()", "PushExtension/LocationPushService.swift", 7, 17),
        Found("CLGeocoder", "Sources/LocationController.swift", 6, 27),
        Found("requestAlwaysAuthorization()", "Sources/LocationController.swift", 10, 17),
        Found("startUpdatingLocation()", "Sources/LocationController.swift", 17, 17),
        Found("startMonitoringSignificantLocationChanges()", "Sources/LocationController.swift", 19, 17),
        Found("startUpdatingHeading()", "Sources/LocationController.swift", 21, 17),
        Found("startMonitoring(for:)", "Sources/LocationController.swift", 27, 14),
        Found("requestTemporaryFullAccuracyAuthorization(withPurposeKey:)", "Sources/LocationController.swift", 33, 17),
        Found("CLGeocoder", "Sources/LocationController.swift", 39, 20),
        // Deeper than a debug build of swift-syntax parses by default.
        Found("LocationButton", "Sources/NearbyView.swift", 25, 65),
        Found("requestWhenInUseAuthorization()", "Sources/NearbyView.swift", 62, 28),
        Found("requestLocation()", "Sources/NearbyView.swift", 63, 42),
        Found("CLMonitor", "Sources/SessionModel.swift", 6, 26),
        Found("CLServiceSession(authorization: .always)", "Sources/SessionModel.swift", 10, 23, argument: ".always"),
        Found(
            "CLServiceSession(authorization: .whenInUse)", "Sources/SessionModel.swift", 12, 23,
            argument: "CLServiceSession.AuthorizationRequirement.whenInUse"),
        Found("CLServiceSession(authorization: .always)", "Sources/SessionModel.swift", 14, 23, argument: ".always"),
        Found("CLServiceSession(authorization:fullAccuracyPurposeKey:)", "Sources/SessionModel.swift", 14, 23),
        Found("CLMonitor", "Sources/SessionModel.swift", 16, 25),
        Found("CLLocationUpdate.liveUpdates(_:)", "Sources/SessionModel.swift", 20, 50),
        Found("liveUpdates(_:)", "Sources/SessionModel.swift", 20, 50),
        Found("CLLocationUpdate.liveUpdates(_:)", "Sources/SessionModel.swift", 23, 40),
        Found("liveUpdates(_:)", "Sources/SessionModel.swift", 23, 40),
    ]

    @Test func everyReferenceInTheAppIsFoundAndNothingElse() throws {
        let scan = try CodeScanner(patterns: CoreLocationPatterns.all).scan(directory: Fixtures.app)
        let found = scan.references.map { reference in
            Found(
                reference.api, String(reference.file.dropFirst(Fixtures.app.count + 1)), reference.line, reference.column,
                argument: reference.argument)
        }
        #expect(found == Self.expected)
        #expect(scan.references.allSatisfy { $0.file.hasPrefix(Fixtures.app + "/") })
    }

    @Test func theDependencyAndTestFoldersAreListedAndTheHeadersAndHiddenFilesAreNot() throws {
        let scan = try CodeScanner(patterns: CoreLocationPatterns.all).scan(directory: Fixtures.app)
        #expect(
            scan.skipped == [
                Fixtures.app + "/AppTests: test code, which does not ship in the app",
                Fixtures.app + "/Pods: dependencies or build output, not the app's code",
            ])
        #expect(scan.filesScanned == 7)
    }

    @Test func theLanguageIsTheFiles() throws {
        let scan = try CodeScanner(patterns: CoreLocationPatterns.all).scan(directory: Fixtures.app)
        for reference in scan.references {
            #expect(reference.language == (reference.file.hasSuffix(".swift") ? .swift : .objectiveC))
        }
    }
}
