import Foundation

// The A–Z index of the things the site describes, the A–Z of the sources, and the entries of the
// site's search box. All come from one list of entries (`IndexEntry`), one a thing.

extension PageRef {
    public static let azIndex = PageRef("", "a-z")
    /// The sources' own A–Z, beside the parts of a split index (whose names are a letter and a number).
    public static let azSources = PageRef("a-z", "sources")
}

extension PageContext {
    static let azTitle = "A–Z index"
    static let azSourcesTitle = "Sources A–Z"

    /// The kind of an entity in words.
    func kindName(_ entity: Entity) -> String {
        switch entity.kind {
        case .platform: "Platform"
        case .level: "Access level"
        case .status: "Authorization status"
        case .service: "Service"
        case .key: Domain.capitalizedFirst(vocabulary.domain.key)
        case .request: "Authorization request"
        case .api: entity.attributes["category"] == "entitlement" ? "Entitlement" : "API"
        case .bundle: "Kind of bundle"
        case .state: "Flow state"
        case .trigger: "Flow trigger"
        case .choice: "Flow choice"
        case .source: "Source"
        }
    }

    /// Every entity of the vocabulary, once each, sorted: worked out once, as the index page, its parts
    /// and the search box each ask (at 20,000 services, 20,000 entries to sort).
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
        for kind in ManPageNames.kindsWithPages {
            for entity in vocabulary.all(kind) {
                entries.append(indexEntry(entity, target: ref(kind, entity.id.value), code: kind == .key || kind == .api))
            }
        }
        // Flow states, triggers and choices have no pages: they lead to their section of the flow page.
        for (kind, anchor) in [(EntityKind.state, "states"), (.trigger, "triggers"), (.choice, "choices")] {
            for entity in vocabulary.all(kind) { entries.append(indexEntry(entity, target: PageRef.flow.with(fragment: anchor), code: false)) }
        }
        return IndexEntry.sorted(entries)
    }

    /// An entity as one entry: its name, and its id, symbols, API names (an Objective-C list one
    /// selector each), Xcode label and aliases, each once and none the name again. A method's name
    /// with and without its empty parameter list (Swift's `requestLocation()`, Objective-C's
    /// `requestLocation`) is one name: the first written stays.
    func indexEntry(_ entity: Entity, target: PageRef, code: Bool) -> IndexEntry {
        let title = Self.trimmed(entity.name)
        func key(_ text: String) -> Substring { text.hasSuffix("()") ? text.dropLast(2) : text[...] }
        var seen: Set<Substring> = [key(title)]
        var spellings: [IndexEntry.Spelling] = []
        func add(_ text: some StringProtocol, code: Bool) {
            let text = Self.trimmed(String(text))
            if !text.isEmpty, seen.insert(key(text)).inserted { spellings.append(IndexEntry.Spelling(text: text, isCode: code)) }
        }
        add(entity.id.value, code: true)
        for attribute in ["symbol", "api"] { if let symbol = entity.attributes[attribute] { add(symbol, code: true) } }
        for api in entity.apis { add(api, code: true) }
        for selector in (entity.attributes["objc"] ?? "").split(separator: " ") { add(selector, code: true) }
        if let label = entity.attributes["label"] { add(label, code: false) }
        // An alias that is already a name finds nothing more.
        let aliases = entity.aliases.map(Self.trimmed).filter { !$0.isEmpty && seen.insert(key($0)).inserted }
        return IndexEntry(title: title, kind: kindName(entity), target: target, isCode: code, spellings: spellings, aliases: aliases)
    }

    /// Every source, by title (with its edition, which tells two copies of a page apart), sorted.
    func sourceEntries() -> [IndexEntry] {
        IndexEntry.sorted(
            compiled.model.sources.map { source in
                IndexEntry(
                    title: Self.trimmed(source.displayTitle), kind: "Source", target: PageRef("sources", source.id.value), isCode: false,
                    spellings: [IndexEntry.Spelling(text: source.id.value, isCode: true)], isSource: true)
            })
    }

    /// The top-level pages by title, for the search box (entity and source pages are in `indexEntries`
    /// and `sourceEntries`).
    func pageEntries() -> [IndexEntry] {
        // The flow page only where the domain has a flow.
        ([(PageRef.home, "Home: \(vocabulary.domain.name)"), (.matrix, "Matrix")] + (vocabulary.domain.flow ? [(.flow, "Authorization flow")] : [])
            + [
                (.conflicts, "Conflicts between sources"), (.checks, "Checks"), (.azIndex, Self.azTitle), (.azSources, Self.azSourcesTitle),
                (.about, "About the data"),
            ]).map {
                IndexEntry(title: $0.1, kind: "Page", target: $0.0, isCode: false)
            }
            + vocabulary.ids(.platform).flatMap { platform in
                // "iOS 15.0 and later": what a developer with that deployment target types.
                deploymentTargets(platform).map { version in
                    let title = "\(name(.platform, platform)) \(version) and later"
                    return IndexEntry(
                        title: title, kind: Domain.capitalizedFirst(vocabulary.domain.deploymentTarget), target: Self.targetRef(platform, version),
                        isCode: false)
                }
            }
            // "Authorization flow on iOS 14.0 and later": the prompts of the device in hand.
            + (vocabulary.domain.flow ? answerTable.flowEras : []).map { era in
                IndexEntry(title: "Authorization flow on \(flowEraName(era))", kind: "Page", target: flowEraRef(era), isCode: false)
            }
    }

    /// What the search box searches: the pages, every thing of the index, then the sources, which it
    /// shows only when asked.
    func searchEntries() -> [IndexEntry] { pageEntries() + partEntries() + indexEntries() + sourceEntries() }

    func azIndexPage() -> Page {
        let entries = indexEntries()
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "Every thing this site describes — \(azKinds()) — once, under its name, with its id, API names and other spellings after it. The sources are listed apart: "
                ),
                .link([.text(Self.azSourcesTitle)], .page(.azSources)), .text("."),
            ]),
            // How the search box finds things: the page the box opens without JavaScript says so. The
            // box is the site's only (Markdown and man have no search).
            .html(
                "<p>The search box finds each thing once: by its name, id, API or key, by the other names developers know it by (its aliases), and despite a typo. It leaves the sources out unless you tick <em>Include sources</em> or start with <code>source:</code>.</p>"
            ),
        ]
        blocks += azLetterBlocks(entries, split: azIsSplit(entries))
        return Page(ref: .azIndex, title: Self.azTitle, description: "Every thing this site describes, once, from A to Z.", blocks: blocks)
    }

    /// The things the index lists, in words: the kinds the vocabulary has entries of.
    private func azKinds() -> String {
        var kinds: [String] = [
            (EntityKind.service, "services"), (.platform, "platforms"), (.level, "access levels"), (.status, "authorization statuses"),
            (.key, vocabulary.domain.keys), (.request, "authorization requests"), (.api, "APIs"), (.bundle, "kinds of bundle"),
        ].filter { !vocabulary.all($0.0).isEmpty }.map(\.1)
        if vocabulary.domain.flow { kinds.append("the states, triggers and choices of the authorization flow") }
        return kinds.joined(separator: ", ")
    }

    /// The letter bar (HTML only: Markdown and man have the letters as headings) and the entries
    /// under each letter, or, in a split index, each letter's parts (`IndexParts`).
    func azLetterBlocks(_ entries: [IndexEntry], split: Bool) -> [Block] {
        let groups = azGroups(entries)
        guard !groups.isEmpty else { return [] }
        func anchor(_ letter: String) -> String { letter == "#" ? "letter-other" : "letter-" + letter.lowercased() }
        let bar = groups.map { "<li><a href=\"#\(anchor($0.letter))\">\($0.letter == "#" ? "Other" : $0.letter)</a></li>" }.joined(separator: "\n")
        var blocks: [Block] = [.html("<nav class=\"letters\" aria-label=\"Letters\">\n<ul>\n" + bar + "\n</ul>\n</nav>")]
        if split { return blocks + azOverviewBlocks(entries, anchor: anchor) }
        for group in groups {
            blocks.append(.heading(2, group.letter == "#" ? "Other" : group.letter, anchor: anchor(group.letter)))
            blocks.append(.list(group.entries.map(azItem)))
        }
        return blocks
    }

    /// The sources, apart from the things: each once, by title, under its letter.
    func azSourcesPage() -> Page {
        let entries = sourceEntries()
        let blocks: [Block] =
            [
                .paragraph([
                    .text("Every source the facts cite, once, by title. The things they describe are in the "), .link([.text(Self.azTitle)], .page(.azIndex)),
                    .text("."),
                ])
            ] + azLetterBlocks(entries, split: false)
        return Page(ref: .azSources, title: Self.azSourcesTitle, description: "Every source the facts cite, once, from A to Z.", blocks: blocks)
    }
}
