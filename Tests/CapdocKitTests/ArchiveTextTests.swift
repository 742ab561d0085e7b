import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Quote lookup in archives (issue 15, item 12): normalized bytes searched in one pass, each
/// archive read once and refused past its size limit.
@Suite("archives: quote lookup")
struct ArchiveTextTests {
    @Test("quotes match across white space, typographic quotes and canonically equivalent spellings")
    func normalization() {
        let text = ArchiveText("The \u{201C}caf\u{00E9}\u{201D}   is\nopen.\n\nIt\u{2019}s late.")
        #expect(text.contains(quote: "The \"cafe\u{0301}\" is open."))
        #expect(text.contains(quote: "It's late."))
        #expect(!text.contains(quote: "The cafe is open."))
        #expect(!text.contains(quote: "   "), "a quote of nothing but white space matches nothing")
    }

    @Test("an ellipsis quote's parts must occur in order, each after the end of the one before")
    func ellipsis() {
        let text = ArchiveText("one two three two one")
        #expect(text.contains(quote: "one\u{2026}three\u{2026}one"))
        #expect(text.contains(quote: "two\u{2026}two"))
        #expect(!text.contains(quote: "three\u{2026}three"))
        #expect(!text.contains(quote: "one two\u{2026}two one\u{2026}three"))
    }

    @Test(
        "the reference byte search (the one-quote-at-a-time search the batch is tested against) finds the first occurrence at or after a position, and nothing past the end"
    )
    func byteSearch() {
        let haystack = Array("abcabcab".utf8)
        #expect(ArchiveText.firstOffset(of: Array("cab".utf8), in: haystack, from: 0) == 2)
        #expect(ArchiveText.firstOffset(of: Array("cab".utf8), in: haystack, from: 3) == 5)
        #expect(ArchiveText.firstOffset(of: Array("cab".utf8), in: haystack, from: 6) == nil)
        #expect(ArchiveText.firstOffset(of: Array("x".utf8), in: [], from: 0) == nil)
    }

    @Test("an archive over 8 MiB is refused by its size, with its path; a missing one is not found")
    func sizeLimit() {
        var files = InMemoryFileSystem()
        files.files["archives/big.txt"] = Data(repeating: UInt8(ascii: "x"), count: ArchiveLibrary.maximumSize + 1)
        files.files["archives/small.txt"] = Data("Both levels are supported.".utf8)
        let library = ArchiveLibrary(folder: "archives", fileSystem: files)
        #expect(throws: ArchiveLibrary.Failure.unreadable(path: "archives/big.txt", reason: "8388609 bytes, over the limit of 8 MiB")) {
            try library.lookUp("big.txt").get()
        }
        #expect(throws: ArchiveLibrary.Failure.notFound) { try library.lookUp("none.txt").get() }
        #expect(library.text(named: "small.txt")?.contains(quote: "levels are supported") == true)
    }
}
