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

    /// Every thing the A–Z index should list, once: each entity of a kind with pages, and each flow
    /// state, trigger and choice (which lead to their section of the flow page).
    var things: [(entity: Entity, target: PageRef)] {
        let vocabulary = Self.input.compiled.vocabulary
        return ManPageNames.kindsWithPages.flatMap { kind in vocabulary.all(kind).map { ($0, PageRef(kind.plural, $0.id.value)) } }
            + [(EntityKind.state, "states"), (.trigger, "triggers"), (.choice, "choices")].flatMap { kind, anchor in
                vocabulary.all(kind).map { ($0, PageRef.flow.with(fragment: anchor)) }
            }
    }

    /// The list items of a page's letter sections, by heading ("Other" for the rest).
    func sections(_ page: Page) -> [String: [[Inline]]] {
        var letter = ""
        var sections: [String: [[Inline]]] = [:]
        for block in page.blocks {
            if case let .heading(2, title, _) = block { letter = title }
            if case let .list(items) = block { sections[letter, default: []] += items }
        }
        return sections
    }

    @Test("the A–Z page lists each thing once, under its name, with its id, symbols and aliases; no source")
    func everyThing() throws {
        let page = try #require(Self.input.page(.azIndex))
        let entries = context.indexEntries()
        let things = things
        // One entry a thing: as many entries as things, each thing's page (and name) once.
        #expect(entries.count == things.count)
        #expect(things.count > 80, "the shipped vocabulary")
        for (entity, target) in things {
            let found = entries.filter { $0.target == target && $0.title == entity.name }
            #expect(found.count == 1, "\(entity.name) → \(target.path): \(found.count) entries")
            guard let entry = found.first else { continue }
            let spellings = entry.spellings.map(\.text)
            // Every other name it is known by, once, and never the name again.
            var names = [entity.id.value] + entity.apis + ["symbol", "api", "label"].compactMap { entity.attributes[$0] }
            names += (entity.attributes["objc"] ?? "").split(separator: " ").map(String.init)
            for name in names where name != entity.name {
                #expect(
                    spellings.contains(name) || spellings.contains(name + "()") || name.hasSuffix("()") && spellings.contains(String(name.dropLast(2))),
                    "\(entity.name): \(name)")
            }
            #expect(Set(spellings).count == spellings.count && !spellings.contains(entity.name), "\(entity.name): \(spellings)")
            #expect(entry.aliases == entity.aliases.filter { !spellings.contains($0) && $0 != entity.name }, "\(entity.name)")
        }
        #expect(!entries.contains { $0.isSource || $0.target.section == "sources" }, "sources are listed apart")
        // The shipped Content's aliases reach it: region monitoring is found as a geofence.
        #expect(entries.first { $0.target == PageRef("services", "region-monitoring") }?.aliases.contains("geofence") == true)
        // requestAlwaysAuthorization() names two things, the request and the flow's trigger; each
        // source about it is on the sources' page.
        let always = entries.filter {
            $0.title.hasPrefix("requestAlwaysAuthorization") || $0.spellings.contains { $0.text.hasPrefix("requestAlwaysAuthorization") }
        }
        #expect(Set(always.map(\.target)) == [PageRef("requests", "always"), PageRef.flow.with(fragment: "triggers")], "\(always.map(\.title))")
        // The page shows each entry, with its kind, under its letter.
        let sections = sections(page)
        #expect(sections.values.map(\.count).reduce(0, +) == entries.count)
        for entry in entries {
            let heading = entry.letter == "#" ? "Other" : entry.letter
            #expect(
                sections[heading]?.contains { $0.first == .link([entry.isCode ? .code(entry.title) : .text(entry.title)], .page(entry.target)) } == true,
                "\(entry.title) is not under \(heading)")
        }
        // The letter bar (HTML only) leads to each letter's heading.
        let bar = page.blocks.compactMap { block in if case let .html(markup) = block { markup } else { nil } }.joined()
        let letterAnchors = page.blocks.compactMap { block in if case let .heading(2, _, anchor?) = block { anchor } else { nil } }
        #expect(!letterAnchors.isEmpty)
        for anchor in letterAnchors { #expect(bar.contains("<a href=\"#\(anchor)\">"), "the letter bar has no link to \(anchor)") }
        let listed = page.blocks.compactMap { block in if case let .heading(2, title, _) = block { title } else { nil } }
        #expect(listed == listed.sorted { ($0 == "Other" ? "#" : $0) < ($1 == "Other" ? "#" : $1) }, "letters in order")
        // What the search box does, on the page its form opens without JavaScript.
        #expect(bar.contains("Include sources") && bar.contains("<code>source:</code>"))
    }

    @Test("the sources' A–Z lists each source once, by title and edition, and links to it")
    func sourcesPage() throws {
        let page = try #require(Self.input.page(.azSources))
        let sources = Self.input.compiled.model.sources
        let entries = context.sourceEntries()
        #expect(entries.count == sources.count)
        #expect(Set(entries.map(\.target)).count == sources.count, "each source once")
        #expect(Set(entries.map(\.title)).count == sources.count, "no two sources look the same: editions tell copies apart")
        for source in sources {
            #expect(entries.contains { $0.target == PageRef("sources", source.id.value) && $0.title == source.displayTitle && $0.isSource })
        }
        #expect(sections(page).values.map(\.count).reduce(0, +) == sources.count)
        #expect(targets(page).contains(.azIndex), "the page leads back to the things")
        #expect(
            try #require(Self.input.page(.azIndex)).blocks.contains { block in
                if case let .paragraph(inlines) = block { inlines.contains(.link([.text(PageContext.azSourcesTitle)], .page(.azSources))) } else { false }
            })
    }

    @Test("the A–Z order: by name case-insensitively, then by spelling, kind and page; the same whatever the order of Content")
    func order() {
        // The rule written out, independently of `IndexEntry.sorted`, which makes each key once.
        func precedes(_ a: IndexEntry, _ b: IndexEntry) -> Bool {
            let (la, lb) = (a.title.lowercased(), b.title.lowercased())
            if la != lb { return la.utf8.lexicographicallyPrecedes(lb.utf8) }
            if a.title != b.title { return a.title.utf8.lexicographicallyPrecedes(b.title.utf8) }
            if a.kind != b.kind { return a.kind.utf8.lexicographicallyPrecedes(b.kind.utf8) }
            return (a.target.path + "#" + (a.target.fragment ?? "")).utf8.lexicographicallyPrecedes((b.target.path + "#" + (b.target.fragment ?? "")).utf8)
        }
        let entries = context.indexEntries()
        for (a, b) in zip(entries, entries.dropFirst()) {
            #expect(!b.title.lowercased().utf8.lexicographicallyPrecedes(a.title.lowercased().utf8), "\(a.title) before \(b.title)")
            #expect(precedes(a, b), "\(a.title) before \(b.title)")
        }
        #expect(entries == entries.shuffled().sorted(by: precedes))
        #expect(IndexEntry.sorted(entries.shuffled()) == entries)
        #expect(Set(entries).count == entries.count, "no duplicates")
        #expect(Set(entries.map { $0.title + "\u{0}" + $0.url }).count == entries.count, "no two entries of one name lead to one place")
    }

    @Test("every link of the A–Z pages leads to a page of the site, and every #fragment to an anchor on it")
    func linksResolve() throws {
        let pages = [try #require(Self.input.page(.azIndex)), try #require(Self.input.page(.azSources))]
        let refs = Set(Self.input.pageSources.map(\.ref))
        var anchorsByPage: [PageRef: Set<String>] = [:]
        let links = pages.flatMap(targets)
        #expect(links.count >= context.indexEntries().count + context.sourceEntries().count)
        for target in links {
            #expect(refs.contains(target.page), "\(target.path) is not a page of the site")
            guard let fragment = target.fragment, refs.contains(target.page) else { continue }
            if anchorsByPage[target.page] == nil { anchorsByPage[target.page] = anchors(Self.input.page(target.page)!) }
            #expect(anchorsByPage[target.page]!.contains(fragment), "\(target.path)#\(fragment) has no such anchor")
        }
    }

    @Test("the search index has one entry a thing, an entry for every page, leads only to pages that exist, and is the same on every build")
    func searchIndex() throws {
        let entries = Self.input.searchEntries
        let refs = Set(Self.input.pageSources.map(\.ref))
        for ref in refs {
            #expect(entries.contains { $0.target == ref }, "no search entry for \(ref.path)")
        }
        for entry in entries { #expect(refs.contains(entry.target.page), "\(entry.title) leads to \(entry.target.path), not a page") }
        // One entry a thing: every page once (flow sections may hold several things, one entry each).
        let pageTargets = entries.map(\.target).filter { $0.fragment == nil }
        #expect(Set(pageTargets).count == pageTargets.count, "a page with two entries")
        #expect(Set(entries.map { $0.title + "\u{0}" + $0.url }).count == entries.count)
        #expect(entries.count == context.pageEntries().count + context.partEntries().count + things.count + Self.input.compiled.model.sources.count)
        // The sources, and only they, are marked as such, for the search to leave out unless asked.
        #expect(entries.filter(\.isSource).map(\.target.section) == Array(repeating: "sources", count: Self.input.compiled.model.sources.count))
        for (spelling, path) in [
            ("requestLocation()", "services/standard-location.html"), ("NSLocationUsageDescription", "keys/NSLocationUsageDescription.html"),
            ("CLLocationManager.authorizationStatus", "apis/authorization-status-property.html"),
        ] {
            #expect(
                entries.filter { !$0.isSource && ($0.title == spelling || $0.spellings.contains { $0.text == spelling }) }.map(\.url) == [path],
                "\(spelling) → \(path)")
        }

        // The file the site ships: a script setting one global to a JSON array, one thing a line.
        let script = HTMLRenderer.searchIndex(entries)
        #expect(script == HTMLRenderer.searchIndex(PageContext(Self.input.compiled).searchEntries()), "deterministic")
        let prefix = "window.CAPDOC_SEARCH_INDEX = "
        let start = try #require(script.range(of: prefix)).upperBound
        var json = String(script[start...]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(json.hasSuffix(";"))
        json.removeLast()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.count == entries.count)
        #expect(parsed.map { $0["u"] as? String } == entries.map(\.url))
        #expect(parsed.map { $0["n"] as? String } == entries.map(\.title))
        #expect(parsed.map { $0["k"] as? String } == entries.map(\.kind))
        #expect(parsed.map { $0["w"] as? [String] ?? [] } == entries.map { $0.spellings.map(\.text) })
        #expect(parsed.map { $0["a"] as? [String] ?? [] } == entries.map(\.aliases))
        #expect(parsed.map { $0["s"] as? Int == 1 } == entries.map(\.isSource))
        #expect(parsed.allSatisfy { Set($0.keys).isSubset(of: ["n", "k", "u", "w", "a", "s"]) })
        #expect(!script.contains("</"), "nothing a browser could take for markup")
    }

    @Test("every HTML page has the search form (a GET form to the A–Z page without JavaScript) and the search and platform scripts, relative to its folder")
    func searchForm() throws {
        let files = try OutputTests.builder.render(Self.input.compiled)
        let pages = files.filter { $0.path.hasSuffix(".html") }
        #expect(pages.count == Self.input.pageCount)
        for page in pages {
            let text = String(decoding: page.contents, as: UTF8.self)
            let root = String(repeating: "../", count: page.path.split(separator: "/").count - 1)
            #expect(text.contains("<form id=\"site-search\" class=\"site-search\" role=\"search\" action=\"\(root)a-z.html\" method=\"get\""), "\(page.path)")
            #expect(text.contains("<label for=\"search-q\">"), "\(page.path)")
            #expect(text.contains("<input type=\"checkbox\" id=\"search-sources\" name=\"sources\" value=\"1\"> Include sources</label>"), "\(page.path)")
            #expect(text.components(separatedBy: "<script").count == 3, "\(page.path): two script elements")
            #expect(text.contains("<script src=\"\(root)search.js\" defer></script>"), "\(page.path)")
            #expect(text.contains("<script src=\"\(root)platforms.js\" defer></script>"), "\(page.path)")
        }
        let paths = Set(files.map(\.path))
        #expect(
            paths.isSuperset(of: ["search.js", "platforms.js", "search-index.js", "a-z.html", "markdown/a-z.md", "a-z/sources.html", "markdown/a-z/sources.md"])
        )
    }
}
