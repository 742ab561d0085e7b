import CapdocKit
import CapdocTestSupport
import Foundation

/// What the harnesses share: the package's files, found from this file's path, read once.
public enum FuzzSupport {
    /// The main package's root (the folder above `Fuzz/`).
    public static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let contentRoot = "Content"
    public static let archivesRoot = "archives"

    /// The base fixture under `Content/` and its archive under `archives/`, in memory.
    public static let base: InMemoryFileSystem = {
        let fileSystem = FixtureTree.base().fileSystem
        precondition(fileSystem.files["Content/sources/guide.yaml"] != nil, "the base fixture was not found under \(package.path)")
        return fileSystem
    }()

    /// The Content files an input may stand for: `#file: NAME` on its first line picks one of these;
    /// otherwise the input is `sources/fuzz.yaml`, a source beside the base fixture's two.
    public static let replaceable = [
        "platforms.yaml", "levels.yaml", "statuses.yaml", "services.yaml", "keys.yaml", "requests.yaml",
        "flow.yaml", "adjudications.yaml", "sources/guide.yaml", "sources/status-page.yaml",
    ]

    /// The base fixture with the input laid over it.
    public static func tree(with data: Data) -> InMemoryFileSystem {
        var fileSystem = base
        var path = contentRoot + "/sources/fuzz.yaml"
        var contents = data
        let prefix = Data("#file: ".utf8)
        if data.starts(with: prefix), let newline = data.firstIndex(of: 0x0A) {
            let name = String(decoding: data[data.startIndex + prefix.count..<newline], as: UTF8.self)
            if replaceable.contains(name) {
                path = contentRoot + "/" + name
                contents = data[(newline + 1)...]
            }
        }
        fileSystem.files[path] = Data(contents)
        return fileSystem
    }

    /// The checker over an in-memory tree, with the archives of the base fixture.
    public static func checker(_ fileSystem: InMemoryFileSystem) -> Checker {
        Checker(fileSystem: fileSystem, archives: ArchiveLibrary(folder: archivesRoot, fileSystem: fileSystem))
    }

    /// Every diagnostic points at a position: a path, line and column from 1.
    public static func checkPositions(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            for location in [diagnostic.location] + diagnostic.notes.map(\.location) {
                precondition(
                    location.line >= 1 && location.column >= 1 && location.path.hasPrefix(contentRoot),
                    "diagnostic without a position: \(location) \(diagnostic.message)")
            }
        }
    }

    /// The linter over the shipped Content, checked once.
    public static let linter: PlistLinter = {
        let report = Checker().check(contentAt: package.appendingPathComponent("Content").path)
        precondition(report.errorCount == 0, "the shipped Content does not check cleanly")
        return PlistLinter(report: report)
    }()

    /// The site's templates, for rendering what passes the check.
    public static let builder = Builder(templates: package.appendingPathComponent("Templates").path)
}

// MARK: - Entry point

/// libFuzzer's driver (in the toolchain's libclang_rt.fuzzer, linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Starts libFuzzer. In a debug build SwiftPM links an executable's `main` to `<Module>_main` (so that
/// tests can import executables), which takes the place of libFuzzer's own `main`; each harness
/// defines `<Module>_main` to call this. (In a release build libFuzzer's `main` is used directly.)
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
