/// The A–Z index in parts once it is too long for one page: at 20,000 services it has an entry a
/// service, with its id and API names. Each letter is cut into parts of a fixed number of
/// entries (`a-z/s-1.html`, `a-z/s-2.html`, `a-z/other-1.html`): a new entry under B renumbers no
/// part of S, and the overview keeps the letter bar and lists each letter's parts with their first
/// and last terms.
extension PageContext {
    /// Entries per part; past it in all, the index splits. An entry is about 60 bytes of HTML.
    static let azPartSize = 4000

    /// The entries filed under each letter, letters in the order of the sorted entries.
    func azGroups(_ entries: [IndexEntry]) -> [(letter: String, entries: [IndexEntry])] {
        var letters: [String] = []
        var groups: [String: [IndexEntry]] = [:]
        for entry in entries {
            if groups[entry.letter] == nil { letters.append(entry.letter) }
            groups[entry.letter, default: []].append(entry)
        }
        return letters.map { ($0, groups[$0]!) }
    }

    /// Whether the index is in parts.
    func azIsSplit(_ entries: [IndexEntry]) -> Bool { entries.count > Self.azPartSize }

    /// Every part of the index, in order: its page, its letter and its entries.
    func azParts(_ entries: [IndexEntry]) -> [(ref: PageRef, letter: String, number: Int, entries: ArraySlice<IndexEntry>)] {
        azGroups(entries).flatMap { group in
            let key = group.letter == "#" ? "other" : group.letter.lowercased()
            return stride(from: 0, to: group.entries.count, by: Self.azPartSize).enumerated().map { index, start in
                (
                    PageRef(PageRef.azIndex.id, "\(key)-\(index + 1)"), group.letter, index + 1,
                    group.entries[start..<min(group.entries.count, start + Self.azPartSize)]
                )
            }
        }
    }

    /// One entry of the index as a list item: its title, its kind, its other spellings and its aliases.
    func azItem(_ entry: IndexEntry) -> [Inline] {
        var item: [Inline] = [.link([entry.isCode ? .code(entry.title) : .text(entry.title)], .page(entry.target)), .text(" — " + entry.kind)]
        for (index, spelling) in entry.spellings.enumerated() {
            item += [.text(index == 0 ? ": " : ", "), spelling.isCode ? .code(spelling.text) : .text(spelling.text)]
        }
        if !entry.aliases.isEmpty { item.append(.text((entry.spellings.isEmpty ? ": " : "; ") + "also found by " + entry.aliases.joined(separator: ", "))) }
        return item
    }

    /// The pages of the index's parts; none while it fits on one page.
    func azPartSources() -> [PageSource] {
        let entries = indexEntries()
        guard azIsSplit(entries) else { return [] }
        let parts = azParts(entries)
        let context = self
        // The parts are worked out once and shared: each part working out the whole index again made
        // the A–Z pages grow with the square of the services.
        return parts.indices.map { index in
            PageSource(ref: parts[index].ref) { context.azPartPage(index, of: parts) }
        }
    }

    func azPartPage(_ index: Int, of parts: [(ref: PageRef, letter: String, number: Int, entries: ArraySlice<IndexEntry>)]) -> Page {
        let part = parts[index]
        let letter = part.letter == "#" ? "Other" : part.letter
        let count = parts.filter { $0.letter == part.letter }.count
        var navigation: [Inline] = [.link([.text("All letters")], .page(.azIndex))]
        if index > 0 { navigation += [.text(" · "), .link([.text("← " + azPartTitle(parts[index - 1]))], .page(parts[index - 1].ref))] }
        if index + 1 < parts.count { navigation += [.text(" · "), .link([.text(azPartTitle(parts[index + 1]) + " →")], .page(parts[index + 1].ref))] }
        let blocks: [Block] = [.paragraph(navigation), .heading(2, letter, anchor: nil), .list(part.entries.map(azItem)), .paragraph(navigation)]
        return Page(
            ref: part.ref, title: "\(Self.azTitle): \(letter)" + (count > 1 ? ", part \(part.number) of \(count)" : ""),
            description: "The things of the index from \(part.entries.first?.title ?? "") to \(part.entries.last?.title ?? "").", blocks: blocks)
    }

    /// "S, part 2" (or "S" for a letter in one part), for links between parts.
    private func azPartTitle(_ part: (ref: PageRef, letter: String, number: Int, entries: ArraySlice<IndexEntry>)) -> String {
        (part.letter == "#" ? "Other" : part.letter) + ", part \(part.number)"
    }

    /// The overview of a split index: for each letter, its parts and the terms they run between.
    func azOverviewBlocks(_ entries: [IndexEntry], anchor: (String) -> String) -> [Block] {
        let parts = azParts(entries)
        var blocks: [Block] = []
        for group in azGroups(entries) {
            blocks.append(.heading(2, group.letter == "#" ? "Other" : group.letter, anchor: anchor(group.letter)))
            blocks.append(
                .list(
                    parts.filter { $0.letter == group.letter }.map { part in
                        [.link([.text("Part \(part.number)")], .page(part.ref)), .text(": \(part.entries.count) entries, ")]
                            + [part.entries.first!, part.entries.last!].enumerated().flatMap { index, entry -> [Inline] in
                                (index > 0 ? [.text(" to ")] : []) + [entry.isCode ? .code(entry.title) : .text(entry.title)]
                            }
                    }))
        }
        return blocks
    }
}
