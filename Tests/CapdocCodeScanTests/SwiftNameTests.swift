import Testing
@testable import CapdocCodeScan

/// Bare names, declarations, and what the parser leaves out (see `SwiftReferenceFinder`).
@Suite struct SwiftNameTests {
    @Test func aBareNameMatchesItsUsesAsAnExpression() {
        let source = """
            let monitor = await CLMonitor(name)
            let geocoder = CLGeocoder()
            let kind = CLMonitor.self
            """
        #expect(
            hits(inSwift: source) == [
                Hit(api: "CLMonitor", line: 1, column: 21),
                Hit(api: "CLGeocoder", line: 2, column: 16),
                Hit(api: "CLMonitor", line: 3, column: 12),
            ])
    }

    @Test func aBareNameMatchesItsUsesAsAType() {
        let source = """
            final class Push: NSObject, CLLocationPushServiceExtension {
                var geocoder: CLGeocoder?
                var monitors: [String: CLMonitor] = [:]
                var all: Array<CoreLocation.CLMonitor> = []
            }
            extension CLGeocoder {}
            """
        #expect(
            hits(inSwift: source) == [
                Hit(api: "CLLocationPushServiceExtension", line: 1, column: 29),
                Hit(api: "CLGeocoder", line: 2, column: 19),
                Hit(api: "CLMonitor", line: 3, column: 28),
                Hit(api: "CLMonitor", line: 4, column: 33),
                Hit(api: "CLGeocoder", line: 6, column: 11),
            ])
    }

    @Test func aBareNameDoesNotMatchALongerNameOrADeclaration() {
        #expect(apis(inSwift: "let cache = CLGeocoderCache()") == [])
        #expect(apis(inSwift: "struct LocationButtonStyle {}; func CLMonitorFactory() {}") == [])
    }

    @Test func theAppsOwnWrapperIsNotACallButTheCallInItIs() {
        let source = """
            final class Permissions {
                func requestAlwaysAuthorization() {
                    manager.requestAlwaysAuthorization()
                }
                func startMonitoring(for region: CLRegion) {}
            }
            """
        #expect(hits(inSwift: source) == [Hit(api: "requestAlwaysAuthorization()", line: 3, column: 17)])
    }

    @Test func aCallbackTheAppImplementsIsReported() {
        let source = """
            final class Push: NSObject {
                func didReceiveLocationPushPayload(_ payload: [String: Any], completion: @escaping () -> Void) {
                    completion()
                }
            }
            protocol Declares {
                func didReceiveLocationPushPayload(_ payload: [String: Any], completion: @escaping () -> Void)
            }
            final class Other {
                func didReceiveLocationPushPayload(payload: [String: Any], completion: @escaping () -> Void) {}
            }
            """
        #expect(hits(inSwift: source) == [Hit(api: "didReceiveLocationPushPayload(_:completion:)", line: 2, column: 10)])
    }

    @Test func commentsAndStringsDoNotMatch() {
        let source = #"""
            // manager.requestLocation()
            /* manager.startUpdatingLocation() */
            /// Calls `requestWhenInUseAuthorization()` first.
            let a = "manager.requestAlwaysAuthorization()"
            let b = """
                CLGeocoder() and LocationButton
                """
            let c = #"CLMonitor("x")"#
            """#
        #expect(hits(inSwift: source) == [])
    }

    @Test func codeInAStringInterpolationIsCode() {
        #expect(apis(inSwift: #"print("\(manager.requestLocation())")"#) == ["requestLocation()"])
    }

    @Test func everyBranchOfAnIfConfigCounts() {
        let source = """
            #if os(iOS)
            manager.requestWhenInUseAuthorization()
            #elseif os(macOS)
            manager.requestAlwaysAuthorization()
            #else
            manager.requestLocation()
            #endif
            """
        #expect(apis(inSwift: source) == ["requestWhenInUseAuthorization()", "requestAlwaysAuthorization()", "requestLocation()"])
    }

    /// A debug build of swift-syntax stops parsing at 20 levels by default; SwiftUI views reach that.
    @Test func callsNestedDeeperThanTheParsersDebugDefaultAreFound() {
        let depth = 40
        let source =
            String(repeating: "V {\n", count: depth) + "manager.requestLocation()\n"
            + String(repeating: "}\n", count: depth) + "manager.startUpdatingLocation()\n"
        #expect(
            hits(inSwift: source) == [
                Hit(api: "requestLocation()", line: depth + 1, column: 9),
                Hit(api: "startUpdatingLocation()", line: 2 * depth + 2, column: 9),
            ])
    }
}
