// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "swift-beacons", targets: [.target(name: "Beacons"), .testTarget(name: "BeaconsTests", dependencies: ["Beacons"])])
