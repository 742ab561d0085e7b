import Foundation

/// Inlines that many pages show word for word, written once per format and copied after: a claim's
/// entry in the citations of every page that cites it (`CitationEntries`).
///
/// Why: every page ends with its citations, each with its source's title and link, the claim's
/// reference and its quote, and a claim is cited on a dozen pages of each format (its sources', its
/// services', the matrix, level and platform parts that list them). Escaping the same quote again on
/// each was a tenth of a build's instructions (callgrind, 2,000 services). The bytes are the ones
/// `DirectInlineWriter` writes for the inlines; it copies them only where nothing before them on the
/// line changes how they are written (`DirectInlineWriter.writeShared`), and writes the inlines
/// themselves everywhere else. Every other reader (cmark's path, man's table measure, tests) reads the
/// inlines as if they stood in the list in place of the box.
public final class SharedInlines: @unchecked Sendable, Hashable {
    /// Made again each time they are read: the box is kept for the whole build (one per cited claim,
    /// 107,000 at 20,000 services), and what needs them — the first writing in each format, the rare
    /// place where the bytes cannot be copied — is rare. Kept, they were a third of the boxes' memory.
    private let make: @Sendable () -> [Inline]
    public var inlines: [Inline] { make() }
    /// Guards `written`; one lock for all the boxes of a table (`CitationEntries`), held only to read or
    /// store bytes, never while they are written.
    private let lock: NSLock
    /// The bytes written so far, by format; nil where the writer declined them (the whole block then
    /// goes through cmark, as it would without the box).
    private var written: [(format: DocumentFormat, bytes: Written?)] = []

    /// The inlines' bytes in one format, as on a page at the top of the output, and where each relative
    /// link in them starts: a page deeper puts its "../"s there. One copy serves every depth.
    struct Written {
        let bytes: [UInt8]
        let linkStarts: [Int32]
    }

    init(lock: NSLock, _ make: @escaping @Sendable () -> [Inline]) {
        self.make = make
        self.lock = lock
    }

    /// The bytes in `format`, written by `write` the first time they are asked for. Two threads asking
    /// at once may both write them; the bytes are the same, and the first stored is kept.
    func bytes(in format: DocumentFormat, _ write: () -> Written?) -> Written? {
        if let found = lock.withLock({ written.first { $0.format == format } }) { return found.bytes }
        let bytes = write()
        return lock.withLock {
            if let found = written.first(where: { $0.format == format }) { return found.bytes }
            written.append((format, bytes))
            return bytes
        }
    }

    public static func == (a: SharedInlines, b: SharedInlines) -> Bool { a === b || a.inlines == b.inlines }
    public func hash(into hasher: inout Hasher) { hasher.combine(inlines) }
}

/// Each cited claim's entry in a page's citations after its number — its source's title, linked to the
/// claim on the source's page, the claim's reference and its quote — made once for the whole build, so
/// that its bytes are written once per format (`SharedInlines`).
final class CitationEntries: @unchecked Sendable {
    /// By the claim's place in the model (`ClaimsByReference.position`); nil until a page cites it.
    private var entries: [SharedInlines?]
    private let lock = NSLock()
    /// Shared by every entry's bytes (`SharedInlines.lock`).
    private let bytesLock = NSLock()
    private let claimsByReference: ClaimsByReference
    private let sourcesByID: [String: Source]

    init(claimsByReference: ClaimsByReference, sourcesByID: [String: Source]) {
        self.claimsByReference = claimsByReference
        self.sourcesByID = sourcesByID
        entries = Array(repeating: nil, count: claimsByReference.count)
    }

    /// The entry of the claim with this reference. A reference the model does not hold gets an entry of
    /// its own each time (its source's id, from the reference, and no quote).
    func entry(_ reference: String) -> SharedInlines {
        guard let place = claimsByReference.position(of: reference), place < entries.count else { return made(reference) }
        if let known = lock.withLock({ entries[place] }) { return known }
        let made = made(reference)
        return lock.withLock {
            if let known = entries[place] { return known }
            entries[place] = made
            return made
        }
    }

    private func made(_ reference: String) -> SharedInlines {
        SharedInlines(lock: bytesLock) { [claimsByReference, sourcesByID] in Self.inlines(reference, claimsByReference, sourcesByID) }
    }

    /// The entry's inlines: "Title (source#claim): “quote”", the title linking to the claim.
    static func inlines(_ reference: String, _ claimsByReference: ClaimsByReference, _ sourcesByID: [String: Source]) -> [Inline] {
        let claim = claimsByReference[reference]
        let sourceID = claim?.sourceID ?? String(reference.split(separator: "#")[0])
        let title = sourcesByID[sourceID]?.displayTitle ?? sourceID
        let target = PageRef("sources", sourceID, fragment: claim.map { "claim-" + $0.id.value })
        var inlines: [Inline] = [.link([.text(title)], .page(target)), .text(" ("), .code(reference), .text(")")]
        if let quote = claim?.quote.value, !quote.isEmpty { inlines.append(.text(": “\(quote)”")) }
        return inlines
    }
}
