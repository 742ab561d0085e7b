import Foundation
import Testing
@testable import CapdocKit

/// The site's promise: every value cites the sentences that decide it, and readers never see the
/// maintainers' working notes.
@Suite("Citations and maintainer notes")
struct CitationTests {
    static let shipped = ShippedSite.report
    static let compiled = ShippedSite.compiled
    static let input = ShippedSite.input

    /// The claims a cell's citations point at, as `source#claim`: read from the entries of the page's
    /// list of citations that the markers' numbers name (each entry shows its claim's reference in code).
    static func cited(_ cell: TableCell, in page: Page) -> [Set<String>] {
        var references: [Int: String] = [:]
        for block in page.blocks {
            guard case let .list(items) = block else { continue }
            for item in items {
                // The entry after the number is shared by every page that cites the claim.
                let entry = item.flatMap { inline -> [Inline] in if case let .shared(shared) = inline { shared.inlines } else { [inline] } }
                guard case let .anchor(anchor, _)? = entry.first, anchor.hasPrefix("cite-"), let number = Int(anchor.dropFirst("cite-".count)),
                    let reference = entry.lazy.compactMap({ if case let .code(text) = $0 { text } else { nil } }).first
                else { continue }
                references[number] = reference
            }
        }
        // One set per segment: the citations between two "; " separators. "[3]–[6]" cites 3, 4, 5 and 6.
        var segments: [Set<String>] = [[]]
        var previous: Int?, inRange = false
        for inline in cell.content + Citation.markers(cell.citations) {
            switch inline {
            case .text("; "): segments.append([])
            case .text("–") where previous != nil:
                inRange = true
                continue
            case let .citation(citation):
                let first = inRange ? previous! + 1 : citation.number
                for number in first...max(first, citation.number) {
                    segments[segments.count - 1].insert(references[number] ?? "no entry [\(number)]")
                }
                previous = citation.number
                inRange = false
                continue
            default: break
            }
            previous = nil
        }
        return segments
    }

    /// The first table after the heading with this anchor.
    static func table(after anchor: String, on page: Page) -> Table? {
        guard let heading = page.blocks.firstIndex(where: { if case .heading(_, _, anchor) = $0 { true } else { false } }) else { return nil }
        return page.blocks[heading...].lazy.compactMap { if case let .table(table) = $0 { table } else { nil } }.first
    }

    @Test("the places the merge gives each fact's deciding claims are where the model holds those claims")
    func decidingPlaces() {
        let merge = Self.shipped.merge
        var checked = 0
        for fact in merge.facts {
            guard let places = fact.citations.decidingPlaces else { continue }
            #expect(places == fact.deciding.map { merge.claimsByReference.position(of: $0).map(Int32.init) ?? -1 }, "\(fact.deciding)")
            checked += 1
        }
        #expect(checked == merge.facts.count, "every merged fact has its places")
        // Facts that several claims decide, and segments that join several facts, list each claim once.
        let facts = Array(merge.facts.prefix(40))
        let (claims, places) = CitationBook.decidingWithPlaces(facts, merge.claimsByReference)
        #expect(claims.count < facts.reduce(0) { $0 + $1.deciding.count }, "the facts share claims: each is listed once")
        #expect(claims == CitationBook.deciding(facts))
        #expect(places == claims.map { merge.claimsByReference.position(of: $0).map(Int32.init) ?? -1 })
        // A fact without places (not made by the merge) sends the segment to the references' look-up.
        var unplaced = facts[1]
        unplaced.deciding = unplaced.deciding
        #expect(unplaced.citations.decidingPlaces == nil)
        let mixed = [facts[0], unplaced]
        let lookedUp = CitationBook.decidingWithPlaces(mixed, merge.claimsByReference)
        #expect(lookedUp.claims == CitationBook.deciding(mixed))
        #expect(lookedUp.places == lookedUp.claims.map { merge.claimsByReference.position(of: $0).map(Int32.init) ?? -1 })
    }

    @Test("a run of three or more consecutive citations is written as its ends; two, or a gap, are not")
    func citationRanges() {
        func numbers(_ list: [Int]) -> String {
            Citation.markers(list.map(Citation.init(number:))).map { inline in
                switch inline {
                case let .citation(citation): "[\(citation.number)]"
                case let .text(text): text
                default: "?"
                }
            }.joined()
        }
        #expect(numbers([1, 3, 4, 5, 6, 7, 9, 10, 12, 13, 14]) == "[1][3]–[7][9][10][12]–[14]")
        #expect(numbers([2, 3]) == "[2][3]")
        #expect(numbers([5, 4, 3]) == "[5][4][3]")
        #expect(numbers([]) == "")
    }

    @Test("every reduced-accuracy cell of every service page cites exactly what decides the dataset's availableWithReducedAccuracy there")
    func reducedAccuracyCellsCiteTheirDecidingClaims() throws {
        let vocabulary = Self.compiled.vocabulary
        let gated = GatedFacts(merge: Self.compiled.merge, model: Self.compiled.model)
        let context = PageContext(Self.compiled)
        var checked = 0
        for service in vocabulary.ids(.service) {
            let page = try #require(Self.input.page(PageRef("services", service)))
            let table = try #require(Self.table(after: "reduced-accuracy", on: page), "no reduced-accuracy table on \(service)")
            for (row, platform) in zip(table.rows, vocabulary.ids(.platform)) {
                for (index, level) in vocabulary.ids(.level).enumerated() {
                    // Columns: works with reduced accuracy, then one per level.
                    let segments = gated.timeline(.serviceAvailable, subject: service, platform: platform, level: level, accuracy: .reduced)
                    let expected = context.mergeAdjacent(
                        segments.map { segment in
                            let (text, value) = context.word(segment.answer)
                            return (segment.os, text, value, segment.facts)
                        }
                    ).map { Set($0.facts.flatMap(\.deciding)) }
                    #expect(Self.cited(row.cells[1 + index], in: page) == (expected.isEmpty ? [[]] : expected), "\(service) on \(platform) under \(level)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("every support cell of every service page cites every deciding claim of each of its segments, and nothing else")
    func supportCellsCiteDecidingClaims() throws {
        let vocabulary = Self.compiled.vocabulary
        let matrix = Matrix(gated: GatedFacts(merge: Self.compiled.merge, model: Self.compiled.model))
        let levels = vocabulary.ids(.level)
        var checked = 0
        for service in vocabulary.ids(.service) {
            let page = try #require(Self.input.page(PageRef("services", service)))
            guard case let .table(table)? = page.blocks.first(where: { if case .table = $0 { true } else { false } }) else {
                Issue.record("no table on \(service)"); continue
            }
            for (row, platform) in zip(table.rows, vocabulary.ids(.platform)) {
                for (index, level) in levels.enumerated() {
                    // Columns: API exists, Deprecated, then one per level.
                    let cell = row.cells[2 + index]
                    let expected = PageContext(Self.compiled).mergeAdjacent(
                        matrix.timeline(service: service, platform: platform, level: level).map { entry in
                            let (text, value) = PageContext(Self.compiled).word(entry.support.availability)
                            return (
                                entry.os, PageContext(Self.compiled).deprecated(text, entry.support.deprecation), value,
                                entry.support.facts.filter { $0.kind != .launchesTerminatedApp }
                            )
                        }
                    ).map { Set($0.facts.flatMap(\.deciding)) }
                    #expect(Self.cited(cell, in: page) == expected, "\(service) on \(platform) under \(level)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("region monitoring under When In Use before iOS 13 cites the sentence that decides it (the issue's example)")
    func regionMonitoringBeforeThirteen() throws {
        let page = try #require(Self.input.page(PageRef("services", "region-monitoring")))
        let html = PageDocumentBuilder(format: .html, page: page).rendered()
        #expect(html.contains("sources/choosing-authorization-to-request-2019.html#claim-ios12-region-monitoring-when-in-use"))
        #expect(html.contains("sources/choosing-authorization-to-request-2019.html#claim-ios12-prose"))
        // A segment a ruling decided links to the ruling.
        #expect(html.contains("conflicts.html#ruling-when-in-use-services-current"))
    }

    /// The markers of the maintainers' working files.
    static let maintainerMarkers = try! NSRegularExpression(pattern: #"seed 0\d\d|research [A-Z]\d+|location-facts\.md|UNCERTAIN"#)

    @Test("no user page contains a maintainer marker; source pages keep them in their maintainer section")
    func noMaintainerNotesOnUserPages() throws {
        var sourcePagesWithNotes = 0
        for page in Self.input.pages {
            for format in [DocumentFormat.html, .markdown, .man] {
                var text = PageDocumentBuilder(format: format, page: page).rendered()
                if page.ref.section == "sources", let section = text.range(of: PageContext.maintainerHeading, options: format == .man ? .caseInsensitive : []) {
                    if Self.maintainerMarkers.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { sourcePagesWithNotes += 1 }
                    text = String(text[..<section.lowerBound])
                }
                let match = Self.maintainerMarkers.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
                #expect(match == nil, "\(page.ref.path) (\(format)): \(match.map { (text as NSString).substring(with: $0.range) } ?? "")")
            }
        }
        #expect(sourcePagesWithNotes > 0, "the markers exist in Content, so the test can fail")
    }
}
