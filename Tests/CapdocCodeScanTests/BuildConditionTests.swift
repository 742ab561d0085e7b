import Foundation
import Testing
@testable import CapdocCodeScan

/// Which platforms compile each call: `#if os(…)`, `targetEnvironment(macCatalyst)`, `@available`,
/// `#available`, early exits under `#if`, and Objective-C's `#if TARGET_OS_…`.
@Suite struct BuildConditionTests {
    /// Platforms as capdoc's model describes them (`platforms.yaml` `compile-conditions`), cut to four.
    static let platforms = CompilePlatform.platforms([
        "ios": ["os(iOS)", "available(iOS)", "TARGET_OS_IOS", "TARGET_OS_IPHONE"],
        "mac-catalyst": [
            "os(iOS)", "targetEnvironment(macCatalyst)", "available(macCatalyst)", "available(iOS)", "TARGET_OS_IOS", "TARGET_OS_IPHONE",
            "TARGET_OS_MACCATALYST",
        ],
        "macos": ["os(macOS)", "available(macOS)", "TARGET_OS_OSX"],
        "tvos": ["os(tvOS)", "available(tvOS)", "TARGET_OS_TV", "TARGET_OS_IPHONE"],
    ])

    /// Each call found, `api@line`, with the platforms that may compile it.
    func compiled(_ source: String, objectiveC: Bool = false) -> [String: Set<String>] {
        let scanner = CodeScanner(patterns: CoreLocationPatterns.all)
        guard case .matches(let matches) = scanner.scan(Array(source.utf8), language: objectiveC ? .objectiveC : .swift) else {
            Issue.record("the file was not scanned")
            return [:]
        }
        var result: [String: Set<String>] = [:]
        for match in matches {
            let name = "\(CoreLocationPatterns.all[match.patternIndex].api)@\(match.line)"
            result[name] = Set(Self.platforms.filter { $0.value.mayCompile(match.condition) }.keys)
        }
        return result
    }

    static let all: Set<String> = ["ios", "mac-catalyst", "macos", "tvos"]

    @Test func osConditionsAndTheirElseBranches() {
        let source = """
            #if os(iOS)
            m.requestAlwaysAuthorization()
            #elseif os(macOS)
            m.requestWhenInUseAuthorization()
            #else
            m.requestLocation()
            #endif
            m.startUpdatingLocation()
            """
        #expect(
            compiled(source) == [
                "requestAlwaysAuthorization()@2": ["ios", "mac-catalyst"], "requestWhenInUseAuthorization()@4": ["macos"],
                "requestLocation()@6": ["tvos"], "startUpdatingLocation()@8": Self.all,
            ])
    }

    @Test func catalystAndNegationAndParentheses() {
        let source = """
            #if os(iOS) && !targetEnvironment(macCatalyst)
            m.requestAlwaysAuthorization()
            #endif
            #if (os(macOS) || targetEnvironment(macCatalyst))
            m.requestLocation()
            #endif
            """
        #expect(compiled(source) == ["requestAlwaysAuthorization()@2": ["ios"], "requestLocation()@5": ["macos", "mac-catalyst"]])
    }

    @Test func whatTheScannerCannotDecideKeepsBothBranches() {
        let source = """
            #if canImport(UIKit)
            m.requestAlwaysAuthorization()
            #else
            m.requestWhenInUseAuthorization()
            #endif
            #if DEBUG && os(tvOS)
            m.requestLocation()
            #endif
            """
        #expect(
            compiled(source) == [
                "requestAlwaysAuthorization()@2": Self.all, "requestWhenInUseAuthorization()@4": Self.all, "requestLocation()@7": ["tvos"],
            ])
    }

    @Test func anEarlyExitUnderIfLeavesTheRestOfTheBlockToTheOtherPlatforms() {
        let source = """
            func ask() {
                #if os(macOS)
                return
                #endif
                m.requestAlwaysAuthorization()
            }
            func other() { m.requestWhenInUseAuthorization() }
            func guarded() {
                guard #available(macOS 14, *) else { return }
                m.requestLocation()
            }
            """
        // The early return ends only its own function; `guard #available` passes on other platforms.
        #expect(
            compiled(source) == [
                "requestAlwaysAuthorization()@5": ["ios", "mac-catalyst", "tvos"], "requestWhenInUseAuthorization()@7": Self.all,
                "requestLocation()@10": Self.all,
            ])
    }

    @Test func availabilityAttributesAndChecks() {
        let source = """
            @available(tvOS, unavailable)
            func a() { m.requestAlwaysAuthorization() }
            @available(iOS, unavailable)
            @available(macCatalyst 14, *)
            func b() { m.requestWhenInUseAuthorization() }
            @available(*, unavailable)
            func c() { m.requestLocation() }
            func d() {
                if #available(iOS 17, *) { m.startUpdatingLocation() } else { m.startUpdatingHeading() }
                if #unavailable(tvOS 17) { m.startMonitoringVisits() }
            }
            """
        #expect(
            compiled(source) == [
                "requestAlwaysAuthorization()@2": ["ios", "mac-catalyst", "macos"],
                // Mac Catalyst takes its own availability before iOS's.
                "requestWhenInUseAuthorization()@5": ["mac-catalyst", "macos", "tvos"],
                "requestLocation()@7": [],
                "startUpdatingLocation()@9": Self.all,
                // The `else` of `#available(iOS 17, *)`: only older iOS (and Mac Catalyst, which falls back to iOS).
                "startUpdatingHeading()@9": ["ios", "mac-catalyst"],
                "startMonitoringVisits()@10": ["tvos"],
            ])
    }

    @Test func objectiveCTargetConditionals() {
        let source = """
            - (void)start {
            #if TARGET_OS_IOS && !TARGET_OS_MACCATALYST
                [m requestAlwaysAuthorization];
            #elif TARGET_OS_TV
                [m requestWhenInUseAuthorization];
            #else
                [m requestLocation];
            #endif
            #if 0
                [m startUpdatingLocation];
            #endif
            #ifdef DEBUG
                [m startUpdatingHeading];
            #endif
            #if defined(TARGET_OS_IOS) /* defined() holds for every TARGET_OS_ macro */
                [m startMonitoringVisits];
            #endif
            }
            """
        #expect(
            compiled(source, objectiveC: true) == [
                "requestAlwaysAuthorization@3": ["ios"], "requestWhenInUseAuthorization@5": ["tvos"],
                "requestLocation@7": ["macos", "mac-catalyst"], "startUpdatingLocation@10": [],
                "startUpdatingHeading@13": Self.all, "startMonitoringVisits@16": Self.all,
            ])
    }

    @Test func availabilityChecksAndAttributesSayFromWhichVersionACallRuns() throws {
        let source = """
            @available(iOS 15.0, macOS 12, *)
            final class Watcher {
                func a() {
                    if #available(iOS 17, tvOS 17, *) { m.startMonitoring(for: r) }
                }
                func b() {
                    guard #available(iOS 16.4, *) else { return }
                    m.startMonitoringVisits()
                }
                func c() {
                    if #available(iOS 17, *) {} else { m.requestLocation() }
                }
                @available(macCatalyst 16, *)
                func d() { m.startUpdatingHeading() }
            }
            """
        let scanner = CodeScanner(patterns: CoreLocationPatterns.all)
        guard case .matches(let matches) = scanner.scan(Array(source.utf8), language: .swift) else {
            Issue.record("the file was not scanned")
            return
        }
        var versions: [String: [String: [String]]] = [:]
        for match in matches {
            let name = "\(CoreLocationPatterns.all[match.patternIndex].api)@\(match.line)"
            versions[name] = Self.platforms.mapValues { $0.versionsRequired(by: match.condition).sorted() }.filter { !$0.value.isEmpty }
        }
        #expect(versions["startMonitoring(for:)@4"] == ["ios": ["15.0", "17"], "mac-catalyst": ["15.0", "17"], "macos": ["12"], "tvos": ["17"]])
        #expect(versions["startMonitoringVisits()@8"] == ["ios": ["15.0", "16.4"], "mac-catalyst": ["15.0", "16.4"], "macos": ["12"]])
        // The else of a check runs on the older versions: only the class's own version holds.
        #expect(versions["requestLocation()@11"] == ["ios": ["15.0"], "mac-catalyst": ["15.0"], "macos": ["12"]])
        // Mac Catalyst's own version wins over iOS's.
        #expect(versions["startUpdatingHeading()@14"] == ["ios": ["15.0"], "mac-catalyst": ["15.0", "16"], "macos": ["12"]])
    }

    @Test func objectiveCAvailabilityAttributesOnDefinitions() {
        let source = """
            @implementation Tracker
            - (void)always API_UNAVAILABLE(tvos, macos) {
                [m requestAlwaysAuthorization];
            }
            - (void)tv API_AVAILABLE(tvos(14.0)) API_UNAVAILABLE(ios) {
                [m requestWhenInUseAuthorization];
            }
            - (void)declared API_UNAVAILABLE(ios, tvos, macos);
            - (void)plain {
                [m requestLocation];
            }
            - (void)attribute __attribute__((availability(tvos, unavailable))) {
                if (x) { [m startUpdatingLocation]; }
            }
            @end
            static void track(CLLocationManager *m) API_UNAVAILABLE(maccatalyst) {
                [m startMonitoringVisits];
            }
            """
        #expect(
            compiled(source, objectiveC: true) == [
                // Mac Catalyst takes iOS's availability when an attribute names no Mac Catalyst.
                "requestAlwaysAuthorization@3": ["ios", "mac-catalyst"],
                "requestWhenInUseAuthorization@6": ["tvos", "macos"],
                // A declaration's attribute (ending in `;`) is not the next definition's.
                "requestLocation@10": Self.all,
                "startUpdatingLocation@13": ["ios", "mac-catalyst", "macos"],
                "startMonitoringVisits@17": ["ios", "macos", "tvos"],
            ])
    }

    @Test func aMessageSplitByAnIfIsReportedUnderTheConditionAtItsSelector() {
        let source = "[m\n#if TARGET_OS_TV\nrequestLocation\n#endif\n];"
        #expect(compiled(source, objectiveC: true) == ["requestLocation@3": ["tvos"]])
    }

    // MARK: Hostile input: bounded, never a crash

    @Test func tenThousandNestedObjectiveCIfsStayBounded() {
        let source = String(repeating: "#if TARGET_OS_IOS\n", count: 10_000) + "[m requestLocation];\n" + String(repeating: "#endif\n", count: 10_000)
        let started = Date()
        // Past the depth limit the conditions are unknown; the ones within it still say iOS.
        #expect(compiled(source, objectiveC: true) == ["requestLocation@10001": ["ios", "mac-catalyst"]])
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func unclosedAvailabilityAttributesStayBounded() {
        // Each unclosed attribute is read a bounded number of tokens, not to the end of the file.
        let source = String(repeating: "API_UNAVAILABLE(tvos, ", count: 50_000) + "\n- (void)f { [m requestLocation]; }\n"
        let started = Date()
        #expect(compiled(source, objectiveC: true) == ["requestLocation@2": Self.all])
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aLongElifChainAndAHugeConditionStayBounded() {
        let chain = "#if TARGET_OS_TV\n" + (0..<20_000).map { "#elif X\($0)\n[m requestLocation];\n" }.joined() + "#endif\n"
        let negations =
            "#if " + String(repeating: "!(", count: 5_000) + "TARGET_OS_IOS" + String(repeating: ")", count: 5_000) + "\n[m startUpdatingLocation];\n#endif\n"
        let started = Date()
        let found = compiled(chain + negations, objectiveC: true)
        #expect(found.count == 20_001)
        #expect(found["startUpdatingLocation@40004"] == Self.all)  // too deep to read: unknown
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func swiftConditionsNestedPastTheLimitAreUnknown() {
        let deep = "#if " + String(repeating: "!(", count: 100) + "os(iOS)" + String(repeating: ")", count: 100) + "\nm.requestLocation()\n#endif\n"
        #expect(compiled(deep) == ["requestLocation()@2": Self.all])
        let shallow = "#if " + String(repeating: "!(", count: 10) + "os(iOS)" + String(repeating: ")", count: 10) + "\nm.requestLocation()\n#endif\n"
        #expect(compiled(shallow) == ["requestLocation()@2": ["ios", "mac-catalyst"]])
        // `!!!` is one operator token: its parity decides, however long it is.
        let operators = "#if " + String(repeating: "!", count: 100_001) + "os(iOS)\nm.requestLocation()\n#endif\n"
        #expect(compiled(operators) == ["requestLocation()@2": ["macos", "tvos"]])
    }

    @Test func manyEarlyExitsAndClausesStayBounded() {
        let exits = String(repeating: "#if os(macOS)\nreturn\n#endif\n", count: 2_000)
        let clauses = "#if os(tvOS)\n" + (0..<2_000).map { "#elseif X\($0)\nm.requestLocation()\n" }.joined() + "#endif\n"
        let source = "func f() {\n" + exits + "m.requestAlwaysAuthorization()\n" + clauses + "}\n"
        let started = Date()
        let found = compiled(source)
        #expect(found["requestAlwaysAuthorization()@6002"] == ["ios", "mac-catalyst", "tvos"])
        #expect(found.count == 2_001)
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
