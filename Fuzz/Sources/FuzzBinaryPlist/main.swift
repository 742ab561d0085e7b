import CapdocKit
import Foundation
import FuzzSupport

/// (4) The binary property list reader alone. The input is the bytes after `bplist00` (the header
/// is put back, so that every mutation reaches the binary scanner instead of being turned away as
/// "not a property list"). The oracle: `PlistReader.read` returns a document or throws a
/// `PlistReadError` — never a crash — within libFuzzer's `-rss_limit_mb` and `-timeout`, which is
/// what the object-graph bound (shared objects, reference cycles) promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Data("bplist00".utf8)
    let input = Data(bytes: data, count: size)
    // A seed that already has the header is used as it is.
    bytes = input.starts(with: Array("bplist".utf8)) ? input : bytes + input
    do {
        let document = try PlistReader().read(bytes, path: "Info.plist")
        // Touch every value, as the linter would.
        _ = document.root.description
    } catch {
        _ = error.description
    }
    return 0
}

/// The entry point SwiftPM's debug build links as `main` (see `runFuzzer`).
@_cdecl("FuzzBinaryPlist_main")
public func fuzzBinaryPlistMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
