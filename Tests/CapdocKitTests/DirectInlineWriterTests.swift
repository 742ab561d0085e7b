import Testing
@testable import CapdocKit

/// `DirectInlineWriter` must write exactly what cmark writes for the same inlines, or decline.
@Suite("Table cells written without cmark")
struct DirectInlineWriterTests {
    static let page = Page(ref: PageRef("services", "visits"), title: "Visits", description: "", blocks: [])

    /// What the writer gives and what cmark gives, for one cell in one format; nil when the writer declines.
    func both(_ inlines: [Inline], _ format: DocumentFormat) -> (direct: String, cmark: String)? {
        guard let direct = DirectInlineWriter(format: format, page: Self.page.ref, place: .tableCell).write(inlines) else { return nil }
        let table = TableWriter(format: format, builder: PageDocumentBuilder(format: format, page: Self.page))
        return (direct, table.renderedByCmark(inlines))
    }

    static let formats: [DocumentFormat] = [.html, .markdown, .man]

    @Test("cells as the pages write them", arguments: formats)
    func typicalCells(_ format: DocumentFormat) throws {
        let cells: [[Inline]] = [
            [.link([.text("iOS")], .page(PageRef("platforms", "ios")))],
            [
                .value(.yes, [.text("Yes")]), .text(" "), .citation(Citation(number: 1)),
                .citation(Citation(number: 12)),
            ],
            // A run of citations as its ends (`Citation.markers`): "[2]–[8][10]".
            [.value(.yes, [.text("13.0+: Yes")]), .text(" ")] + Citation.markers([2, 3, 4, 5, 6, 7, 8, 10].map(Citation.init(number:))),
            [.value(.no, [.text("No (13.0+)")]), .text("; "), .value(.yes, [.text("Yes (before 13.0)")])],
            [.emphasis([.text("Services under When In Use")])],
            [.strong([.text("Keys")])],
            [.code("requestAlwaysAuthorization()"), .text(" — "), .text("NSLocationWhenInUseUsageDescription")],
            [.text("iOS 11.0 to 13.0")],
            [],
        ]
        for cell in cells {
            let result = try #require(both(cell, format), "the writer declined \(cell)")
            #expect(result.direct == result.cmark, "\(cell)")
        }
    }

    /// Every table cell is an array of inlines, allocated, copied and freed at this stride: a page
    /// reference held inline (three strings) made it 64 bytes, and the build 2% slower (callgrind).
    @Test("an inline stays 32 bytes: its largest payload is a string or a list with a word beside it")
    func inlineSize() {
        #expect(MemoryLayout<Inline>.stride == 32)
    }

    @Test("citation markers from the writer's table and past its end are cmark's", arguments: formats)
    func citationMarkersAtEveryNumber(_ format: DocumentFormat) throws {
        // The table holds the markers of 0…2,047; the numbers around its end and far past it are written part by part.
        for number in [0, 1, 9, 10, 99, 100, 999, 1_000, 2_046, 2_047, 2_048, 2_049, 12_345, 1_000_000] {
            let cell: [Inline] = [.value(.yes, [.text("Yes")]), .text(" "), .citation(Citation(number: number)), .citation(Citation(number: number + 1))]
            let result = try #require(both(cell, format), "the writer declined \(number)")
            #expect(result.direct == result.cmark, "\(number)")
        }
    }

    /// Characters that change meaning somewhere in HTML, roff or CommonMark, at the start, middle and end of a cell.
    static let alphabet: [String] = [
        "a", "Z", "0", "7", " ", ".", ")", "-", "+", "=", "&", "!", "[", "]", "*", "_", "#", "<", ">", "\\", "`", "~", "'",
        "\"", "|", "(", ":", ";", "/", "?", "%", "$", "@", "^", "{", "}", ",", "é", "‘", "’", "“", "”", "—", "–", "…", "→",
        "\n", "\r", "\t", "\u{1}",
    ]

    @Test("random cells: the writer matches cmark byte for byte whenever it writes", arguments: formats)
    func randomCells(_ format: DocumentFormat) throws {
        var random = SplitMix(state: 0xC311)
        var written = 0
        for _ in 0..<4_000 {
            let cell = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomInline(depth: 0, using: &random) }
            guard let result = both(cell, format) else { continue }
            written += 1
            #expect(result.direct == result.cmark, "\(cell)")
        }
        // Most random cells are plain enough to write directly: the comparison is not vacuous.
        #expect(written > 2_000)
    }

    static func randomText(using random: inout SplitMix) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    static func randomInline(depth: Int, using random: inout SplitMix) -> Inline {
        let choice = Int.random(in: 0..<(depth > 1 ? 3 : 9), using: &random)
        let children = { (random: inout SplitMix) in
            (0..<Int.random(in: 1...2, using: &random)).map { _ in randomInline(depth: depth + 1, using: &random) }
        }
        switch choice {
        case 0, 1: return .text(randomText(using: &random))
        case 2: return .citation(Citation(number: Int.random(in: 1...40, using: &random)))
        case 3: return .code(randomText(using: &random))
        case 4: return .strong(children(&random))
        case 5: return .emphasis(children(&random))
        case 6: return .link(children(&random), .page(PageRef(["platforms", "services", ""].randomElement(using: &random)!, "id-\(depth)")))
        case 7: return .value([.yes, .no, .na].randomElement(using: &random)!, children(&random))
        default: return .text(randomText(using: &random) + "1. x")
        }
    }
}
