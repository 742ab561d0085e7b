import Foundation

/// The A–Z index of the vocabulary and the sources, and the entries of the site's search box.
///
/// Both come from one list of terms: every name, id and symbol of the vocabulary and every source,
/// each with its kind and the page (or flow section) it leads to.
struct IndexEntry: Sendable, Hashable {
    /// What the reader looks for: a name, an id, an API symbol, a key's label.
    var term: String
    /// What the term is, in words: "API", "Info.plist key", …
    var kind: String
    /// Where it leads.
    var target: PageRef
    /// The name of what it leads to, when the term is another spelling of it (an id, a symbol).
    var title: String
    /// Shown in code font: ids, symbols, keys.
    var isCode: Bool

    /// Entries in the index's order: case-insensitive, then by spelling, kind and page, so that the
    /// order never depends on the input's order. Each entry's sort key is made once: made in every
    /// comparison, the lowercased terms and the pages' paths were most of the cost of sorting the
    /// 60,000 entries of 20,000 services, which a build does before any page is rendered.
    static func sorted(_ entries: [IndexEntry]) -> [IndexEntry] {
        entries.map { (key: SortKey($0), entry: $0) }.sorted { $0.key < $1.key }.map(\.entry)
    }

    /// What the order compares, in turn.
    private struct SortKey {
        let lowercased: String, term: String, kind: String, place: String

        init(_ entry: IndexEntry) {
            lowercased = entry.term.lowercased()
            term = entry.term
            kind = entry.kind
            place = entry.target.path + "#" + (entry.target.fragment ?? "")
        }

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.lowercased != b.lowercased { return a.lowercased.utf8.lexicographicallyPrecedes(b.lowercased.utf8) }
            if a.term != b.term { return a.term.utf8.lexicographicallyPrecedes(b.term.utf8) }
            if a.kind != b.kind { return a.kind.utf8.lexicographicallyPrecedes(b.kind.utf8) }
            return a.place.utf8.lexicographicallyPrecedes(b.place.utf8)
        }
    }

    /// The letter the entry is filed under: A–Z, or "#" for anything else.
    var letter: String {
        guard let first = term.unicodeScalars.first else { return "#" }
        let upper = String(first).uppercased()
        return upper.count == 1 && ("A"..."Z").contains(upper) ? upper : "#"
    }

    /// The URL of the target relative to the site root.
    var url: String { target.path + ".html" + (target.fragment.map { "#" + $0 } ?? "") }
}

extension PageRef {
    public static let azIndex = PageRef("", "a-z")
}

extension PageContext {
    static let azTitle = "A–Z index"

    /// The kind of an entity in words.
    func kindName(_ entity: Entity) -> String {
        switch entity.kind {
        case .platform: "Platform"
        case .level: "Access level"
        case .status: "Authorization status"
        case .service: "Service"
        case .key: "Info.plist key"
        case .request: "Authorization request"
        case .api: entity.attributes["category"] == "entitlement" ? "Entitlement" : "API"
        case .bundle: "Kind of bundle"
        case .state: "Flow state"
        case .trigger: "Flow trigger"
        case .choice: "Flow choice"
        case .source: "Source"
        }
    }

    /// Every term of the vocabulary and the sources, sorted, without duplicates: worked out once, as the
    /// index page, its parts and the search box each ask (at 20,000 services, 40,000 terms to sort).
    func indexEntries() -> [IndexEntry] { indexTerms.value(workOutIndexEntries) }

    /// The term without white space at either end. A term that starts and ends with ASCII other than
    /// white space has none to trim (Foundation's `CharacterSet` trimming, a tenth of a millisecond a
    /// term, ran for every name, id and symbol of the vocabulary before any page was rendered).
    static func trimmed(_ term: String) -> String {
        let untrimmed = ByteText.withBytes(term) { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            func plain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte) }
            return plain(first) && plain(last)
        }
        return untrimmed ? term : term.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func workOutIndexEntries() -> [IndexEntry] {
        var entries: [IndexEntry] = []
        var seen = Set<String>()
        func add(_ term: String, _ kind: String, _ target: PageRef, title: String, code: Bool) {
            let term = Self.trimmed(term)
            guard !term.isEmpty, seen.insert(term + "\u{0}" + kind + "\u{0}" + target.path + "#" + (target.fragment ?? "")).inserted else { return }
            entries.append(IndexEntry(term: term, kind: kind, target: target, title: title, isCode: code))
        }
        for kind in ManPageNames.kindsWithPages {
            for entity in vocabulary.all(kind) {
                let target = ref(kind, entity.id.value)
                let what = kindName(entity)
                add(entity.name, what, target, title: entity.name, code: kind == .key || kind == .api)
                add(entity.id.value, what, target, title: entity.name, code: true)
                for attribute in ["symbol", "objc", "api"] {
                    if let symbol = entity.attributes[attribute] { add(symbol, what == "Entitlement" ? what : "API", target, title: entity.name, code: true) }
                }
                if let label = entity.attributes["label"] { add(label, "Xcode label of an Info.plist key", target, title: entity.name, code: false) }
                for api in entity.apis { add(api, "API", target, title: entity.name, code: true) }
            }
        }
        // Flow states, triggers and choices have no pages: they lead to their section of the flow page.
        for (kind, anchor) in [(EntityKind.state, "states"), (.trigger, "triggers"), (.choice, "choices")] {
            for entity in vocabulary.all(kind) {
                let target = PageRef.flow.with(fragment: anchor)
                add(entity.name, kindName(entity), target, title: entity.name, code: false)
                add(entity.id.value, kindName(entity), target, title: entity.name, code: true)
            }
        }
        for source in compiled.model.sources {
            let target = PageRef("sources", source.id.value)
            add(source.title, "Source", target, title: source.title, code: false)
            add(source.id.value, "Source", target, title: source.title, code: true)
        }
        return IndexEntry.sorted(entries)
    }

    /// The top-level pages by title, for the search box (entity and source pages are in `indexEntries`).
    func pageEntries() -> [IndexEntry] {
        // The flow page only where the domain has a flow.
        ([(PageRef.home, "Home: \(vocabulary.domain.name)"), (.matrix, "Matrix")] + (vocabulary.domain.flow ? [(.flow, "Authorization flow")] : [])
            + [(.conflicts, "Conflicts between sources"), (.checks, "Checks"), (.azIndex, Self.azTitle), (.about, "About the data")]).map {
                IndexEntry(term: $0.1, kind: "Page", target: $0.0, title: $0.1, isCode: false)
            }
            + vocabulary.ids(.platform).flatMap { platform in
                // "iOS 15.0 and later": what a developer with that deployment target types.
                deploymentTargets(platform).map { version in
                    let title = "\(name(.platform, platform)) \(version) and later"
                    return IndexEntry(term: title, kind: "Deployment target", target: Self.targetRef(platform, version), title: title, isCode: false)
                }
            }
    }

    /// What the search box searches: the pages, then every term of the index.
    func searchEntries() -> [IndexEntry] { pageEntries() + partEntries() + indexEntries() }

    func azIndexPage() -> Page {
        let entries = indexEntries()
        var letters: [String] = []
        var groups: [String: [IndexEntry]] = [:]
        for entry in entries {
            if groups[entry.letter] == nil { letters.append(entry.letter) }
            groups[entry.letter, default: []].append(entry)
        }
        func anchor(_ letter: String) -> String { letter == "#" ? "letter-other" : "letter-" + letter.lowercased() }
        // The letter bar is navigation of the site's page only: Markdown and man have the letters as headings.
        let bar = letters.map { "<li><a href=\"#\(anchor($0))\">\($0 == "#" ? "Other" : $0)</a></li>" }.joined(separator: "\n")
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "Every name, id and symbol of the vocabulary — services, platforms, access levels, authorization statuses, Info.plist keys, requests, APIs\(vocabulary.domain.flow ? ", the states, triggers and choices of the authorization flow" : "") — and every source, from A to Z."
                )
            ]),
            .html("<nav class=\"letters\" aria-label=\"Letters\">\n<ul>\n" + bar + "\n</ul>\n</nav>"),
        ]
        // Too long for one page, the letters list their parts (`IndexParts`).
        if azIsSplit(entries) { blocks += azOverviewBlocks(entries, anchor: anchor) }
        for letter in letters where !azIsSplit(entries) {
            blocks.append(.heading(2, letter == "#" ? "Other" : letter, anchor: anchor(letter)))
            blocks.append(.list(groups[letter]!.map(azItem)))
        }
        return Page(
            ref: .azIndex, title: Self.azTitle, description: "Every name, id and symbol of the vocabulary and every source, from A to Z.", blocks: blocks)
    }
}
