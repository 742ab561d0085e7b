/// A 128-bit digest of a composed page: what `RenderMemo` compares to know whether a page is the
/// same as at the last build, without keeping the page (20,000 services make gigabytes of pages).
///
/// A page is everything its files are rendered from, but for the few values every page shares
/// (`RenderMemo.Environment`): the same digest, the same bytes. It is two of Swift's keyed hashes
/// of the whole page, with different leading words, so that two pages that differ share a digest
/// with a chance of about 2⁻¹²⁸. Swift's hash key is drawn anew for each process, so a digest means
/// something only within the process that made it, which is all a memo of one `capdoc serve` needs.
struct PageDigest: Hashable, Sendable {
    let first: Int
    let second: Int

    init(_ page: Page) {
        var first = Hasher()
        first.combine(0x6361_7064_6f63_3031 as UInt64)
        first.combine(page)
        var second = Hasher()
        second.combine(0x6361_7064_6f63_3032 as UInt64)
        second.combine(page)
        self.first = first.finalize()
        self.second = second.finalize()
    }
}
