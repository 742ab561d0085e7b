// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "swift-ferry-alerts", products: [.library(name: "FerryAlerts", targets: ["FerryAlerts"])], targets: [.target(name: "FerryAlerts")])
