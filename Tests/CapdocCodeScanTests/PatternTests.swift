import Testing
@testable import CapdocCodeScan

/// Reading the spellings of the APIs (see `SwiftPattern` and `ObjCPattern`).
@Suite struct PatternTests {
    @Test func everyRealPatternIsReadable() {
        #expect(CodeScanner(patterns: CoreLocationPatterns.all).unreadablePatterns == [])
    }

    @Test func swiftSpellingsAreReadAsCallsOrNames() {
        #expect(SwiftPattern(spelling: "requestLocation()") == .call(SwiftCallPattern(qualifier: nil, name: "requestLocation", labels: [], requiredValues: [])))
        #expect(
            SwiftPattern(spelling: "didReceiveLocationPushPayload(_:completion:)")
                == .call(SwiftCallPattern(qualifier: nil, name: "didReceiveLocationPushPayload", labels: [nil, "completion"], requiredValues: [])))
        #expect(
            SwiftPattern(spelling: "CLLocationUpdate.liveUpdates(_:)")
                == .call(SwiftCallPattern(qualifier: "CLLocationUpdate", name: "liveUpdates", labels: [nil], requiredValues: [])))
        #expect(
            SwiftPattern(spelling: "CLServiceSession(authorization: .always)")
                == .call(
                    SwiftCallPattern(
                        qualifier: nil, name: "CLServiceSession", labels: ["authorization"],
                        requiredValues: [RequiredArgumentValue(label: "authorization", value: .member("always"))])))
        #expect(SwiftPattern(spelling: "CLMonitor") == .name("CLMonitor"))
    }

    @Test func objectiveCSpellingsAreReadAsSelectorsOrTypeNames() {
        #expect(ObjCPattern(spelling: "requestLocation") == .selector("requestLocation"))
        #expect(ObjCPattern(spelling: "startMonitoringForRegion:") == .selector("startMonitoringForRegion:"))
        #expect(ObjCPattern(spelling: "didReceiveLocationPushPayload:completion:") == .selector("didReceiveLocationPushPayload:completion:"))
        #expect(ObjCPattern(spelling: "CLGeocoder") == .typeName("CLGeocoder"))
    }

    @Test func aSpellingThatCannotBeReadIsListedAndMatchesNothing() {
        let patterns = [
            APIPattern(api: "a", swift: "requestLocation(", objectiveC: nil),
            APIPattern(api: "b", swift: "CLLocationManager.shared", objectiveC: nil),
            APIPattern(api: "c", swift: nil, objectiveC: "startMonitoringForRegion"),
            APIPattern(api: "d", swift: nil, objectiveC: "a:b"),
            APIPattern(api: "e", swift: nil, objectiveC: "[m requestLocation]"),
        ]
        let scanner = CodeScanner(patterns: patterns)
        #expect(scanner.unreadablePatterns.map(\.api) == ["a", "b", "d", "e"])
        #expect(hits(inSwift: "requestLocation(", patterns: patterns) == [])
    }
}
