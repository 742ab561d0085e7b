// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Whether mimalloc's library is installed for the linker (Debian's and Ubuntu's libmimalloc-dev put
/// `libmimalloc.so` in /usr/lib/<triple>). It is only an allocator, faster for large builds: where it
/// is absent (a distribution without the package, a machine where nobody installed it) the command is
/// built with the system's malloc rather than failing at link time. SwiftPM caches the evaluated
/// manifest, so a mimalloc installed after a first build is used once Package.swift changes or
/// `.build` is removed; Scripts/build installs it before the first build.
let hasMimalloc: Bool = {
    #if os(Linux)
        let files = FileManager.default
        var folders = ["/usr/lib", "/usr/lib64", "/usr/local/lib"]
        let multiarch = (try? files.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        folders += multiarch.filter { $0.contains("-linux-") }.map { "/usr/lib/\($0)" }
        return folders.contains { files.fileExists(atPath: "\($0)/libmimalloc.so") }
    #else
        return false
    #endif
}()

let package = Package(
    name: "capdoc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "capdoc", targets: ["capdoc"]),
        .library(name: "CapdocKit", targets: ["CapdocKit"]),
        // For the fuzz harnesses (Fuzz/, a package of their own), not for CapdocKit's users.
        .library(name: "CapdocTestSupport", targets: ["CapdocTestSupport"]),
        // The source scanner of `lint-plist --sources`, also for the fuzz harness over it.
        .library(name: "CapdocCodeScan", targets: ["CapdocCodeScan"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.0.0"),
        // A real Swift parser for `lint-plist --sources`: the Core Location calls in an app's code.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
        // `capdoc serve`: an HTTP server (Hummingbird 2 on SwiftNIO), its lifecycle (Ctrl-C) and its log.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.0.0"),
    ],
    targets: [
        // cmark (CommonMark reference implementation) from the system: Debian's libcmark-dev.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // libyaml (the YAML reference parser in C) from the system: Debian's libyaml-dev. Its event API
        // gives every node's position without building a tree that capdoc would then copy.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // zlib from the system (Debian's zlib1g-dev): `capdoc.json.gz`, the dataset as tools download it.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Two system calls Swift cannot reach directly (variadic or platform-specific): the atomic swap of the output folder.
        // Not named CSystem: swift-system (which SwiftNIO brings for `capdoc serve`) has a target of that name.
        .target(name: "CapdocSystemC"),
        // Reads every input file with a size limit checked before reading: shared by CapdocKit and
        // CapdocCodeScan, which do not depend on each other.
        .target(name: "CapdocFiles"),
        .target(
            name: "CapdocKit",
            dependencies: [
                "CapdocFiles",
                "CCmark",
                "CapdocSystemC",
                "CYAML",
                "CZlib",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Finds the calls of named APIs in Swift (parsed by swift-syntax) and Objective-C sources.
        // Apart from CapdocKit so that the library's users need not build swift-syntax.
        .target(
            name: "CapdocCodeScan",
            dependencies: [
                "CapdocFiles",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // `capdoc serve`: builds the site into memory, serves it, watches Content and the templates,
        // rebuilds and reloads open pages. Apart from CapdocKit so that the library's users need not
        // build an HTTP server.
        .target(
            name: "CapdocServe",
            dependencies: [
                "CapdocKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "capdoc",
            dependencies: [
                "CapdocKit",
                "CapdocCodeScan",
                "CapdocServe",
                "CapdocFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // On Linux the command allocates with mimalloc (Debian's libmimalloc-dev), linked before
            // glibc so that it replaces malloc for the whole process: a build at 20,000 services makes
            // tens of millions of short-lived allocations, and glibc's malloc was a sixth of its time
            // (consolidating and unlinking free chunks). The library leaves the choice to its users.
            // Only where it is installed (hasMimalloc): elsewhere, and off Linux, the system's malloc.
            linkerSettings: hasMimalloc ? [.linkedLibrary("mimalloc", .when(platforms: [.linux]))] : [],
            // The shipped Content, compiled in: query, explain and lint-plist run from any folder.
            plugins: ["EmbedContent"]
        ),
        // Writes Content/ as a Swift file, for the EmbedContent plugin.
        .executableTarget(name: "capdoc-embed"),
        .plugin(name: "EmbedContent", capability: .buildTool(), dependencies: ["capdoc-embed"]),
        // What the tests and the fuzz harnesses share: an in-memory file system and the fixture trees
        // laid on it. Not part of CapdocKit, whose users need neither.
        .target(name: "CapdocTestSupport", dependencies: ["CapdocKit"], path: "Tests/CapdocTestSupport"),
        .testTarget(
            name: "CapdocKitTests",
            dependencies: ["CapdocKit", "CapdocTestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(name: "CapdocServeTests", dependencies: ["CapdocServe", "CapdocKit"]),
        .testTarget(name: "CapdocCodeScanTests", dependencies: ["CapdocCodeScan"], exclude: ["Fixtures"]),
        // capdoc(1) from the real command tree: the command module, tested as a module.
        .testTarget(name: "capdocTests", dependencies: ["capdoc", "CapdocKit", "CapdocTestSupport"], exclude: ["Golden"]),
        // Parses CapdocKit's sources and fails on a reference from one folder to another that
        // ARCHITECTURE.md does not allow: the folders are layers, and every arrow points down.
        .testTarget(
            name: "ArchitectureTests",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
