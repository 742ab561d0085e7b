/// The static site: every page rendered by cmark to HTML and laid out by the Mustache template.
/// Raw HTML in Content prose is not passed through (cmark's safe default), nor are `javascript:` links.
public struct HTMLRenderer: Renderer {
    let templates: SiteTemplates

    public init(templates: SiteTemplates) {
        self.templates = templates
    }

    /// The top navigation: what app developers look up first, then the whole-model pages.
    static let navigation: [(title: String, ref: PageRef)] = [
        ("Home", .home), ("Services", PageRef.home.with(fragment: "services")), ("Keys", PageRef.home.with(fragment: "keys")),
        ("Requests", PageRef.home.with(fragment: "requests")), ("Matrix", .matrix), ("Flow", .flow), ("Conflicts", .conflicts), ("About", .about),
    ]

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] {
        let body = PageDocumentBuilder(format: .html, page: page).rendered()
        let root = String(repeating: "../", count: page.ref.depth)
        let context: [String: Any] = [
            "title": page.title,
            "siteTitle": "capdoc — Core Location authorization",
            "description": page.description,
            "root": root,
            "body": body,
            "lang": "en",
            "generator": "capdoc \(Capdoc.version)",
            "nav": Self.navigation.map { entry in
                ["title": entry.title, "href": root + entry.ref.path + ".html" + (entry.ref.fragment.map { "#" + $0 } ?? ""),
                 "current": entry.ref == page.ref] as [String: Any]
            },
            "dataAsOf": input.dataAsOf,
        ]
        return [OutputFile(path: page.ref.path + ".html", text: templates.layout.render(context))]
    }

    public func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        [OutputFile(path: SiteTemplates.stylesheetFile, contents: templates.stylesheet)]
    }
}
