// swift-tools-version:6.0
// libFuzzer harnesses for capdoc (issue #6), in a package of their own so that the main build is
// untouched. Build and run them with `Fuzz/run SECONDS [TARGET…]` (Linux, the Swift toolchain's
// libFuzzer): `swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address …`.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`main`, `capdoc`, … depending on the checkout).
let capdoc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// No Swift `main`: libFuzzer's runtime brings its own, which calls LLVMFuzzerTestOneInput.
let asLibrary: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "CapdocFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // The base fixture, the shipped Content and the Templates, read once from the package on disk.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "CapdocKit", package: capdoc), .product(name: "CapdocTestSupport", package: capdoc)]
        ),
        // (1) The Content loader: the input is one Content file inside an in-memory copy of the base fixture.
        .executableTarget(name: "FuzzContentLoader", dependencies: ["FuzzSupport", .product(name: "CapdocKit", package: capdoc)], swiftSettings: asLibrary),
        // (2) The whole check: load, merge, every check, the printed diagnostics, and the outputs when it passes.
        .executableTarget(name: "FuzzCheckPipeline", dependencies: ["FuzzSupport", .product(name: "CapdocKit", package: capdoc)], swiftSettings: asLibrary),
        // (3) The Info.plist reader and linter: the input is the plist's bytes.
        .executableTarget(name: "FuzzPlistLinter", dependencies: ["FuzzSupport", .product(name: "CapdocKit", package: capdoc)], swiftSettings: asLibrary),
        // (4) The binary plist reader alone: the input is a bplist's bytes after its header (issue #15).
        .executableTarget(name: "FuzzBinaryPlist", dependencies: ["FuzzSupport", .product(name: "CapdocKit", package: capdoc)], swiftSettings: asLibrary),
        // (5) The Markdown writer: the input is prose (a note); its Markdown, read back by cmark, holds no HTML, no script URL, the prose's links.
        .executableTarget(name: "FuzzMarkdownWriter", dependencies: ["FuzzSupport", .product(name: "CapdocKit", package: capdoc)], swiftSettings: asLibrary),
        // (6) The source scanner of `lint-plist --sources`: the input is one Swift (or, after `//objc`, Objective-C) file.
        .executableTarget(
            name: "FuzzSourceScanner",
            dependencies: ["FuzzSupport", .product(name: "CapdocKit", package: capdoc), .product(name: "CapdocCodeScan", package: capdoc)],
            swiftSettings: asLibrary),
    ],
    swiftLanguageModes: [.v6]
)
