import CapdocKit
import Foundation
import FuzzSupport

/// (3) The Info.plist reader and linter. The input is the plist's bytes (XML or binary): reading it
/// is a document or a `PlistReadError`, never a crash; a document is linted against the shipped
/// Content with the requests inferred, and again for every request from an old deployment target,
/// and the three report formats are written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document: PlistDocument
    do {
        document = try PlistReader().read(Data(bytes: data, count: size), path: "Info.plist")
    } catch {
        _ = error.description
        return 0
    }
    let linter = FuzzSupport.linter
    do {
        let inferred = try linter.lint(document.root, file: "Info.plist", platform: "ios")
        let everything = try linter.lint(
            document.root, file: "Info.plist", platform: "ios", deploymentTarget: Version("10.0"),
            requests: ["when-in-use", "always", "temporary-full-accuracy"])
        let mac = try linter.lint(document.root, file: "Info.plist", platform: "macos")
        let formatter = LintReportFormatter()
        let run = LintRun(results: [inferred, everything, mac], failures: [])
        for format in LintFormat.allCases { _ = formatter.format(run, as: format) }
    } catch {
        fatalError("linting a plist that was read failed: \(error)")
    }
    return 0
}

/// The entry point SwiftPM's debug build links as `main` (see `runFuzzer`).
@_cdecl("FuzzPlistLinter_main")
public func fuzzPlistLinterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
