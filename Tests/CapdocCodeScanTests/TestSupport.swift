import Foundation
@testable import CapdocCodeScan

/// The Core Location APIs as capdoc's model spells them; each pattern's `api` is its spelling.
enum CoreLocationPatterns {
    static let swift = [
        "requestWhenInUseAuthorization()", "requestAlwaysAuthorization()",
        "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)",
        "CLServiceSession(authorization: .whenInUse)", "CLServiceSession(authorization: .always)",
        "CLServiceSession(authorization:fullAccuracyPurposeKey:)", "LocationButton", "startUpdatingLocation()",
        "requestLocation()", "startMonitoringSignificantLocationChanges()", "startMonitoringVisits()",
        "startMonitoring(for:)", "startRangingBeacons(satisfying:)", "startUpdatingHeading()", "CLGeocoder",
        "CLLocationUpdate.liveUpdates(_:)", "liveUpdates(_:)", "CLMonitor", "CLLocationPushServiceExtension",
        "didReceiveLocationPushPayload(_:completion:)",
    ]
    static let objectiveC = [
        "requestWhenInUseAuthorization", "requestAlwaysAuthorization",
        "requestTemporaryFullAccuracyAuthorizationWithPurposeKey:",
        "requestTemporaryFullAccuracyAuthorizationWithPurposeKey:completion:", "startUpdatingLocation",
        "requestLocation", "startMonitoringSignificantLocationChanges", "startMonitoringVisits",
        "startMonitoringForRegion:", "startRangingBeaconsSatisfyingConstraint:", "startUpdatingHeading", "CLGeocoder",
        "CLLocationPushServiceExtension", "didReceiveLocationPushPayload:completion:",
    ]
    static let all: [APIPattern] =
        swift.map { APIPattern(api: $0, swift: $0, objectiveC: nil) }
        + objectiveC.map { APIPattern(api: $0, swift: nil, objectiveC: $0) }
}

/// One reference, as the tests compare them.
struct Hit: Hashable, CustomStringConvertible {
    var api: String
    var line: Int
    var column: Int
    var argument: String? = nil

    var description: String { "\(api) @\(line):\(column)" + (argument.map { " [\($0)]" } ?? "") }
}

/// What the scanner finds in one Swift or Objective-C text.
func hits(inSwift source: String, patterns: [APIPattern] = CoreLocationPatterns.all) -> [Hit] {
    hits(in: source, language: .swift, patterns: patterns)
}

func hits(inObjectiveC source: String, patterns: [APIPattern] = CoreLocationPatterns.all) -> [Hit] {
    hits(in: source, language: .objectiveC, patterns: patterns)
}

private func hits(in source: String, language: SourceTree.Language, patterns: [APIPattern]) -> [Hit] {
    let scanner = CodeScanner(patterns: patterns)
    guard case .matches(let matches) = scanner.scan(Array(source.utf8), language: language) else { return [] }
    return
        matches
        .sorted { ($0.line, $0.column, $0.patternIndex) < ($1.line, $1.column, $1.patternIndex) }
        .map { Hit(api: patterns[$0.patternIndex].api, line: $0.line, column: $0.column, argument: $0.argument) }
}

/// The APIs found, without positions, for tests about what matches rather than where.
func apis(inSwift source: String) -> [String] { hits(inSwift: source).map(\.api) }
func apis(inObjectiveC source: String) -> [String] { hits(inObjectiveC: source).map(\.api) }

/// A folder under the system's temporary folder, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("CapdocCodeScanTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        let file = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

enum Fixtures {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/App").path
}
