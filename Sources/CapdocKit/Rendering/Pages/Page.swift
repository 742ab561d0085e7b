/// Where a page lives: its section folder ("" for the top-level pages) and its id.
public struct PageRef: Hashable, Sendable, Comparable {
    public var section: String
    public var id: String
    public var fragment: String?

    public init(_ section: String, _ id: String, fragment: String? = nil) {
        self.section = section
        self.id = id
        self.fragment = fragment
    }

    /// The page itself, without a fragment.
    public var page: PageRef { PageRef(section, id) }

    public func with(fragment: String?) -> PageRef { PageRef(section, id, fragment: fragment) }

    /// The path of the page without extension: `services/visits`, `index`.
    public var path: String { section.isEmpty ? id : section + "/" + id }

    /// How many folders deep the page is, for relative links: parts of a split page are a folder
    /// deeper than their overview (`levels/always/3`).
    public var depth: Int { section.isEmpty ? 0 : 1 + section.utf8.count(where: { $0 == 0x2F }) }

    public static func < (a: PageRef, b: PageRef) -> Bool { (a.section, a.id) < (b.section, b.id) }

    public static let home = PageRef("", "index")
    public static let matrix = PageRef("", "matrix")
    public static let conflicts = PageRef("", "conflicts")
    public static let checks = PageRef("", "checks")
    public static let about = PageRef("", "about")
    public static let flow = PageRef("", "flow")
}

/// Inline content of a generated page. Prose from Content stays CommonMark (`markdown`) and is
/// parsed by cmark when the page is built; everything else is structured.
public enum Inline: Sendable, Hashable {
    case text(String)
    case code(String)
    case strong([Inline])
    case emphasis([Inline])
    case link([Inline], Target)
    /// Inline CommonMark from Content (one paragraph's worth).
    case markdown(String)
    /// A reference to a cited claim: "[n]", linking to its entry in the page's citations.
    case citation(Citation)
    /// Inlines with an id, so that a link can point at them: in HTML an `<a id>` around them (the
    /// stylesheet marks the one a link led to, `:target`); in Markdown an empty `<a id>` before them
    /// (GitHub keeps it); in man, which has no links, the inlines alone. Each entry of a page's
    /// citations starts with its number in one.
    case anchor(String, [Inline])
    /// A value in a matrix cell ("Yes", "No", …), marked so the site can show its class.
    case value(ValueClass, [Inline])
    /// Inlines many pages show word for word (a claim's entry in their citations): read as the inlines
    /// they hold, written once per format where they stand inside a line.
    case shared(SharedInlines)

    public enum Target: Sendable, Hashable {
        /// Boxed: a page reference is three strings, and held inline it made every `Inline` 64 bytes
        /// where 32 hold every other case (a cell's markers, its text), which each array of inlines
        /// allocated, copied and freed for every element.
        indirect case page(PageRef)
        case external(String)
        /// A file of the output that is no page (`capdoc.json`), by its path from the output's root.
        case file(String)
    }
}

/// A numbered citation on a page. Its marker links to the page's own list of citations (`#cite-n`),
/// whose entry shows the quote and links to the claim on its source page: a dense table of markers
/// stays small (a marker repeating the source's URL was three quarters of a matrix page's bytes), and
/// the reader sees the deciding sentence one click away, on the same page. The number is all a
/// marker needs: the list's entry (`CitationBook`) knows the claim.
public struct Citation: Sendable, Hashable {
    public var number: Int

    public init(number: Int) {
        self.number = number
    }

    /// The id of the citation's entry in the page's list.
    public var anchor: String { "cite-\(number)" }

    /// The markers of citations in the order given, a run of three or more consecutive numbers written
    /// as its two ends, "[3]–[12]", as numeric citation styles do: a value decided by a dozen claims
    /// took a dozen markers, the entries between the ends are next to each other in the page's list,
    /// and both ends link there. Two in a row stay two ("[3][4]").
    static func markers(_ citations: [Citation]) -> [Inline] {
        var markers: [Inline] = []
        markers.reserveCapacity(citations.count)
        appendMarkers(citations, to: &markers)
        return markers
    }

    /// `markers(citations)` appended to `markers`: a cell's citations go straight into its content.
    static func appendMarkers(_ citations: [Citation], to markers: inout [Inline]) {
        var start = 0
        while start < citations.count {
            var end = start
            while end + 1 < citations.count, citations[end + 1].number == citations[end].number + 1 { end += 1 }
            if end - start >= 2 {
                markers += [.citation(citations[start]), .text("–"), .citation(citations[end])]
            } else {
                for index in start...end { markers.append(.citation(citations[index])) }
            }
            start = end + 1
        }
    }
}

/// The value classes a matrix cell shows, in words and (on the site) in colour.
/// How a value is drawn: `yes` and `no` for answers that are good or bad news, `deprecated` for a
/// deprecation (a warning, never the colour of good news), `na` for what neither helps nor hurts.
public enum ValueClass: String, Sendable {
    case yes, no, unknown, na, deprecated
}

public struct TableCell: Sendable, Hashable {
    public var content: [Inline]
    public var citations: [Citation]
    /// An id for the cell, so that a link can point at one value (the matrix's permalinks); HTML only.
    public var anchor: String?
    /// The answer at a glance ("13.0+", "No"): where set, the site shows it and keeps the whole
    /// cell (the answer's history, its citations and rulings) behind a disclosure (`<details>`).
    /// Markdown and man, read whole, show the whole cell.
    public var summary: [Inline]?

    public init(_ content: [Inline], citations: [Citation] = []) {
        self.content = content
        self.citations = citations
    }

    public init(text: String) { self.init([.text(text)]) }
}

public struct TableRow: Sendable, Hashable {
    public var header: TableCell
    public var cells: [TableCell]
    /// An id for the row, so that links can point at it (a claim on a source page).
    public var anchor: String?

    public init(header: TableCell, cells: [TableCell], anchor: String? = nil) {
        self.header = header
        self.cells = cells
        self.anchor = anchor
    }
}

public struct Table: Sendable, Hashable {
    public var caption: String
    /// Column headers, the first one heading the row-header column.
    public var columns: [String]
    public var rows: [TableRow]
    /// A class for the HTML table's wrapper, beside `table-wrap` (nil: none).
    public var htmlClass: String?

    public init(caption: String, columns: [String], rows: [TableRow], htmlClass: String? = nil) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
        self.htmlClass = htmlClass
    }
}

public enum Block: Sendable, Hashable {
    case heading(Int, String, anchor: String?)
    case paragraph([Inline])
    /// Block CommonMark from Content.
    case markdown(String)
    case list([[Inline]])
    case quote([Inline])
    case table(Table)
    /// Markup that capdoc writes itself (the flow diagram's SVG), emitted in HTML only: Markdown and
    /// man leave it out, so the page must say the same in text (a table) beside it.
    case html(String)
    /// A fenced code block emitted in Markdown only (the flow's Mermaid diagram, which GitHub draws):
    /// HTML has its own drawing and man has none, so the page must say the same in text beside it.
    case markdownCode(info: String, text: String)
    /// Literal text shown as code in every format (an Info.plist snippet).
    case code(String)
}

/// One page of every human-facing output: the site, Markdown and man.
public struct Page: Sendable, Hashable {
    public var ref: PageRef
    public var title: String
    /// One sentence, for the HTML description and the man page NAME line.
    public var description: String
    public var blocks: [Block]
    /// The man page's name, or nil when the page has no man page.
    public var manName: String?
    /// The pages listed under SEE ALSO in man.
    public var seeAlso: [PageRef]
    /// Whether the first block says the description again, which man leaves out (NAME shows it): set
    /// where the page is made from what the description was made of; nil, it is worked out from the
    /// blocks (`ManRenderer`), which parses the block's prose again for every man page.
    public var leadRepeatsDescription: Bool?

    public init(
        ref: PageRef, title: String, description: String, blocks: [Block], manName: String? = nil, seeAlso: [PageRef] = [],
        leadRepeatsDescription: Bool? = nil
    ) {
        self.ref = ref
        self.title = title
        self.description = description
        self.blocks = blocks
        self.manName = manName
        self.seeAlso = seeAlso
        self.leadRepeatsDescription = leadRepeatsDescription
    }
}
