/// Measures the words of a table cell as `ManTableLayout.wordLengths(of:)` does — split at spaces and
/// between citations (after a ']' that a '[' follows), each word's length as a terminal shows it — in one walk over the cell's
/// inlines, without building the cell's text or a list of parts per word.
///
/// Why: every cell of every man table is measured, and building each one's bytes, then an array of
/// parts for each of its words, then an array of their lengths, was a third of the tables' cost.
/// ASCII text (nearly every cell) is measured here byte by byte, and so is the general punctuation
/// that is a Character of its own ("–", "“"); a cell with any other byte is measured by
/// `wordLengths(of:)` instead, whose Character rules this does not reproduce.
/// `ManTableLayoutTests` holds the two equal on many random cells.
struct ManWordScanner {
    /// The lengths of the words measured so far (callers keep or clear them between cells).
    var lengths: [Int] = []

    // The word being read: whether one is open, the length of its current part, and its last byte.
    private var inWord = false
    private var partLength = 0
    private var last: UInt8 = 0

    /// Appends the lengths of the words of `inlines` to `lengths`.
    mutating func measure(_ inlines: [Inline]) {
        let start = lengths.count
        if feed(inlines) {
            endWord()
        } else {
            // A byte it cannot measure: the Character rules, from the start of this cell.
            lengths.removeSubrange(start...)
            lengths += ManTableLayout.wordLengths(of: inlines)
        }
        reset()
    }

    /// Appends the lengths of the words of a table cell from the roff `DirectInlineWriter` wrote for it
    /// (`Place.tableCell`): the words its inlines' text has, as `measure(_:)` counts them. False, with
    /// `lengths` as they were, at anything that writer's roff does not map back to one plain text:
    /// an escape it does not write, a byte of a character that is not ASCII or general punctuation.
    ///
    /// Why: a man table used to measure each cell from its inlines, then write it; written first and
    /// measured from its bytes, a cell is walked once as inlines and once as bytes, which is cheaper
    /// (each inline read is a switch, a retain and a release).
    mutating func measure(roff bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = lengths.count
        var index = 0
        var understood = true
        scan: while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C {  // an escape
                guard index + 1 < bytes.count else { understood = false; break }
                switch bytes[index + 1] {
                case 0x2D: _ = feed(0x2D); index += 2  // `\-`: a hyphen
                case 0x65: _ = feed(0x5C); index += 2  // `\e`: a backslash
                case 0x26, 0x25, 0x3A: index += 2  // `\&`, `\%`, `\:` (a break point): nothing shown
                case 0x66:  // `\f[…]`: a font, nothing shown
                    guard index + 2 < bytes.count, bytes[index + 2] == 0x5B,
                        let close = bytes[(index + 3)...].firstIndex(of: 0x5D)
                    else { understood = false; break scan }
                    index = close + 1
                case 0x5B:  // `\[xx]`: a character the writer names, all general punctuation
                    guard index + 4 < bytes.count, bytes[index + 4] == 0x5D,
                        Self.namedCharacters.contains(where: { $0 == (bytes[index + 2], bytes[index + 3]) })
                    else { understood = false; break scan }
                    _ = feed(0x2D)
                    index += 5
                default:
                    understood = false
                    break scan
                }
            } else if byte < 0x80 {
                _ = feed(byte)
                index += 1
            } else if Self.isGeneralPunctuation(bytes, at: index) {
                _ = feed(0x2D)
                index += 3
            } else {
                understood = false
                break
            }
        }
        if understood { endWord() } else { lengths.removeSubrange(start...) }
        reset()
        return understood
    }

    /// Reads the inlines' text as `ManTableLayout.plainText` shows it; false at a byte it cannot measure.
    /// Each inline is read where it lies, as `DirectInlineWriter.writeAll` reads them: a `for` loop
    /// copies every element, retaining its payload and releasing it after (0.8% of a build).
    private mutating func feed(_ inlines: [Inline]) -> Bool {
        inlines.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                guard feed(buffer.baseAddress! + index) else { return false }
            }
            return true
        }
    }

    private mutating func feed(_ inline: UnsafePointer<Inline>) -> Bool {
        switch inline.pointee {
        case let .text(value), let .code(value):
            return feed(value)
        case let .strong(children), let .emphasis(children), let .link(children, _), let .value(_, children), let .anchor(_, children):
            return feed(children)
        case let .shared(shared):
            return feed(shared.inlines)
        case let .markdown(value):
            return feed(CMarkDocument(markdown: value).plainText)
        case let .citation(citation):
            return feedBracketed(citation.number)
        }
    }

    private mutating func feed(_ text: String) -> Bool {
        ByteText.withBytes(text) { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x80 {
                    _ = feed(bytes[index])
                    index += 1
                } else if Self.isGeneralPunctuation(bytes, at: index) {
                    // One Character, neither a space nor a bracket: counted as '-' is. What follows it
                    // is ASCII or goes to the Character rules, so nothing can join it into a longer one.
                    _ = feed(0x2D)
                    index += 3
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// The two letters of each character `DirectInlineWriter` names in man (`\[en]`: "en").
    private static let namedCharacters: [(UInt8, UInt8)] = DirectInlineWriter.manNamedCharacters.values.map { name in
        name.withUTF8Buffer { ($0[2], $0[3]) }
    }

    /// U+2010 to U+2027 (dashes, quotes, the ellipsis: E2 80 90 to E2 80 A7): each is a Character of
    /// its own that no Character before it takes in, and not whitespace. The en dash of a citation
    /// range ("[3]–[12]") is in most cells of a large site; measured by the Character rules, it
    /// doubled the cost of the service pages' man tables at 20,000 services.
    private static func isGeneralPunctuation(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && (0x90...0xA7).contains(bytes[index + 2])
    }

    /// "[n]", digit by digit: a citation number's String was an allocation per citation.
    private mutating func feedBracketed(_ number: Int) -> Bool {
        guard number >= 0 else { return feed("[\(number)]") }
        _ = feed(0x5B)
        ByteText.forEachDecimalDigit(of: UInt64(number)) { _ = feed($0) }
        return feed(0x5D)
    }

    private mutating func feed(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        if byte == 0x20 || (0x09...0x0D).contains(byte) {
            endWord()
            return true
        }
        inWord = true
        if byte == 0x5B, partLength > 0, last == 0x5D {
            // "][": the part ends after its ']', and the '[' starts the next, as in `asciiWordLengths`.
            lengths.append(partLength)
            partLength = 0
        }
        partLength += 1
        last = byte
        return true
    }

    /// Closes the open word: its last part.
    private mutating func endWord() {
        guard inWord else { return }
        lengths.append(partLength)
        reset()
    }

    private mutating func reset() {
        inWord = false
        partLength = 0
        last = 0
    }
}
