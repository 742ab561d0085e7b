/// One thing of the site — an entity, a source or a page — with every spelling it is known by: an
/// entry of the A–Z index and of the search box's index.
///
/// A thing is one entry however many names it has, so that neither the index nor the search lists
/// `requestAlwaysAuthorization()` once per spelling and once per source that names it.
struct IndexEntry: Sendable, Hashable {
    /// What it is called: the entity's name, the source's title (with its edition), the page's title.
    var title: String
    /// What it is, in words: "API", "Info.plist key", …
    var kind: String
    /// Where it leads.
    var target: PageRef
    /// The title in code font: keys and APIs.
    var isCode: Bool
    /// Its other names, which the search finds and the A–Z index shows after it: id, symbols, API
    /// names, Xcode's label. Never the title again, never twice.
    var spellings: [Spelling] = []
    /// Content's `aliases`: the other names developers search for it by.
    var aliases: [String] = []
    /// A source: the search leaves it out unless the reader asks for sources, and the A–Z index
    /// lists it apart.
    var isSource = false

    /// A name of the thing other than its title.
    struct Spelling: Sendable, Hashable {
        var text: String
        /// Ids and symbols are code; a key's Xcode label is not.
        var isCode: Bool
    }

    /// Entries in the index's order: by title case-insensitively, then by spelling, kind and page,
    /// so that the order never depends on the input's order. Each entry's sort key is made once:
    /// made in every comparison, the lowercased titles and the pages' paths were most of the cost of
    /// sorting the entries of 20,000 services, which a build does before any page is rendered.
    static func sorted(_ entries: [IndexEntry]) -> [IndexEntry] {
        entries.map { (key: SortKey($0), entry: $0) }.sorted { $0.key < $1.key }.map(\.entry)
    }

    /// What the order compares, in turn.
    private struct SortKey {
        let lowercased: String, title: String, kind: String, place: String

        init(_ entry: IndexEntry) {
            lowercased = entry.title.lowercased()
            title = entry.title
            kind = entry.kind
            place = entry.target.path + "#" + (entry.target.fragment ?? "")
        }

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.lowercased != b.lowercased { return a.lowercased.utf8.lexicographicallyPrecedes(b.lowercased.utf8) }
            if a.title != b.title { return a.title.utf8.lexicographicallyPrecedes(b.title.utf8) }
            if a.kind != b.kind { return a.kind.utf8.lexicographicallyPrecedes(b.kind.utf8) }
            return a.place.utf8.lexicographicallyPrecedes(b.place.utf8)
        }
    }

    /// The letter the entry is filed under: A–Z, or "#" for anything else.
    var letter: String {
        guard let first = title.unicodeScalars.first else { return "#" }
        let upper = String(first).uppercased()
        return upper.count == 1 && ("A"..."Z").contains(upper) ? upper : "#"
    }

    /// The URL of the target relative to the site root.
    var url: String { target.path + ".html" + (target.fragment.map { "#" + $0 } ?? "") }
}
