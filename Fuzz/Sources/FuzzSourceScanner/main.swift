import CapdocCodeScan
import CapdocKit
import Foundation
import FuzzSupport

/// (6) The source scanner of `lint-plist --sources` (issue 41): the input is one source file, Swift
/// unless its first line is `//objc` (then Objective-C). Its oracle: the scan returns, within
/// `-rss_limit_mb` and `-timeout`, either matches at positions inside the file or a skip with its
/// reason, never a crash — whatever the nesting, the postfix chains or the number of tokens.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = bytes.starts(with: Array("//objc".utf8)) ? "Fuzz.m" : "Fuzz.swift"
    let scan = scanner.scan(contents: bytes, path: path)
    // Swift that is not valid UTF-8 is scanned with replacement characters (three bytes each), and
    // its columns count those: positions are checked against the text as scanned.
    let text = path.hasSuffix(".swift") ? Array(String(decoding: bytes, as: UTF8.self).utf8) : bytes
    let lines = text.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } + 1
    precondition(scan.filesScanned + scan.skipped.count == 1, "the file was neither scanned nor skipped: \(scan)")
    for skipped in scan.skipped { precondition(skipped.hasPrefix("\(path): ") && skipped.count > path.count + 2, "a skip without a reason: \(skipped)") }
    for reference in scan.references {
        precondition(
            reference.file == path && (1...lines).contains(reference.line) && (1...text.count).contains(reference.column),
            "a reference outside the file: \(reference)")
    }
    return 0
}

/// The spellings of the shipped Content's APIs, as `lint-plist --sources` scans for them.
private let scanner: CodeScanner = {
    let patterns = FuzzSupport.linter.codeAPIs.map { APIPattern(api: $0.swift ?? $0.objectiveC ?? "", swift: $0.swift, objectiveC: $0.objectiveC) }
    return CodeScanner(patterns: patterns)
}()

/// The entry point SwiftPM's debug build links as `main` (see `runFuzzer`).
@_cdecl("FuzzSourceScanner_main")
public func fuzzSourceScannerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
