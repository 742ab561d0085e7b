import Foundation
import Testing
@testable import CapdocKit

/// `ManTableLayout` measures cells in one walk (`ManWordScanner`) and lays tables out on flat arrays;
/// these tests hold both to the rules they replaced — the cell's text built and split into words, and
/// the layout on nested arrays (kept here as `Reference`) — on many random tables.
@Suite("Man table layout")
struct ManTableLayoutTests {
    /// Text from the bytes that decide words and parts (spaces, brackets), words of many lengths, and
    /// now and then a character past ASCII (which takes the Character rules, but for general punctuation
    /// such as "–", which a combining mark after it may still join).
    static func text(_ random: inout SplitMix, ascii: Bool) -> String {
        let pieces =
            [
                "a", "b", "[", "]", "][", " ", "  ", "\t", "\n", "Yes", "before 13.0:", "NSLocationWhenInUseUsageDescription",
                "x-y", "1", "]]", "[[",
            ] + (ascii ? [] : ["é", "\u{301}", "\u{A0}", "\u{2028}", "–", "“", "…", "\u{2027}", "\u{200D}", "\u{2000}"])
        return (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func inlines(_ random: inout SplitMix, depth: Int = 0) -> [Inline] {
        let ascii = Int.random(in: 0..<10, using: &random) > 0
        return (0..<Int.random(in: 0...5, using: &random)).map { _ -> Inline in
            switch Int.random(in: 0..<(depth < 2 ? 9 : 4), using: &random) {
            case 0: .code(text(&random, ascii: ascii))
            case 1: .citation(Citation(number: Int.random(in: -2...1200, using: &random)))
            case 2, 3: .text(text(&random, ascii: ascii))
            case 4: .strong(inlines(&random, depth: depth + 1))
            case 5: .emphasis(inlines(&random, depth: depth + 1))
            case 6: .value(.yes, inlines(&random, depth: depth + 1))
            case 7: .anchor("cite-1", inlines(&random, depth: depth + 1))
            default: .markdown("*x* `y`][z \(text(&random, ascii: ascii))")
            }
        }
    }

    @Test("the scanner measures every cell as its text split into words does")
    func scannerMatchesWordLengths() {
        for seed in UInt64(0)..<3000 {
            var random = SplitMix(state: seed)
            let cell = Self.inlines(&random)
            var scanner = ManWordScanner()
            scanner.lengths = [7]  // what earlier cells left stays
            scanner.measure(cell)
            #expect(scanner.lengths == [7] + ManTableLayout.wordLengths(of: cell), "seed \(seed): \(ManTableLayout.plainText(cell).debugDescription)")
        }
    }

    @Test("a cell measured from the roff the table wrote for it measures as its inlines do")
    func roffMeasuresAsInlines() {
        let writer = DirectInlineWriter(format: .man, page: .home, place: .tableCell)
        // What the man writer escapes or rewrites: hyphens, backslashes, a '.' or '\'' starting the
        // cell, the characters it names, line breaks, and citations side by side ("]\:[").
        let roffPieces: [Inline] = [
            .text("-"), .text("\\"), .text(".x"), .text("'y"), .text("‘a’ “b” — –"), .text("a\r\nb"),
            .code("x-y"), .citation(Citation(number: 3)), .text("…"), .text("\u{2028}"),
        ]
        var measuredFromRoff = 0, writtenDirectly = 0
        for seed in UInt64(0)..<3000 {
            var random = SplitMix(state: seed)
            var cell = Self.inlines(&random)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                cell.insert(roffPieces.randomElement(using: &random)!, at: Int.random(in: 0...cell.count, using: &random))
            }
            var written = ByteBuffer()
            written.append(literal: "T{\n")  // a cell is written after what came before it
            let start = written.count
            guard writer.write(cell, into: &written) else { continue }
            writtenDirectly += 1
            var fromInlines = ManWordScanner(), fromRoff = ManWordScanner()
            fromInlines.lengths = [7]
            fromRoff.lengths = [7]  // what earlier cells left stays
            fromInlines.measure(cell)
            let understood = written.withBytes { fromRoff.measure(roff: UnsafeBufferPointer(rebasing: $0[start...])) }
            if understood {
                measuredFromRoff += 1
                #expect(fromRoff.lengths == fromInlines.lengths, "seed \(seed): \(String(decoding: written.array()[start...], as: UTF8.self).debugDescription)")
            } else {
                #expect(fromRoff.lengths == [7], "seed \(seed): lengths left as they were")
            }
        }
        // Most cells the writer takes are measured from their roff (the others go back to their inlines:
        // a character past ASCII that is no general punctuation).
        #expect(measuredFromRoff * 10 > writtenDirectly * 8, "\(measuredFromRoff) of \(writtenDirectly)")
    }

    /// Ascending citation numbers, often in runs that the cell writes as ranges ("[3]–[6]").
    static func citations(_ random: inout SplitMix) -> [Citation] {
        var number = Int.random(in: 1...40, using: &random)
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in
            defer { number += Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 2...9, using: &random) : 1 }
            return Citation(number: number)
        }
    }

    static func table(_ random: inout SplitMix) -> Table {
        let columns = Int.random(in: 1...9, using: &random)
        let cellText = { (random: inout SplitMix) -> [Inline] in
            Int.random(in: 0..<4, using: &random) == 0 ? inlines(&random) : [.text(text(&random, ascii: true))]
        }
        // Past `sampledRows` now and then, so that rows that are not sampled count too.
        let rowCount = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 150...260, using: &random) : Int.random(in: 0...12, using: &random)
        let rows = (0..<rowCount).map { _ in
            // Rows with fewer or more cells than columns, rarely.
            let count = Int.random(in: 0..<20, using: &random) == 0 ? Int.random(in: 0...(columns + 1), using: &random) : columns - 1
            return TableRow(
                header: TableCell(cellText(&random)),
                cells: (0..<count).map { _ in
                    TableCell(cellText(&random), citations: citations(&random))
                })
        }
        return Table(caption: "t", columns: (0..<columns).map { _ in text(&random, ascii: Int.random(in: 0..<10, using: &random) > 0) }, rows: rows)
    }

    @Test("tables are laid out as the nested-array layout laid them out")
    func layoutMatchesReference() {
        let cell = { (cell: TableCell) -> [Inline] in
            cell.citations.isEmpty ? cell.content : cell.content + [.text(" ")] + Citation.markers(cell.citations)
        }
        for seed in UInt64(0)..<400 {
            var random = SplitMix(state: seed)
            let table = Self.table(&random)
            #expect(ManTableLayout(table, cell: cell).grids == Reference.layout(Reference.measure(table, cell: cell)), "seed \(seed)")
        }
    }

    @Test("a cell whose one line fits its width wraps into one line, as the greedy wrap finds")
    func fittingLineIsOneLine() {
        var random = SplitMix(state: 7)
        for _ in 0..<2000 {
            let words = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 1...12, using: &random) }
            let width = Int.random(in: 1...40, using: &random)
            if ManTableLayout.lineLength(words) <= width { #expect(ManTableLayout.wrappedLines(words, width: width) == 1) }
        }
    }

    /// The layout as it was before it measured in one walk on flat arrays: the reference the new one is held to.
    enum Reference {
        struct Measured {
            var words: [[[Int]]]
            var longest: [Int]
        }

        static func measure(_ table: Table, cell: (TableCell) -> [Inline]) -> Measured {
            var longest = Array(repeating: 1, count: table.columns.count)
            var words: [[[Int]]] = []
            func row(_ cells: [[Int]]) {
                for (column, lengths) in cells.enumerated() where column < longest.count {
                    longest[column] = max(longest[column], lengths.max() ?? 1)
                }
                if words.count <= ManTableLayout.sampledRows { words.append(cells) }
            }
            row(table.columns.map { ManTableLayout.wordLengths(of: [.text($0)]) })
            for tableRow in table.rows {
                row(([tableRow.header.content] + tableRow.cells.map(cell)).map { ManTableLayout.wordLengths(of: $0) })
            }
            return Measured(words: words, longest: longest)
        }

        static func layout(_ measured: Measured) -> [ManTableLayout.Grid] {
            let others = Array(measured.longest.indices.dropFirst())
            guard !others.isEmpty else { return [ManTableLayout.Grid(columns: [0], widths: [measured.longest[0]])] }
            var best: (lines: Int, grids: [ManTableLayout.Grid])?
            for count in 1...others.count {
                let groups = ManTableLayout.split(others, into: count)
                let grids = groups.compactMap { grid(for: [0] + $0, measured) }
                guard grids.count == groups.count else { continue }
                let lines = grids.reduce(0) { $0 + estimatedLines($1, measured) }
                if best == nil || lines < best!.lines { best = (lines, grids) }
            }
            return best?.grids ?? others.map { ManTableLayout.Grid(columns: [0, $0], widths: [measured.longest[0], measured.longest[$0]]) }
        }

        static func cellWords(_ row: [[Int]], _ column: Int) -> [Int] {
            row.indices.contains(column) ? row[column] : []
        }

        /// The widths at the narrowest terminal, every column that still wraps there expanding; then,
        /// one at a time, the starved column with the longest word fixed; then each expanding column
        /// whose text fits its share at 80 fixed at its text's width, where the others can spare it.
        static func grid(for columns: [Int], _ measured: Measured) -> ManTableLayout.Grid? {
            guard var widths = widths(for: columns, measured) else { return nil }
            var expands = columns.indices.map { widths[$0] < full(columns[$0], measured) }
            func share(_ expands: [Bool], _ widths: [Int], at textWidth: Int) -> Int {
                let fixed = columns.indices.filter { !expands[$0] }.map { widths[$0] }.reduce(0, +)
                return (textWidth - fixed - ManTableLayout.columnOverhead * columns.count) / max(1, expands.filter { $0 }.count)
            }
            func starved(_ expands: [Bool], _ widths: [Int]) -> [Int] {
                columns.indices.filter { expands[$0] && measured.longest[columns[$0]] > share(expands, widths, at: ManTableLayout.minimumTextWidth) }
            }
            while let index = starved(expands, widths).max(by: { measured.longest[columns[$0]] < measured.longest[columns[$1]] }) {
                expands[index] = false
            }
            for index in columns.indices.filter({ expands[$0] }).sorted(by: { full(columns[$0], measured) < full(columns[$1], measured) }) {
                let text = full(columns[index], measured)
                guard text <= share(expands, widths, at: ManTableLayout.referenceTextWidth) else { continue }
                var (narrower, wider) = (expands, widths)
                narrower[index] = false
                wider[index] = text
                let fixed = columns.indices.filter { !narrower[$0] }.map { wider[$0] }.reduce(0, +)
                if starved(narrower, wider).isEmpty && fixed + ManTableLayout.columnOverhead * columns.count <= ManTableLayout.minimumTextWidth {
                    (expands, widths) = (narrower, wider)
                }
            }
            return ManTableLayout.Grid(columns: columns, widths: widths, expands: expands)
        }

        static func full(_ column: Int, _ measured: Measured) -> Int {
            measured.words.map { ManTableLayout.lineLength(cellWords($0, column)) }.max() ?? 0
        }

        static func widths(for columns: [Int], _ measured: Measured) -> [Int]? {
            var widths = columns.map { measured.longest[$0] }
            var spare = ManTableLayout.minimumTextWidth - widths.reduce(0, +) - ManTableLayout.columnOverhead * columns.count
            guard spare >= 0 else { return nil }
            let full = columns.map { Self.full($0, measured) }
            while spare > 0 {
                let wanting = widths.indices.filter { widths[$0] < full[$0] }
                if wanting.isEmpty { break }
                for index in wanting where spare > 0 {
                    widths[index] += 1
                    spare -= 1
                }
            }
            return widths
        }

        /// At 80 columns: the fixed columns as wide as written, the expanding ones an equal share of the rest.
        static func estimatedLines(_ grid: ManTableLayout.Grid, _ measured: Measured) -> Int {
            let expanding = grid.expands.filter { $0 }.count
            let fixed = zip(grid.widths, grid.expands).filter { !$0.1 }.map(\.0).reduce(0, +)
            let share = expanding == 0 ? 0 : (ManTableLayout.referenceTextWidth - fixed - ManTableLayout.columnOverhead * grid.columns.count) / expanding
            let widths = zip(grid.widths, grid.expands).map { $1 ? share : $0 }
            return measured.words.reduce(0) { total, row in
                total + 1 + zip(grid.columns, widths).map { column, width in ManTableLayout.wrappedLines(cellWords(row, column), width: width) }.max()!
            } + 2
        }
    }
}
