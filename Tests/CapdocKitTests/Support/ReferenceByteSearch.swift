import Foundation
@testable import CapdocKit

extension ArchiveText {
    /// Where `needle` first occurs in `haystack` at or after `start`: the search one quote at a time
    /// that the batch search replaced (Foundation's byte search), the reference it is tested against.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard start <= haystack.count, needle.count <= haystack.count - start else { return nil }
        guard !needle.isEmpty else { return start }
        let text = Data(haystack)
        return text.range(of: Data(needle), in: start..<text.count)?.lowerBound
    }
}
