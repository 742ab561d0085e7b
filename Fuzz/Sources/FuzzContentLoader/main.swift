import CapdocKit
import CapdocTestSupport
import Foundation
import FuzzSupport

/// (1) The Content loader. The input is one Content file (`sources/fuzz.yaml`, or the file named by a
/// first line `#file: NAME`) inside an in-memory copy of the base fixture; loading must end, with a
/// model and diagnostics that have positions, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fileSystem = FuzzSupport.tree(with: Data(bytes: data, count: size))
    let loaded = ContentLoader(fileSystem: fileSystem).load(from: FuzzSupport.contentRoot)
    FuzzSupport.checkPositions(loaded.diagnostics)
    return 0
}

/// The entry point SwiftPM's debug build links as `main` (see `runFuzzer`).
@_cdecl("FuzzContentLoader_main")
public func fuzzContentLoaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
