/// Text from outside capdoc (Content, Info.plists, file names, the command line) made safe to show:
/// every scalar that could act on a terminal or reorder what a reader sees is written visibly, as
/// `\u{1B}`, instead of raw. This is the one place that decides which scalars those are; terminal
/// output, diagnostics, lint reports and the HTML pages all go through it.
///
/// The scalars: the C0 controls (ESC starts sequences that retitle, clear or recolour a terminal;
/// NUL truncates; CR overwrites a line; BEL, BS…), DEL, the C1 controls (U+0080–U+009F, CSI among
/// them), and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make
/// text read in another order than it is stored ("Trojan Source").
public enum DisplayText {
    /// Whether a scalar must not reach a reader raw. Tab and newline are included: `line` escapes
    /// them, `lines` keeps them.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// For one line of output (a message, a path, a key): every unsafe scalar escaped, newlines and
    /// tabs too, so that a value cannot start a line of its own.
    public static func line(_ text: String) -> String {
        escaping(text, keeping: ByteSet())
    }

    /// For a file name that starts a line (`path:line: error: …`): as `line`, and a name starting
    /// with `::` is written `./::…`, the same file. A CI log reads a line starting with `::` as a
    /// command to the runner (GitHub Actions' `::stop-commands::`, `::add-mask::`, `::error`), so
    /// a folder named so in a linted repository could otherwise hide or forge what follows.
    static func lineStart(path: String) -> String {
        let shown = line(path)
        return shown.hasPrefix("::") ? "./" + shown : shown
    }

    /// For text of several lines (a page of Markdown, an answer): every unsafe scalar escaped except
    /// newline and tab, which the text's layout needs.
    public static func lines(_ text: String) -> String {
        escaping(text, keeping: ByteSet([0x0A, 0x09]))
    }

    /// Like `lines`, but a colour or bold escape (SGR: ESC `[` digits and `;` `m`) is kept: for a
    /// stream that may be coloured, whose renderer styled it after escaping every value it shows.
    /// SGR sequences only change how the text looks; any other ESC (a title, a clear, a cursor move)
    /// is still escaped.
    public static func linesKeepingStyles(_ text: String) -> String {
        guard mayHoldUnsafe(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = styleEnd(scalars, from: index) {
                output.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if scalar != "\n" && scalar != "\t" && isUnsafe(scalar) {
                output.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
            index += 1
        }
        return String(output)
    }

    /// The index of the `m` that ends an SGR sequence starting at `start` (an ESC), if it is one.
    private static func styleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start <= 32 {
            switch scalars[index] {
            case "0"..."9", ";": index += 1
            case "m": return index
            default: return nil
            }
        }
        return nil
    }

    /// For HTML: what `lines` escapes, keeping carriage returns too (HTML allows the three). The
    /// escape is plain ASCII without `&<>"`, so it is as safe in an attribute as in text.
    public static func html(_ text: String) -> String {
        escaping(text, keeping: ByteSet([0x0A, 0x09, 0x0D]))
    }

    /// `\u{1B}`: how an unsafe scalar is shown, as Swift writes it, upper-case hex.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `U+001B`, for messages that name a scalar.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Whether the UTF-8 bytes may hold an unsafe scalar: any C0 byte, DEL, or the lead byte of the
    /// C1 controls (0xC2) or of the bidi controls (0xE2). Text without them (nearly all) is returned
    /// as it is without decoding a scalar.
    static func mayHoldUnsafe(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }

    /// The text with every unsafe scalar escaped but the ASCII controls in `kept`.
    private static func escaping(_ text: String, keeping kept: ByteSet) -> String {
        guard holdsUnsafe(text, keeping: kept) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar), !(scalar.isASCII && kept.contains(UInt8(scalar.value))) {
                output.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Whether the text holds an unsafe scalar other than the ASCII controls in `kept`, read from its
    /// UTF-8 bytes: every page of the site passes here, and nearly all hold none.
    private static func holdsUnsafe(_ text: String, keeping kept: ByteSet) -> Bool {
        ByteText.withBytes(text) { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
                let third: UInt8 = index + 2 < bytes.count ? bytes[index + 2] : 0
                switch byte {
                case 0x00..<0x20 where !kept.contains(byte), 0x7F: return true
                case 0xC2 where (0x80...0x9F).contains(next): return true  // U+0080–U+009F
                case 0xE2 where next == 0x80 && (0xAA...0xAE).contains(third): return true  // U+202A–U+202E
                case 0xE2 where next == 0x81 && (0xA6...0xA9).contains(third): return true  // U+2066–U+2069
                default: index += 1
                }
            }
            return false
        }
    }
}
