/// The small, documented pass over cmark's man output that mandoc needs for zero warnings:
/// - cmark writes no `.TH` title line: capdoc writes it, and the NAME section, before the body;
/// - cmark writes `\f[C]` for code, a font mandoc does not know: it becomes `\f[CR]` (constant-width roman),
///   with `\%` where the code starts a word, so that groff never hyphenates an identifier;
/// - `.nh` after the title line: no hyphenation anywhere (identifiers, ids and keys stay whole; the
///   words of prose too, which is usual for man pages on a terminal), and `.ad l`: without hyphenation,
///   justified lines would need wide gaps, and groff warns where it cannot make them;
/// - cmark starts every paragraph with `.PP`, also right after `.SH`/`.SS`, where mandoc flags it as
///   redundant: those are dropped;
/// - cmark escapes a '.' or '\'' that starts a line of text it wraps, but not the lines of a code block,
///   nor a newline inside a text node (a name or a quote): `defuseRequests` does, so that no prose
///   ever becomes a roff request (`.so /etc/passwd`);
/// - a claim reference `source#claim` may break after its '#' (`\:`): the two ids stay whole, and the
///   longest do not fit a citation's line together.
///
/// The passes work on the page's bytes, one after the other, and the page becomes a String once:
/// each pass making a String of its result re-validated the whole page as UTF-8.
enum ManPostProcessor {
    /// cmark writes a link as "text (URL)"; a URL is longer than a terminal line, so each `/` after
    /// the scheme gets a break point (`\:`, which prints nothing) where groff may wrap it.
    static func breakableURLs(_ bytes: [UInt8]) -> [UInt8] {
        // On bytes: Foundation's `range(of:)` on a whole page was a tenth of a large build's man time.
        let open = Array("(http".utf8), scheme = Array("://".utf8)
        return bytes.withUnsafeBufferPointer { bytes in
            var output: [UInt8] = []
            var copied = 0  // bytes before this index are in `output`
            var index = 0
            while let start = ByteText.firstRange(of: open, in: bytes, from: index) {
                let end = bytes[start...].firstIndex { $0 == 0x29 || $0 == 0x20 || $0 == 0x0A } ?? bytes.count
                if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
                output.append(contentsOf: bytes[copied..<start])
                let hostStart =
                    ByteText.firstRange(of: scheme, in: UnsafeBufferPointer(rebasing: bytes[..<end]), from: start).map { $0 + scheme.count } ?? start
                output.append(contentsOf: bytes[start..<hostStart])
                for byte in bytes[hostStart..<end] {
                    output.append(byte)
                    if byte == 0x2F { output.append(contentsOf: [0x5C, 0x3A]) }  // "/" → "/\:"
                }
                copied = end
                index = end
            }
            guard copied > 0 else { return Array(bytes) }
            output.append(contentsOf: bytes[copied...])
            return output
        }
    }

    static func fixFonts(_ roff: String) -> String {
        String(decoding: fixFonts(Array(roff.utf8)), as: UTF8.self)
    }

    /// `\f[C]` becomes `\f[CR]`, followed by `\%` where it starts a word (at the start, or after a
    /// space or a newline): inside one ("(`x`)") `\%` would mark a hyphenation point.
    static func fixFonts(_ bytes: [UInt8]) -> [UInt8] {
        let code = Array("\\f[C]".utf8)
        return bytes.withUnsafeBufferPointer { bytes in
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            while let found = ByteText.firstRange(of: code, in: bytes, from: index) {
                if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
                output.append(contentsOf: bytes[copied..<found])
                output += "\\f[CR]".utf8
                if found == 0 || bytes[found - 1] == 0x20 || bytes[found - 1] == 0x0A { output += "\\%".utf8 }
                copied = found + code.count
                index = copied
            }
            guard copied > 0 else { return Array(bytes) }
            output.append(contentsOf: bytes[copied...])
            return output
        }
    }

    /// Whether the text written before `end` ends with a ']' of the text, where a '[' after it makes
    /// "][", the break between two citations. A font escape (`\f[B]`, `\f[]`) shows nothing and is
    /// passed over; a ']' that closes a named character (`\[en]` of a range "[3]–[5]") is not the
    /// text's. Nothing before `start` is read.
    static func endsWithTextBracket(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, before end: Int) -> Bool {
        var end = end
        while end > start, bytes[end - 1] == 0x5D {
            // Both escapes are short: the '[' that opens one is at most 4 bytes back, with no ']' between.
            var open = end - 2
            while open >= start, end - 1 - open <= 4, bytes[open] != 0x5B, bytes[open] != 0x5D { open -= 1 }
            guard open > start, end - 1 - open <= 4, bytes[open] == 0x5B else { return true }
            if bytes[open - 1] == 0x5C { return false }  // a named character
            guard open - 1 > start, bytes[open - 1] == 0x66, bytes[open - 2] == 0x5C else { return true }
            end = open - 2  // a font: what comes before it
        }
        return false
    }

    /// The requests cmark's man renderer and capdoc's own tables write; any other line that starts
    /// with '.' or '\'' came from prose.
    static let knownRequests: Set<String> = ["PP", "P", "SH", "SS", "IP", "RS", "RE", "nf", "fi", "PD", "TS", "TE", "na", "ad", "sp", "nh", "TP", "br", "ll"]

    private static let fillRequest = Array("fi".utf8), noFillRequest = Array("nf".utf8)
    /// `.ll` is known only as a table writes it (`TableWriter`): one en less, one en more. Any other
    /// line length came from prose, which must not narrow the page.
    private static let lineLengthRequest = Array("ll".utf8)
    private static let tableLineLengths = [Array(".ll -1n".utf8), Array(".ll +1n".utf8)]

    /// `knownRequests` as numbers, each name's length then its bytes (two at most): a String made of
    /// each request's name to look it up was most of this pass.
    private static let knownRequestCodes = Set(knownRequests.map { requestCode(Array($0.utf8)[...]) })

    private static func requestCode(_ name: some Collection<UInt8>) -> Int {
        name.reduce(name.count) { $0 << 8 | Int($1) }
    }

    private static func isKnownRequest(_ name: some Collection<UInt8>) -> Bool {
        name.count <= 2 && knownRequestCodes.contains(requestCode(name))
    }

    /// Prefixes `\&` to every line that would be a request but did not come from cmark or capdoc,
    /// and to every line of a no-fill (code) block except its end.
    static func defuseRequests(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { bytes in
            var inCode = false
            var output: [UInt8] = []
            var copied = 0  // bytes before this index are in `output` (once a line was defused)
            forEachLine(bytes) { line in
                guard let first = line.first, first == 0x2E || first == 0x27 else { return }
                let nameEnd = line.dropFirst().firstIndex { $0 == 0x20 || $0 == 0x09 } ?? line.endIndex
                let name = line[(line.startIndex + 1)..<nameEnd]
                if inCode {
                    if first == 0x2E, name.elementsEqual(fillRequest) { inCode = false; return }
                } else if first == 0x2E, isKnownRequest(name),
                    !name.elementsEqual(lineLengthRequest) || tableLineLengths.contains(where: { line.elementsEqual($0) })
                {
                    if name.elementsEqual(noFillRequest) { inCode = true }
                    return
                }
                if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
                output.append(contentsOf: bytes[copied..<line.startIndex])
                output.append(contentsOf: [0x5C, 0x26])  // `\&`
                copied = line.startIndex
            }
            guard copied > 0 || !output.isEmpty else { return Array(bytes) }
            output.append(contentsOf: bytes[copied...])
            return output
        }
    }

    /// Every '#' followed by a break point (`\:`): a claim reference `source#claim` may wrap there.
    static func breakableReferences(_ bytes: [UInt8]) -> [UInt8] {
        // The text between two '#' is copied at once: byte by byte, this pass cost as much as all the others.
        bytes.withUnsafeBufferPointer { buffer in
            guard var found = ByteText.firstIndex(of: 0x23, in: buffer, from: 0) else { return bytes }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 64)
            var copied = 0
            while true {
                output.append(contentsOf: buffer[copied...found])
                output += [0x5C, 0x3A]
                copied = found + 1
                guard let next = ByteText.firstIndex(of: 0x23, in: buffer, from: copied) else { break }
                found = next
            }
            output.append(contentsOf: buffer[copied...])
            return output
        }
    }

    /// Calls `body` with each line of the text, without its newline (empty lines included).
    private static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
        var start = 0
        while start <= bytes.count {
            let end = ByteText.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
            body(bytes[start..<end])
            start = end + 1
        }
    }

    static func dropParagraphAfterHeadings(_ text: [UInt8]) -> [UInt8] {
        text.withUnsafeBufferPointer { bytes in
            // The page is copied in runs between the lines dropped (each with the newline before it):
            // copied line by line, this pass cost as much as rendering the page's text.
            var output: [UInt8] = []
            var copied = 0  // bytes before this index are in `output` (once a line was dropped)
            var previousIsParagraph = false  // the last line kept is `.PP`
            // After a bare `.SH`/`.SS` (cmark's form), the next line is the heading's text.
            var headingTextPending = false
            var afterHeading = false
            forEachLine(bytes) { line in
                let kind = RequestLine(line)
                let isParagraph = kind == .paragraph
                // The first line is never dropped (neither holds before it), so a newline precedes a dropped one.
                if isParagraph && (afterHeading || previousIsParagraph) {
                    if output.isEmpty { output.reserveCapacity(bytes.count) }
                    output.append(contentsOf: bytes[copied..<(line.startIndex - 1)])
                    copied = line.endIndex
                    return
                }
                previousIsParagraph = isParagraph
                if kind == .bareHeading {
                    headingTextPending = true
                    afterHeading = false
                } else if headingTextPending {
                    headingTextPending = false
                    afterHeading = true
                } else {
                    afterHeading = kind == .headingWithText
                }
            }
            guard copied > 0 else { return text }
            output.append(contentsOf: bytes[copied...])
            return output
        }
    }

    /// What `dropParagraphAfterHeadings` needs to know of a line, read from its first four bytes: most
    /// lines of a page (table rows) are told apart by their first byte. Comparing every line with five
    /// arrays cost as much as the rest of the pass.
    private enum RequestLine {
        /// `.PP`, alone on its line.
        case paragraph
        /// `.SH` or `.SS` alone: cmark's form, whose text is the next line.
        case bareHeading
        /// `.SH text` or `.SS text`.
        case headingWithText
        case other

        init(_ line: Slice<UnsafeBufferPointer<UInt8>>) {
            let start = line.startIndex
            guard line.count >= 3, line[start] == 0x2E else { self = .other; return }  // "."
            let (first, second) = (line[start + 1], line[start + 2])
            if first == 0x50, second == 0x50 {  // "PP"
                self = line.count == 3 ? .paragraph : .other
            } else if first == 0x53, second == 0x48 || second == 0x53 {  // "SH", "SS"
                self = line.count == 3 ? .bareHeading : line[start + 3] == 0x20 ? .headingWithText : .other
            } else {
                self = .other
            }
        }
    }

    /// A complete man page: title line, NAME, the body, SEE ALSO — as bytes, from the body's, since a man
    /// page goes to its file as they are.
    /// `seeAlso`: the pages SEE ALSO names, each with its section.
    static func page(
        name: String, section: String, date: String, title: String, description: String, body: [UInt8], seeAlso: [(name: String, section: String)]
    ) -> [UInt8] {
        let source = "capdoc \(Capdoc.version)"
        let header = titleLine(name: name, section: section, date: date, source: source, manual: title)
        var text: [UInt8] = []
        text += ".TH \"\(roffQuoted(header.title))\" \"\(section)\" \"\(roffQuoted(date))\" \"\(source)\" \"\(roffQuoted(header.manual))\"\n.nh\n.ad l\n".utf8
        text += ".SH NAME\n\\%\(roffText(name)) \\- \(roffText(description))\n".utf8
        // One pass of dropParagraphAfterHeadings over the whole page, below, covers the body too.
        text += breakableURLs(breakableReferences(fixFonts(defuseRequests(body))))
        if text.last != 0x0A { text.append(0x0A) }
        if !seeAlso.isEmpty {
            text += ".SH SEE ALSO\n".utf8
            text +=
                (seeAlso.enumerated().map { index, entry in ".BR \(roffText(entry.name)) (\(entry.section))\(index + 1 < seeAlso.count ? "," : "")" }.joined(
                    separator: "\n") + "\n").utf8
        }
        return dropParagraphAfterHeadings(text)
    }

    /// The width man-db gives the title line and the footer at 60 columns (two less; mandoc's is the
    /// full 60), the narrowest terminal the pages are made to fit: the title line does not reflow.
    static let titleLineWidth = 58

    /// The `.TH` title and manual name, so that the header ("NAME(7)  manual  NAME(7)") and the footer
    /// ("source  date  NAME(7)") fit the line without overlapping: a long page name drops the manual
    /// name from the centre, and a name still too long for the footer beside the date is cut, with "...".
    static func titleLine(name: String, section: String, date: String, source: String, manual: String) -> (title: String, manual: String) {
        let width = titleLineWidth
        // The footer's right part must end clear of the centred date.
        let footerRoom = width - (width + date.count + 1) / 2 - 1
        func fits(_ title: String, _ manual: String) -> Bool {
            let side = title.count + section.count + 2
            let header = manual.isEmpty ? 2 * side + 1 <= width : 2 * side + manual.count + 2 <= width
            return header && side <= footerRoom
        }
        let title = name.uppercased()
        if fits(title, manual) { return (title, manual) }
        if fits(title, "") { return (title, "") }
        let room = footerRoom - section.count - 2 - 3
        return (String(title.prefix(max(1, room))) + "...", "")
    }

    /// Text on a line of its own: backslashes escaped, and a leading '.' or '\'' defused.
    static func roffText(_ text: String) -> String {
        var escaped =
            asciiReplacing(text, roffTextEscapes)
            ?? text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// Text inside a double-quoted macro argument.
    static func roffQuoted(_ text: String) -> String {
        asciiReplacing(text, roffQuotedEscapes)
            ?? text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq").replacingOccurrences(of: "\n", with: " ")
    }

    /// `roffText`'s replacements, each byte once (the '\\' of an `\e` it writes is not replaced again).
    private static let roffTextEscapes = ByteReplacements([0x5C: "\\e", 0x0A: " ", 0x2D: "\\-"])
    private static let roffQuotedEscapes = ByteReplacements([0x5C: "\\e", 0x22: "\\(dq", 0x0A: " "])

    /// The replacements done on an ASCII text's bytes, nil for any other text. Foundation's
    /// `replacingOccurrences` (a tenth of a man page's post-processing, for its NAME and SEE ALSO lines)
    /// matches whole Characters: in ASCII a Character is a byte, but for "\r\n", where it still
    /// replaces the "\n" (as this does); past ASCII, a '-' or '\\' before a combining mark is not
    /// matched, so other text keeps Foundation's rules.
    static func asciiReplacing(_ text: String, _ replacements: ByteReplacements) -> String? {
        ByteText.withBytes(text) { bytes in bytes.allSatisfy { $0 < 0x80 } } ? ByteText.replacing(text, replacements) : nil
    }
}
