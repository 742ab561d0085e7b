/// How a table is drawn in a man page at 80 columns: as one grid when its columns fit side by side,
/// otherwise as several grids that each repeat the row-header column with a group of the others
/// (platforms in groups), never pivoted into one line per cell.
///
/// Cells wrap at spaces and between citations ("[1]\:[2]"), nowhere else: capdoc's man pages do not
/// hyphenate, so an identifier (an Info.plist key, an API name, a claim id) is one word that must fit
/// its column. Each column is at least as wide as its longest word; the space left over goes to the
/// columns whose text wraps, and the number of grids is the one that makes the table shortest.
struct ManTableLayout: Equatable {
    /// The columns of one grid: the row-header column (0) first, and their widths in ens.
    struct Grid: Equatable {
        var columns: [Int]
        var widths: [Int]
    }

    var grids: [Grid]
    /// False when even one column beside the row header is wider than the page: such a table is
    /// written as a list instead (one entry per row), since a grid would overflow the terminal.
    var fits: Bool {
        grids.allSatisfy { grid in grid.widths.reduce(0) { $0 + $1 + Self.columnOverhead } <= Self.textWidth }
    }

    /// The text width of a man page at 80 columns: man-db and mandoc set lines of 78, the body indented 7.
    static let textWidth = ManPostProcessor.titleLineWidth - 7
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

    /// The number of grids that makes the table shortest (fewer grids on a tie), with the columns
    /// after the row header split into that many groups of nearly equal size, in order.
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
            let grids = groups.compactMap { widths(for: [0] + $0, measured) }
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

    /// Each column as wide as its longest word, then the space left given one en at a time to the
    /// columns that still wrap; nil when the longest words alone do not fit.
    static func widths(for columns: [Int], _ measured: Measured) -> Grid? {
        var widths = columns.map { measured.longest[$0] }
        var spare = textWidth - widths.reduce(0, +) - columnOverhead * columns.count
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
        return Grid(columns: columns, widths: widths)
    }

    /// The lines a grid takes for the sampled rows: each row as tall as its tallest cell, plus its rule.
    /// Counting stops once the total reaches `limit` (a layout that long has lost already), which it returns.
    static func estimatedLines(_ grid: Grid, _ measured: Measured, stoppingAt limit: Int = .max) -> Int {
        var total = 2
        for row in 0..<measured.rowCount {
            var tallest = 1
            for (column, width) in zip(grid.columns, grid.widths) {
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

    /// The lengths of the words a cell's text breaks into: at spaces, and between citations ("][").
    static func wordLengths(_ text: String) -> [Int] {
        // ASCII text (nearly every cell) is measured on its bytes: Character-level splitting of every
        // cell of a large matrix was an eighth of a build. Other text keeps the Character rules.
        ByteText.withBytes(text, asciiWordLengths) ?? characterWordLengths(text)
    }

    /// `wordLengths` by Characters, for any text.
    static func characterWordLengths(_ text: String) -> [Int] {
        text.split(whereSeparator: \.isWhitespace).flatMap { word -> [Int] in
            word.components(separatedBy: "][").enumerated().map { index, part in
                part.count + (index > 0 ? 1 : 0) + (word.contains("][") && !part.hasSuffix("]") ? 1 : 0)
            }
        }
    }

    /// `wordLengths` for ASCII text (where a byte is a Character), nil for any other.
    static func asciiWordLengths(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var lengths: [Int] = []
        var wordStart = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func endWord(_ end: Int) {
            guard end > wordStart else { return }
            // Split at "][": the first part keeps its "[…" and gains the "]", later parts gain the "[".
            var partStart = wordStart
            var index = wordStart
            var parts: [Range<Int>] = []
            while index + 1 < end {
                if bytes[index] == 0x5D, bytes[index + 1] == 0x5B {
                    parts.append(partStart..<index)
                    partStart = index + 2
                    index += 2
                } else {
                    index += 1
                }
            }
            parts.append(partStart..<end)
            let split = parts.count > 1
            for (number, part) in parts.enumerated() {
                let endsWithBracket = !part.isEmpty && bytes[part.upperBound - 1] == 0x5D
                lengths.append(part.count + (number > 0 ? 1 : 0) + (split && !endsWithBracket ? 1 : 0))
            }
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
