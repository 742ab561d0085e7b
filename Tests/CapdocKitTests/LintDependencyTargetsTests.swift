import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// A dependency's calls count for the targets of a project that link it, as the project says:
/// its Swift package products, its Frameworks build phase, and the `OTHER_LDFLAGS` CocoaPods writes.
@Suite("lint-plist: dependencies per target")
struct LintDependencyTargetsTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let linter = PlistLinter(report: LintDependencyTargetsTests.report)
    static let harbor = Paths.fixtures.appendingPathComponent("lint/xcode/Harbor").path

    func call(_ api: String, request: String, in dependency: String?, file: String) -> CodeUse {
        CodeUse(use: .request(request), api: api, location: LintLocation(file: file, line: 8, column: 17), dependency: dependency)
    }

    @Test("each app gets the requests of the dependencies it links, and a dependency no target links counts for all")
    func requestsPerTarget() throws {
        let code = [
            call("requestAlwaysAuthorization()", request: "always", in: "swift-ferry-alerts", file: "FerryAlerts.swift"),
            call("requestTemporaryFullAccuracyAuthorization(withPurposeKey:)", request: "temporary-full-accuracy", in: "KioskKit", file: "KKPrecision.m"),
            call("requestAlwaysAuthorization()", request: "always", in: "Unlinked", file: "Unlinked.swift"),
        ]
        let inputs = LintInputReader(vocabulary: Self.report.model.vocabulary)
        let found = try inputs.subjects(projectAt: Self.harbor + "/Harbor.xcodeproj", targets: [], configuration: nil, options: LintOptions(code: code))
        let byTarget = Dictionary(uniqueKeysWithValues: found.subjects.map { ($0.target ?? "", $0.code.compactMap(\.dependency).sorted()) })
        #expect(byTarget["Harbor"] == ["Unlinked", "swift-ferry-alerts"])
        #expect(byTarget["HarborKiosk"] == ["KioskKit", "Unlinked"])
        let kiosk = try linter.lint(try #require(found.subjects.first { $0.target == "HarborKiosk" }))
        #expect(kiosk.requests.contains("temporary-full-accuracy"))
    }

    @Test("the libraries a target's linker flags and files name")
    func libraryNames() {
        #expect(
            XcodeTargetLibraries.linkedBy(linkerFlags: #"$(inherited) -ObjC -framework "KioskKit" -weak_framework Maps -l"Pods-Core" -lsqlite3"#)
                == ["kioskkit", "maps", "pods-core", "sqlite3"])
        #expect(XcodeTargetLibraries.libraryName(ofFile: "Carthage/Build/iOS/GeoFence.framework") == "geofence")
        #expect(XcodeTargetLibraries.libraryName(ofFile: "Carthage/Build/GeoFence.xcframework") == "geofence")
        #expect(XcodeTargetLibraries.libraryName(ofFile: "libLocationKit.a") == "locationkit")
        #expect(XcodeTargetLibraries.libraryName(ofFile: "Info.plist") == nil)
    }

    @Test("a target's package products are named after the package's repository")
    func packageProducts() throws {
        let project = try XcodeProject.read(at: Self.harbor + "/Harbor.xcodeproj")
        #expect(project.targets.map { "\($0.name) \($0.libraries.sorted())" } == ["Harbor [\"swift-ferry-alerts\"]", "HarborKiosk []"])
    }
}
