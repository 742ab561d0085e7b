import Foundation
import Testing
@testable import CapdocCodeScan

/// The dependencies `lint-plist --dependencies` scans: where each manager keeps them, what in them
/// ships in the app, and that their calls carry their names.
@Suite struct DependencyTests {
    private let scanner = CodeScanner(patterns: CoreLocationPatterns.all)

    @Test func eachManagersLayoutIsFoundAndOnlyWhatShipsIsScanned() throws {
        let folder = try TemporaryFolder()
        try folder.write("Pods/LocationKit/Classes/LKTracker.m", "- (void)s { [m requestAlwaysAuthorization]; }")
        try folder.write("Pods/Target Support Files/LocationKit/LocationKit-dummy.m", "[m requestAlwaysAuthorization];")
        try folder.write("Carthage/Checkouts/GeoFence/Sources/GeoFence.swift", "m.requestWhenInUseAuthorization()")
        try folder.write("Carthage/Checkouts/GeoFence/Example/ExampleApp.swift", "m.requestAlwaysAuthorization()")
        try folder.write(".build/checkouts/swift-beacons/Sources/Beacons/Beacons.swift", "m.requestLocation()")
        try folder.write(".build/checkouts/swift-beacons/Tests/BeaconsTests/BeaconsTests.swift", "m.requestAlwaysAuthorization()")
        try folder.write(".build/checkouts/swift-beacons/Plugins/Tool.swift", "m.requestAlwaysAuthorization()")
        try folder.write("SourcePackages/checkouts/swift-maps/Maps.swift", "m.startUpdatingLocation()")
        try folder.write("App/App.swift", "m.requestWhenInUseAuthorization()")

        let found = Dependency.find(in: folder.path + "/")
        #expect(found.map { "\($0.name) \($0.manager)" } == ["LocationKit cocoaPods", "GeoFence carthage", "swift-beacons swiftPM", "swift-maps swiftPM"])
        // A package's `Sources` when it has one, else the whole checkout.
        #expect(found[2].path == folder.path + "/.build/checkouts/swift-beacons/Sources")
        #expect(found[3].path == folder.path + "/SourcePackages/checkouts/swift-maps")

        let references = try found.flatMap { try scanner.scan(dependency: $0).references }
        #expect(
            references.map { "\($0.dependency ?? "app") \($0.api)" } == [
                "LocationKit requestAlwaysAuthorization", "GeoFence requestWhenInUseAuthorization()", "swift-beacons requestLocation()",
                "swift-maps startUpdatingLocation()",
            ])
        // The app's own scan leaves the dependencies out, as before.
        #expect(try scanner.scan(directory: folder.path).references.map { $0.dependency == nil } == [true])
    }

    @Test func noLayoutIsNoDependencyAndLinksAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        #expect(Dependency.find(in: folder.path).isEmpty)
        let outside = try TemporaryFolder()
        try outside.write("Secret/Secret.swift", "m.requestAlwaysAuthorization()")
        try outside.write("Checkouts/Evil/Evil.swift", "m.requestAlwaysAuthorization()")
        try FileManager.default.createDirectory(atPath: folder.path + "/Pods", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Pods/Linked", withDestinationPath: outside.path + "/Secret")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Carthage", withDestinationPath: outside.path)
        #expect(Dependency.find(in: folder.path).isEmpty)
    }
}
