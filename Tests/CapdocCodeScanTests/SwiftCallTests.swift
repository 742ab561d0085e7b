import Testing
@testable import CapdocCodeScan

/// The rules for Swift calls, one test each (see `SwiftCallMatcher`).
@Suite struct SwiftCallTests {
    @Test func aCallMatchesByItsCalleesLastNameWhateverTheReceiver() {
        let source = """
            manager.requestAlwaysAuthorization()
            self.manager?.startMonitoring(for: region)
            requestLocation()
            locationManager!.startUpdatingHeading()
            """
        #expect(
            hits(inSwift: source) == [
                Hit(api: "requestAlwaysAuthorization()", line: 1, column: 9),
                Hit(api: "startMonitoring(for:)", line: 2, column: 15),
                Hit(api: "requestLocation()", line: 3, column: 1),
                Hit(api: "startUpdatingHeading()", line: 4, column: 18),
            ])
    }

    @Test func theCallsLabelsMustBeASubsequenceOfThePatterns() {
        #expect(apis(inSwift: "manager.startMonitoring(for: region)") == ["startMonitoring(for:)"])
        #expect(apis(inSwift: "manager.startMonitoring(region: region)") == [])
        #expect(apis(inSwift: "manager.startMonitoring(for: region, radius: 10)") == [])
        #expect(apis(inSwift: "manager.requestLocation(now)") == [])
        #expect(apis(inSwift: "manager.startRangingBeacons(satisfying: constraint)") == ["startRangingBeacons(satisfying:)"])
    }

    @Test func argumentsWithDefaultsMayBeLeftOut() {
        #expect(apis(inSwift: "let updates = Tracker.liveUpdates()") == ["liveUpdates(_:)"])
        #expect(apis(inSwift: "let updates = Tracker.liveUpdates(.fitness)") == ["liveUpdates(_:)"])
        #expect(apis(inSwift: "let updates = Tracker.liveUpdates(configuration: .fitness)") == [])
    }

    @Test func closuresAfterTheLastArgumentAreIgnored() {
        let source = """
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav") { _ in }
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav", completion: { _ in })
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav", completion: handler)
            """
        #expect(
            hits(inSwift: source) == [
                Hit(api: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)", line: 1, column: 9),
                Hit(api: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)", line: 2, column: 9),
            ])
    }

    @Test func aQualifiedPatternNeedsThatTypeAsReceiver() {
        #expect(apis(inSwift: "for try await u in CLLocationUpdate.liveUpdates(.fitness) {}") == ["CLLocationUpdate.liveUpdates(_:)", "liveUpdates(_:)"])
        #expect(apis(inSwift: "let u = CoreLocation.CLLocationUpdate.liveUpdates()") == ["CLLocationUpdate.liveUpdates(_:)", "liveUpdates(_:)"])
        #expect(apis(inSwift: "let u = Other.liveUpdates()") == ["liveUpdates(_:)"])
        #expect(apis(inSwift: "let u = liveUpdates()") == ["liveUpdates(_:)"])
    }

    @Test func aValuePatternNeedsThatValueUnderThatLabel() {
        let source = """
            let a = CLServiceSession(authorization: .always)
            let b = CLServiceSession(authorization: CLServiceSession.AuthorizationRequirement.whenInUse)
            let c = CLServiceSession(authorization: requirement)
            let d = CLServiceSession(authorization: .none)
            """
        #expect(
            hits(inSwift: source) == [
                Hit(api: "CLServiceSession(authorization: .always)", line: 1, column: 9, argument: ".always"),
                Hit(
                    api: "CLServiceSession(authorization: .whenInUse)", line: 2, column: 9,
                    argument: "CLServiceSession.AuthorizationRequirement.whenInUse"),
            ])
    }

    @Test func aValuePatternIgnoresTheCallsOtherArguments() {
        let source = #"let s = CLServiceSession(authorization: .always, fullAccuracyPurposeKey: "Nav")"#
        #expect(
            hits(inSwift: source) == [
                Hit(api: "CLServiceSession(authorization: .always)", line: 1, column: 9, argument: ".always"),
                Hit(api: "CLServiceSession(authorization:fullAccuracyPurposeKey:)", line: 1, column: 9),
            ])
    }

    /// Swift picks the overload whose labels are exactly the call's: `CLServiceSession(authorization:)`
    /// is not `CLServiceSession(authorization:fullAccuracyPurposeKey:)` with a default left out.
    @Test func anOverloadWithExactlyTheCallsLabelsWins() {
        #expect(apis(inSwift: "let s = CLServiceSession(authorization: .whenInUse)") == ["CLServiceSession(authorization: .whenInUse)"])
        #expect(apis(inSwift: "let s = CLServiceSession(authorization: requirement)") == [])
        let patterns = [
            APIPattern(api: "both", swift: "track(_:mode:)", objectiveC: nil),
            APIPattern(api: "one", swift: "track(_:)", objectiveC: nil),
        ]
        #expect(hits(inSwift: "track(x)", patterns: patterns).map(\.api) == ["one"])
        #expect(hits(inSwift: "track(x, mode: m)", patterns: patterns).map(\.api) == ["both"])
        #expect(hits(inSwift: "track()", patterns: patterns).map(\.api) == ["both", "one"])
    }

    @Test func anInitializerPatternMatchesEverySpellingOfTheInitializer() {
        let source = """
            let a = CLServiceSession.init(authorization: .always)
            let b = CoreLocation.CLServiceSession(authorization: .always)
            let c: CLServiceSession = .init(authorization: .always)
            let d = session.CLServiceSession
            """
        #expect(
            hits(inSwift: source) == [
                Hit(api: "CLServiceSession(authorization: .always)", line: 1, column: 9, argument: ".always"),
                Hit(api: "CLServiceSession(authorization: .always)", line: 2, column: 22, argument: ".always"),
            ])
    }

    @Test func aMethodThatIsNamedButNotCalledDoesNotMatch() {
        #expect(apis(inSwift: "let later = manager.requestLocation") == [])
        #expect(apis(inSwift: "let selector = #selector(CLLocationManager.requestLocation)") == [])
    }

    @Test func theLineAndColumnAreTheCalleesNameInUTF8Bytes() {
        let source = """
            let é = "ü"; manager
                .startMonitoring(
                    for: region)
            """
        // On line 2 the name follows four spaces and the dot; on line 1, `é` and `ü` are two bytes each.
        #expect(hits(inSwift: source) == [Hit(api: "startMonitoring(for:)", line: 2, column: 6)])
        #expect(hits(inSwift: #"let é = "ü"; manager.requestLocation()"#) == [Hit(api: "requestLocation()", line: 1, column: 24)])
    }
}
