import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The A–Z index page and the search box's index, over the shipped Content.
@Suite("A–Z index and search")
struct SearchIndexTests {
    static let input: RenderInput = {
        let shipped = FixtureTree.shipped().check(archives: false)
        return RenderInput(CompiledModel(model: shipped.model, merge: shipped.merge))
    }()

    var context: PageContext { PageContext(Self.input.compiled) }

    @Test("a term is trimmed as Foundation trims white space and newlines, with or without its shortcut")
    func trimmedTerms() {
        let terms = [
            "", " ", "a", " a", "a ", "\ta\n", "x y", "\u{A0}Name", "Name\u{A0}", "\u{2028}id", "id\u{3000}",
            "é", " é ", "e\u{301}", "\u{301}e", "Łódź", "\u{85}x", "x\u{85}", "\r\n", "\u{1680}", "a\u{200B}",
        ]
        for term in terms {
            #expect(PageContext.trimmed(term) == term.trimmingCharacters(in: .whitespacesAndNewlines), "\(term.debugDescription)")
        }
    }

    /// Every link of a page's blocks (paragraphs and lists are all the A–Z page has).
    func targets(_ page: Page) -> [PageRef] {
        func walk(_ inlines: [Inline]) -> [PageRef] {
            inlines.flatMap { inline -> [PageRef] in
                switch inline {
                case let .link(children, .page(target)): [target] + walk(children)
                case let .strong(children), let .emphasis(children), let .value(_, children), let .link(children, .external), let .link(children, .file),
                    let .anchor(_, children):
                    walk(children)
                // A marker leads to its entry in the page's own list of citations.
                case let .citation(citation): [page.ref.with(fragment: citation.anchor)]
                case let .shared(shared): walk(shared.inlines)
                case .text, .code, .markdown: []
                }
            }
        }
        return page.blocks.flatMap { block -> [PageRef] in
            switch block {
            case let .paragraph(inlines), let .quote(inlines): walk(inlines)
            case let .list(items): items.flatMap(walk)
            case let .table(table): table.rows.flatMap { row in ([row.header] + row.cells).flatMap { walk($0.content) } }
            case .heading, .markdown, .html, .markdownCode, .code: []
            }
        }
    }

    func anchors(_ page: Page) -> Set<String> {
        Set(page.blocks.compactMap { block in if case let .heading(_, _, anchor?) = block { anchor } else { nil } })
            .union(page.blocks.flatMap { block -> [String] in if case let .table(table) = block { table.rows.compactMap(\.anchor) } else { [] } })
            .union(
                page.blocks.flatMap { block -> [String] in
                    guard case let .list(items) = block else { return [] }
                    return items.compactMap { item in if case let .anchor(id, _)? = item.first { id } else { nil } }
                })
    }

    @Test("the A–Z page lists every name, id and symbol of the vocabulary and every source, under its letter")
    func everyTerm() throws {
        let page = try #require(Self.input.page(.azIndex))
        let vocabulary = Self.input.compiled.vocabulary
        let entries = context.indexEntries()
        var expected: [(String, PageRef)] = []
        for kind in ManPageNames.kindsWithPages {
            for entity in vocabulary.all(kind) {
                let ref = PageRef(kind.plural, entity.id.value)
                expected += [(entity.name, ref), (entity.id.value, ref)]
                expected += ["symbol", "objc", "api", "label"].compactMap { entity.attributes[$0] }.map { ($0, ref) }
                expected += entity.apis.map { ($0, ref) }
            }
        }
        for (kind, anchor) in [(EntityKind.state, "states"), (.trigger, "triggers"), (.choice, "choices")] {
            for entity in vocabulary.all(kind) {
                expected += [(entity.name, PageRef.flow.with(fragment: anchor)), (entity.id.value, PageRef.flow.with(fragment: anchor))]
            }
        }
        for source in Self.input.compiled.model.sources {
            expected += [(source.title, PageRef("sources", source.id.value)), (source.id.value, PageRef("sources", source.id.value))]
        }
        #expect(expected.count > 300)
        for (term, ref) in expected {
            #expect(entries.contains { $0.term == term && $0.target == ref }, "\(term) → \(ref.path) is not in the A–Z index")
        }
        // The page shows each entry, with its kind, under its letter.
        var letter = ""
        var listed: [String] = []
        var sections: [String: [[Inline]]] = [:]
        for block in page.blocks {
            if case let .heading(2, title, _) = block { letter = title }
            if case let .list(items) = block { sections[letter, default: []] += items; listed.append(letter) }
        }
        #expect(sections.values.map(\.count).reduce(0, +) == entries.count)
        for entry in entries {
            let heading = entry.letter == "#" ? "Other" : entry.letter
            #expect(
                sections[heading]?.contains { $0.first == .link([entry.isCode ? .code(entry.term) : .text(entry.term)], .page(entry.target)) } == true,
                "\(entry.term) is not under \(heading)")
        }
        // The letter bar (HTML only) leads to each letter's heading.
        let bar = page.blocks.compactMap { block in if case let .html(markup) = block { markup } else { nil } }.joined()
        let letterAnchors = page.blocks.compactMap { block in if case let .heading(2, _, anchor?) = block { anchor } else { nil } }
        #expect(!letterAnchors.isEmpty)
        for anchor in letterAnchors { #expect(bar.contains("<a href=\"#\(anchor)\">"), "the letter bar has no link to \(anchor)") }
        #expect(listed == listed.sorted { ($0 == "Other" ? "#" : $0) < ($1 == "Other" ? "#" : $1) }, "letters in order")
    }

    @Test("the A–Z order: case-insensitive, then by spelling, kind and page; the same whatever the order of Content")
    func order() {
        // The rule written out, independently of `IndexEntry.sorted`, which makes each key once.
        func precedes(_ a: IndexEntry, _ b: IndexEntry) -> Bool {
            let (la, lb) = (a.term.lowercased(), b.term.lowercased())
            if la != lb { return la.utf8.lexicographicallyPrecedes(lb.utf8) }
            if a.term != b.term { return a.term.utf8.lexicographicallyPrecedes(b.term.utf8) }
            if a.kind != b.kind { return a.kind.utf8.lexicographicallyPrecedes(b.kind.utf8) }
            return (a.target.path + "#" + (a.target.fragment ?? "")).utf8.lexicographicallyPrecedes((b.target.path + "#" + (b.target.fragment ?? "")).utf8)
        }
        let entries = context.indexEntries()
        for (a, b) in zip(entries, entries.dropFirst()) {
            #expect(!b.term.lowercased().utf8.lexicographicallyPrecedes(a.term.lowercased().utf8), "\(a.term) before \(b.term)")
            #expect(precedes(a, b), "\(a.term) before \(b.term)")
        }
        #expect(entries == entries.shuffled().sorted(by: precedes))
        #expect(IndexEntry.sorted(entries.shuffled()) == entries)
        #expect(Set(entries).count == entries.count, "no duplicates")
    }

    @Test("every link of the A–Z page leads to a page of the site, and every #fragment to an anchor on it")
    func linksResolve() throws {
        let page = try #require(Self.input.page(.azIndex))
        let refs = Set(Self.input.pageSources.map(\.ref))
        var anchorsByPage: [PageRef: Set<String>] = [:]
        let links = targets(page)
        #expect(links.count >= context.indexEntries().count)
        for target in links {
            #expect(refs.contains(target.page), "\(target.path) is not a page of the site")
            guard let fragment = target.fragment, refs.contains(target.page) else { continue }
            if anchorsByPage[target.page] == nil { anchorsByPage[target.page] = anchors(Self.input.page(target.page)!) }
            #expect(anchorsByPage[target.page]!.contains(fragment), "\(target.path)#\(fragment) has no such anchor")
        }
    }

    @Test("the search index has an entry for every page, leads only to pages that exist, and is the same on every build")
    func searchIndex() throws {
        let entries = Self.input.searchEntries
        let refs = Set(Self.input.pageSources.map(\.ref))
        for ref in refs {
            #expect(entries.contains { $0.target == ref }, "no search entry for \(ref.path)")
        }
        for entry in entries { #expect(refs.contains(entry.target.page), "\(entry.term) leads to \(entry.target.path), not a page") }
        for (term, path) in [
            ("requestLocation()", "services/standard-location.html"), ("NSLocationUsageDescription", "keys/NSLocationUsageDescription.html"),
            ("CLLocationManager.authorizationStatus", "apis/authorization-status-property.html"),
        ] {
            #expect(entries.contains { $0.term == term && $0.url == path }, "\(term) → \(path)")
        }

        // The file the site ships: a script setting one global to a JSON array, one entry a line.
        let script = HTMLRenderer.searchIndex(entries)
        #expect(script == HTMLRenderer.searchIndex(PageContext(Self.input.compiled).searchEntries()), "deterministic")
        let prefix = "window.CAPDOC_SEARCH_INDEX = "
        let start = try #require(script.range(of: prefix)).upperBound
        var json = String(script[start...]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(json.hasSuffix(";"))
        json.removeLast()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
        #expect(parsed.count == entries.count)
        #expect(parsed.map { $0["u"]! } == entries.map(\.url))
        #expect(parsed.map { $0["t"]! } == entries.map(\.term))
        #expect(!script.contains("</"), "nothing a browser could take for markup")
    }

    @Test("every HTML page has the search form (a GET form to the A–Z page without JavaScript) and the one search script, relative to its folder")
    func searchForm() throws {
        let files = try OutputTests.builder.render(Self.input.compiled)
        let pages = files.filter { $0.path.hasSuffix(".html") }
        #expect(pages.count == Self.input.pageCount)
        for page in pages {
            let text = String(decoding: page.contents, as: UTF8.self)
            let root = String(repeating: "../", count: page.path.split(separator: "/").count - 1)
            #expect(text.contains("<form id=\"site-search\" class=\"site-search\" role=\"search\" action=\"\(root)a-z.html\" method=\"get\""), "\(page.path)")
            #expect(text.contains("<label for=\"search-q\">"), "\(page.path)")
            #expect(text.components(separatedBy: "<script").count == 2, "\(page.path): one script element")
            #expect(text.contains("<script src=\"\(root)search.js\" defer></script>"), "\(page.path)")
        }
        let paths = Set(files.map(\.path))
        #expect(paths.isSuperset(of: ["search.js", "search-index.js", "a-z.html", "markdown/a-z.md"]))
    }
}
