/// How a table is drawn in a man page, at any terminal width from 60 to 100 columns: as one grid when
/// its columns fit side by side, otherwise as several grids that each repeat the row-header column with
/// a group of the others (platforms in groups), never pivoted into one line per cell.
///
/// A man page is formatted where it is read (`MANWIDTH`, `mandoc -O width=`), so its tables cannot be
/// laid out for one width. tbl(1) can only spread a table over the line with `x` columns, which both
/// groff and mandoc widen by equal shares of what the other columns leave, whatever their text (and
/// mandoc gives an `x` column its share even when a `w()` asks for more). So a column is either fixed
/// (`lw(n)`: its text fits, or its share at 60 columns would be narrower than its longest word) or
/// expanding (`lx`: its text wraps at 60 columns). Which columns go in which grid is decided once, so
/// that no grid is wider than 60 columns; the number of grids is the one that makes the table
/// shortest at 80.
///
/// Cells wrap at spaces and between citations (written "[1] [2]"), nowhere else: capdoc's man pages do not
/// hyphenate, so an identifier (an Info.plist key, an API name, a claim id) is one word that must fit
/// its column. Each column is at least as wide as its longest word.
struct ManTableLayout: Equatable {
    /// The columns of one grid: the row-header column (0) first, their widths in ens, and which of
    /// them expand to fill the line (for those, `widths` is what the fixed layout at 60 columns gave
    /// them, which the formatter does not read: `widths(at:)` is what they get).
    struct Grid: Equatable {
        var columns: [Int]
        var widths: [Int]
        var expands: [Bool]

        init(columns: [Int], widths: [Int], expands: [Bool]? = nil) {
            self.columns = columns
            self.widths = widths
            self.expands = expands ?? columns.map { _ in false }
        }

        /// Whether the grid has an expanding column: tbl then fills the whole line with it.
        var expandsToLine: Bool { expands.contains(true) }

        /// The widths the formatter gives the columns on a line of `textWidth` ens: the fixed ones as
        /// written, the expanding ones an equal share of the rest.
        func widths(at textWidth: Int) -> [Int] {
            let expanding = expands.filter { $0 }.count
            guard expanding > 0 else { return widths }
            let fixed = zip(widths, expands).filter { !$0.1 }.map(\.0).reduce(0, +)
            let share = (textWidth - fixed - ManTableLayout.columnOverhead * columns.count) / expanding
            return zip(widths, expands).map { width, expands in expands ? share : width }
        }
    }

    var grids: [Grid]
    /// False when even one column beside the row header does not fit 60 columns: such a table is
    /// written as a list instead (one entry per row), since a grid would overflow the terminal.
    var fits: Bool {
        grids.allSatisfy { grid in grid.widths(at: Self.minimumTextWidth).reduce(0) { $0 + $1 + Self.columnOverhead } <= Self.minimumTextWidth }
    }

    /// The text width at the narrowest terminal the tables fit, 60 columns: man-db sets lines of 58
    /// and the body is indented 7 (mandoc's lines are a little longer); one en less, since mandoc
    /// draws a table with expanding columns one column past its line (`TableWriter` shortens the
    /// line by one en around such a table).
    static let minimumTextWidth = 60 - 2 - 7 - 1
    /// The text width the number of grids is chosen for: at 80 columns, man's default.
    static let referenceTextWidth = 80 - 2 - 7 - 1
    /// A boxed (allbox) tbl column takes its width plus 3: the rule and the space either side.
    static let columnOverhead = 3
    /// The rows whose wrapping is estimated to choose the number of grids: enough to judge a table by,
    /// few enough that a matrix of thousands of services is not wrapped many times over.
    static let sampledRows = 200

    /// The words of each cell, as the cell's text breaks: at spaces and between citations. Kept flat
    /// (one array of lengths, and where each cell's start) for the sampled rows only: nested arrays per
    /// row and cell, and the cell's text built to measure it, were most of the cost of a large table.
    struct Measured {
        /// The table's columns; every sampled row has this many cells (missing ones are empty).
        var columnCount: Int
        /// The sampled rows: the column titles, then the first `sampledRows` rows of the table.
        var rowCount = 0
        /// The lengths of the words of the sampled rows' cells, row by row, cell by cell.
        var lengths: [Int] = []
        /// Where each sampled cell's words start in `lengths` (row * columnCount + column), and one past the last.
        var cellStarts: [Int] = [0]
        /// Per sampled cell, its length on one line (its words and a space between each two).
        var lineLengths: [Int] = []
        /// Per column, the longest word in any row (at least 1).
        var longest: [Int]
        /// Per column, the longest line of a sampled cell: the width past which it no longer wraps.
        var full: [Int]

        init(columnCount: Int) {
            self.columnCount = columnCount
            longest = Array(repeating: 1, count: columnCount)
            full = Array(repeating: 0, count: columnCount)
        }

        /// The word lengths of a sampled cell.
        func words(row: Int, column: Int) -> ArraySlice<Int> {
            let cell = row * columnCount + column
            return lengths[cellStarts[cell]..<cellStarts[cell + 1]]
        }

        /// The lines a sampled cell takes at `width`, wrapped at its words.
        func wrappedLines(row: Int, column: Int, width: Int) -> Int {
            // A cell whose one line fits takes one line: the greedy wrap below would find as much.
            if lineLengths[row * columnCount + column] <= width { return 1 }
            return ManTableLayout.wrappedLines(words(row: row, column: column), width: width)
        }
    }

    /// Where a table is already written, a cell's roff: row -1 for the column titles, then the table's
    /// rows; column 0 the row header. Nil where it has none to measure.
    typealias WrittenCells = (_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8>?

    /// `roff`: each cell is measured from its roff (`ManWordScanner.measure(roff:)`); without it, or
    /// where its roff does not map back to one text, from its inlines.
    init(_ table: Table, cell: (TableCell) -> [Inline], roff: WrittenCells? = nil) {
        let measured = Self.measure(table, cell: cell, roff: roff)
        self.grids = Self.layout(measured)
    }

    static func measure(_ table: Table, cell: (TableCell) -> [Inline], roff: WrittenCells? = nil) -> Measured {
        var measured = Measured(columnCount: table.columns.count)
        // The sampled rows' words stay in `sampled`, cell after cell; the other rows' only count
        // towards the longest words, and `other` forgets them row after row.
        var sampled = ManWordScanner(), other = ManWordScanner()
        func measureRow(_ row: Int, _ count: Int, _ inlines: (Int) -> [Inline]) {
            let isSampled = measured.rowCount <= sampledRows
            other.lengths.removeAll(keepingCapacity: true)
            func measure(_ column: Int, with scanner: inout ManWordScanner) {
                if let bytes = roff?(row, column), scanner.measure(roff: bytes) { return }
                scanner.measure(inlines(column))
            }
            // A cell past the columns is never laid out: not measured. A missing one is empty.
            for column in 0..<measured.columnCount {
                if isSampled {
                    let start = sampled.lengths.count
                    if column < count { measure(column, with: &sampled) }
                    let words = sampled.lengths[start...]
                    let line = lineLength(words)
                    measured.longest[column] = max(measured.longest[column], words.max() ?? 1)
                    measured.full[column] = max(measured.full[column], line)
                    measured.lineLengths.append(line)
                    measured.cellStarts.append(sampled.lengths.count)
                } else if column < count {
                    let start = other.lengths.count
                    measure(column, with: &other)
                    measured.longest[column] = max(measured.longest[column], other.lengths[start...].max() ?? 1)
                }
            }
            if isSampled { measured.rowCount += 1 }
        }
        measureRow(-1, table.columns.count) { [.text(table.columns[$0])] }
        for (index, row) in table.rows.enumerated() {
            measureRow(index, 1 + row.cells.count) { $0 == 0 ? row.header.content : cell(row.cells[$0 - 1]) }
        }
        measured.lengths = sampled.lengths
        return measured
    }

    /// The number of grids that makes the table shortest at 80 columns (fewer grids on a tie), among
    /// those that fit 60, with the columns after the row header split into that many groups of nearly
    /// equal size, in order.
    static func layout(_ measured: Measured) -> [Grid] {
        let others = Array(measured.longest.indices.dropFirst())
        guard !others.isEmpty else { return [Grid(columns: [0], widths: [measured.longest[0]])] }
        var best: (lines: Int, grids: [Grid])?
        // A grid takes at least two lines a row and two more (every cell on one line), so `count` grids
        // take at least `count` times that: once the best so far is no longer than that, no more grids
        // can be shorter, and a grid's lines are only counted while they could still be.
        let fewestLinesPerGrid = 2 + 2 * measured.rowCount
        for count in 1...others.count {
            if let best, best.lines <= count * fewestLinesPerGrid { break }
            let groups = split(others, into: count)
            let grids = groups.compactMap { grid(for: [0] + $0, measured) }
            guard grids.count == groups.count else { continue }
            var lines = 0
            for grid in grids {
                lines += estimatedLines(grid, measured, stoppingAt: best.map(\.lines) ?? .max)
                if let best, lines >= best.lines { break }
            }
            if best == nil || lines < best!.lines { best = (lines, grids) }
        }
        // Even one column beside the row header is too wide: its longest words will overflow.
        return best?.grids ?? others.map { Grid(columns: [0, $0], widths: [measured.longest[0], measured.longest[$0]]) }
    }

    /// A grid of these columns, nil when their longest words alone do not fit the narrowest terminal.
    /// The columns that still wrap there expand, the others keep their width there. Then two passes,
    /// each keeping every expanding column's equal share at 60 columns at least its longest word:
    /// - while one is narrower, the column with the longest word among those it starves stops
    ///   expanding, at its width at 60 (the others share again without it);
    /// - an expanding column whose whole text is narrower than its share at 80 would only waste the
    ///   space it gets: it stops expanding, as wide as its text, where the others can spare it at 60.
    static func grid(for columns: [Int], _ measured: Measured) -> Grid? {
        guard let widths = widths(for: columns, measured) else { return nil }
        var grid = Grid(columns: columns, widths: widths, expands: zip(columns, widths).map { column, width in width < measured.full[column] })
        func starved(_ grid: Grid) -> [Int] {
            let shares = grid.widths(at: minimumTextWidth)
            return grid.expands.indices.filter { grid.expands[$0] && measured.longest[columns[$0]] > shares[$0] }
        }
        while let index = starved(grid).max(by: { measured.longest[columns[$0]] < measured.longest[columns[$1]] }) {
            grid.expands[index] = false
        }
        let byWidth = grid.expands.indices.filter { grid.expands[$0] }.sorted { measured.full[columns[$0]] < measured.full[columns[$1]] }
        for index in byWidth {
            guard measured.full[columns[index]] <= grid.widths(at: referenceTextWidth)[index] else { continue }
            var narrower = grid
            narrower.expands[index] = false
            narrower.widths[index] = measured.full[columns[index]]
            let fixed = zip(narrower.widths, narrower.expands).filter { !$0.1 }.map(\.0).reduce(0, +)
            if starved(narrower).isEmpty && fixed + columnOverhead * columns.count <= minimumTextWidth { grid = narrower }
        }
        return grid
    }

    static func split(_ columns: [Int], into count: Int) -> [[Int]] {
        let size = columns.count / count, extra = columns.count % count
        var groups: [[Int]] = []
        var start = 0
        for index in 0..<count {
            let end = start + size + (index < extra ? 1 : 0)
            groups.append(Array(columns[start..<end]))
            start = end
        }
        return groups
    }

    /// Each column as wide as its longest word, then the space left at the narrowest terminal given one
    /// en at a time to the columns that still wrap; nil when the longest words alone do not fit.
    static func widths(for columns: [Int], _ measured: Measured) -> [Int]? {
        var widths = columns.map { measured.longest[$0] }
        var spare = minimumTextWidth - widths.reduce(0, +) - columnOverhead * columns.count
        guard spare >= 0 else { return nil }
        // Round after round, one en to each column (in order) still narrower than its longest line. A
        // column's test sees only its own width change within a round, so it is made as the round
        // reaches the column (a list of the wanting columns made per round was most of this function).
        var gave = true
        while spare > 0, gave {
            gave = false
            for (index, column) in columns.enumerated() where widths[index] < measured.full[column] {
                guard spare > 0 else { break }
                widths[index] += 1
                spare -= 1
                gave = true
            }
        }
        return widths
    }

    /// The lines a grid takes at 80 columns for the sampled rows: each row as tall as its tallest cell, plus its rule.
    /// Counting stops once the total reaches `limit` (a layout that long has lost already), which it returns.
    static func estimatedLines(_ grid: Grid, _ measured: Measured, stoppingAt limit: Int = .max) -> Int {
        var total = 2
        let widths = grid.widths(at: referenceTextWidth)
        for row in 0..<measured.rowCount {
            var tallest = 1
            for (column, width) in zip(grid.columns, widths) {
                tallest = max(tallest, measured.wrappedLines(row: row, column: column, width: width))
            }
            total += 1 + tallest
            if total >= limit { return total }
        }
        return total
    }

    static func wrappedLines(_ words: some Collection<Int>, width: Int) -> Int {
        var lines = 1, used = 0
        for word in words {
            if used == 0 { used = word } else if used + 1 + word <= width { used += 1 + word } else { lines += 1; used = word }
        }
        return lines
    }

    static func lineLength(_ words: some Collection<Int>) -> Int {
        words.isEmpty ? 0 : words.reduce(0, +) + words.count - 1
    }

    /// The lengths of the words a cell's text breaks into: at spaces, and between citations: after
    /// every ']' followed by '[', where a man table puts a space (`TableWriter.breakableCitations`).
    static func wordLengths(_ text: String) -> [Int] {
        // ASCII text (nearly every cell) is measured on its bytes: Character-level splitting of every
        // cell of a large matrix was an eighth of a build. Other text keeps the Character rules.
        ByteText.withBytes(text, asciiWordLengths) ?? characterWordLengths(text)
    }

    /// `wordLengths` by Characters, for any text.
    static func characterWordLengths(_ text: String) -> [Int] {
        text.split(whereSeparator: \.isWhitespace).flatMap { word -> [Int] in
            // Each "][" between two parts gives its ']' to the part before and its '[' to the one after.
            let parts = word.components(separatedBy: "][")
            return parts.enumerated().map { index, part in part.count + (index > 0 ? 1 : 0) + (index < parts.count - 1 ? 1 : 0) }
        }
    }

    /// `wordLengths` for ASCII text (where a byte is a Character), nil for any other.
    static func asciiWordLengths(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var lengths: [Int] = []
        var wordStart = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func endWord(_ end: Int) {
            guard end > wordStart else { return }
            // Split after each ']' that a '[' follows.
            var partStart = wordStart
            for index in wordStart..<(end - 1) where bytes[index] == 0x5D && bytes[index + 1] == 0x5B {
                lengths.append(index + 1 - partStart)
                partStart = index + 1
            }
            lengths.append(end - partStart)
        }
        for (index, byte) in bytes.enumerated() {
            guard byte < 0x80 else { return nil }
            if isSpace(byte) {
                endWord(index)
                wordStart = index + 1
            }
        }
        endWord(bytes.count)
        return lengths
    }

    /// `wordLengths(plainText(inlines))`, measured on the text's bytes. The tables measure their cells
    /// with `ManWordScanner`, which walks the inlines once without building their text; this is the
    /// rule it is held to, and what it falls back to for a cell that is not ASCII.
    static func wordLengths(of inlines: [Inline]) -> [Int] {
        let bytes = plainBytes(inlines)
        return bytes.withUnsafeBufferPointer(asciiWordLengths) ?? characterWordLengths(String(decoding: bytes, as: UTF8.self))
    }

    /// The text of inlines as a terminal shows it.
    static func plainText(_ inlines: [Inline]) -> String {
        String(decoding: plainBytes(inlines), as: UTF8.self)
    }

    /// `plainText` as UTF-8 bytes.
    private static func plainBytes(_ inlines: [Inline]) -> [UInt8] {
        var bytes: [UInt8] = []
        func append(_ inline: Inline) {
            switch inline {
            case let .text(value), let .code(value): bytes += value.utf8
            case let .strong(children), let .emphasis(children), let .link(children, _), let .value(_, children), let .anchor(_, children):
                children.forEach(append)
            case let .shared(shared): shared.inlines.forEach(append)
            case let .markdown(value): bytes += CMarkDocument(markdown: value).plainText.utf8
            case let .citation(citation):
                bytes.append(0x5B)
                bytes += String(citation.number).utf8
                bytes.append(0x5D)
            }
        }
        inlines.forEach(append)
        return bytes
    }
}
