import CapdocKit
import CapdocTestSupport
import Foundation
import FuzzSupport

/// (2) The whole check: load, merge, every check (with the base fixture's archives), the diagnostics
/// printed as `capdoc check` prints them, and — when the check passes — every output format, rendered
/// in memory. The input is laid over the base fixture as in the loader's harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fileSystem = FuzzSupport.tree(with: Data(bytes: data, count: size))
    let report = FuzzSupport.checker(fileSystem).check(contentAt: FuzzSupport.contentRoot)
    FuzzSupport.checkPositions(report.diagnostics)
    _ = DiagnosticRenderer(fileSystem: fileSystem).human(report.diagnostics)
    _ = DiagnosticRenderer.json(report.diagnostics, summary: ["errors": report.errorCount])
    if report.errorCount == 0 {
        do {
            _ = try FuzzSupport.builder.render(CompiledModel(model: report.model, merge: report.merge))
        } catch {
            fatalError("rendering valid Content failed: \(error)")
        }
    }
    return 0
}

/// The entry point SwiftPM's debug build links as `main` (see `runFuzzer`).
@_cdecl("FuzzCheckPipeline_main")
public func fuzzCheckPipelineMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
