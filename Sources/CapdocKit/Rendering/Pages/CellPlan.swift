import Foundation

/// A table cell before its page numbers the citations: what it says, and the claims it cites.
struct CellPlan: Sendable {
    /// One value over a range of versions, with every claim that decides it and the rulings that chose it.
    struct Segment: Sendable {
        let content: [Inline]
        let claims: [String]
        /// Each claim's place in the model (`ClaimsByReference.position`; -1 where it has none): a
        /// cell is shown on four pages or more, and each page numbers its claims by place.
        let places: [Int32]
        let rulings: [String]
    }
    var segments: [Segment]
    /// The answer at a glance (`CellGlance`), shown before the segments on the site; nil: none.
    var glance: [Inline]? = nil

    /// Each segment is followed by its own citations, so that "before 13.0: No [2]; 13.0+: Yes [3]"
    /// says which sentence decides which value; a segment a ruling decided says so, linking to it.
    func cell(book: inout CitationBook) -> TableCell {
        var content: [Inline] = []
        // Room for every segment's value, separator and markers at once, rather than growing by steps.
        content.reserveCapacity(segments.reduce(0) { $0 + $1.content.count + $1.claims.count + 2 })
        for (index, segment) in segments.enumerated() {
            if index > 0 { content.append(.text("; ")) }
            if case .value(.unknown, _)? = segment.content.first { book.showsUnknown = true }
            content += segment.content
            let citations = book.citeInOrder(segment.claims, places: segment.places)
            if !citations.isEmpty { content.append(.text(" ")) }
            Citation.appendMarkers(citations, to: &content)
            for ruling in segment.rulings {
                content += [.text(" "), .link([.text("(ruling)")], .page(PageRef.conflicts.with(fragment: ConflictAnchors.ruling(ruling))))]
            }
        }
        var cell = TableCell(content)
        // A lone answer for every version that cites nothing has no more to show.
        let more = segments.count > 1 || segments.contains { !$0.claims.isEmpty || !$0.rulings.isEmpty }
        cell.summary = more ? glance : nil
        return cell
    }
}
