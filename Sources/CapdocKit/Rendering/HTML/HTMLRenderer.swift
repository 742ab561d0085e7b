import Foundation
import Mustache

/// The static site: every page rendered by cmark to HTML and laid out by the Mustache template.
/// Raw HTML in Content prose is not passed through (cmark's safe default), nor are `javascript:` links.
struct HTMLRenderer: Renderer {
    let templates: SiteTemplates

    public init(templates: SiteTemplates) {
        self.templates = templates
    }

    /// The top navigation: what app developers look up first, then the whole-model pages.
    /// The flow's entry only where the domain has a flow.
    static func navigation(_ domain: Domain) -> [(title: String, ref: PageRef)] {
        [
            ("Home", .home), ("Services", PageRef.home.with(fragment: "services")), ("Keys", PageRef.home.with(fragment: "keys")),
            ("Requests", PageRef.home.with(fragment: "requests")), ("Matrix", .matrix),
        ] + (domain.flow ? [("Flow", .flow)] : [])
            + [("Conflicts", .conflicts), ("A–Z", .azIndex), ("About", .about)]
    }

    /// The layout rendered once per shape of page (`LayoutFrames`).
    let frames = LayoutFrames()

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] {
        let body = PageDocumentBuilder(format: .html, page: page).renderedBytes()
        let navigation = Self.navigation(input.compiled.vocabulary.domain)
        let shape = LayoutFrames.Shape(
            depth: page.ref.depth,
            current: navigation.indices.reduce(0) { $0 | (navigation[$1].ref == page.ref ? 1 << $1 : 0) },
            title: page.title, description: page.description, body: body)
        let path = Self.path(of: page.ref)
        // No control character reaches a page: Content that holds one is refused by the check
        // (`control-character`), and the layout's own are escaped once when it is read.
        if let frame = frames.frame(shape, render: { layout(page, input, navigation, values: $0) }) {
            return [OutputFile(path: path, bytes: LayoutFrames.page(frame, title: page.title, description: page.description, body: body))]
        }
        let values: [LayoutFrames.Slot: String] = [.title: page.title, .description: page.description, .body: String(decoding: body, as: UTF8.self)]
        return [OutputFile(path: path, text: layout(page, input, navigation, values: values))]
    }

    /// The layout rendered by swift-mustache for a page, with these values for its title, description and body.
    private func layout(_ page: Page, _ input: RenderInput, _ navigation: [(title: String, ref: PageRef)], values: [LayoutFrames.Slot: String]) -> String {
        let root = String(repeating: "../", count: page.ref.depth)
        return templates.layout.render(
            LayoutValues([
                "title": values[.title]!,
                "siteTitle": "capdoc — \(input.compiled.vocabulary.domain.name)",
                "description": values[.description]!,
                "root": root,
                "searchPage": root + PageRef.azIndex.path + ".html",
                "body": values[.body]!,
                "lang": "en",
                "generator": "capdoc \(Capdoc.version)",
                "nav": navigation.map { entry in
                    LayoutValues([
                        "title": entry.title, "href": root + entry.ref.path + ".html" + (entry.ref.fragment.map { "#" + $0 } ?? ""),
                        "current": entry.ref == page.ref,
                    ])
                },
                "dataAsOf": input.dataAsOf,
            ]))
    }

    var hasPages: Bool { true }

    /// The path of a page's file, known without building the page (`SiteOnDemand`).
    static func path(of ref: PageRef) -> String { ref.path + ".html" }

    func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        var files = [OutputFile(path: SiteTemplates.stylesheetFile, contents: templates.stylesheet)]
        if let script = templates.searchScript {
            files.append(OutputFile(path: SiteTemplates.searchScriptFile, contents: script))
            files.append(OutputFile(path: Self.searchIndexFile, text: Self.searchIndex(input.searchEntries)))
        }
        if let script = templates.platformScript { files.append(OutputFile(path: SiteTemplates.platformScriptFile, contents: script)) }
        return files
    }

    /// The search box's data: a script that sets a global, so that it loads from file:// too, where
    /// Chromium refuses to fetch() a local JSON file. One thing a line: `n` its title, `k` its kind,
    /// `u` its URL from the site root, and, where it has them, `w` its other spellings, `a` its
    /// aliases, `s: 1` for a source (which the search shows only when asked).
    static let searchIndexFile = "search-index.js"

    static func searchIndex(_ entries: [IndexEntry]) -> String {
        var output: [UInt8] = []
        output += "// The index of capdoc's search box (search.js), generated with the site.\nwindow.CAPDOC_SEARCH_INDEX = [\n".utf8
        func strings(_ key: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            output += ",\"\(key)\":[".utf8
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(value, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        for (index, entry) in entries.enumerated() {
            output += "{\"n\":".utf8
            JSONValue.writeString(entry.title, to: &output)
            output += ",\"k\":".utf8
            JSONValue.writeString(entry.kind, to: &output)
            output += ",\"u\":".utf8
            JSONValue.writeString(entry.url, to: &output)
            strings("w", entry.spellings.map(\.text))
            strings("a", entry.aliases)
            if entry.isSource { output += ",\"s\":1".utf8 }
            output += (index + 1 < entries.count ? "},\n" : "}\n").utf8
        }
        output += "];\n".utf8
        return String(decoding: output, as: UTF8.self)
    }
}

/// The values a layout names, for swift-mustache to look up. A type of its own rather than a
/// `[String: Any]`: the library finds a dictionary's values through a conditional conformance that
/// the runtime checks again at each lookup, about forty lookups a page.
private struct LayoutValues: MustacheParent {
    let values: [String: Any]

    init(_ values: [String: Any]) { self.values = values }

    func child(named name: String) -> Any? { values[name] }
}
