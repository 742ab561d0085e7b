// A structural check: the loader runs it over every scalar of a file it parsed (keys and values),
// because only the loader sees the YAML.

/// A value holds a control character or a bidi override, which no id, title, name, URL, quote or
/// prose has a use for.
public enum ControlCharacterCheck: Check {
    public static let id = "control-character"
    public static let summary = "A value holds a control character or a bidirectional override."
    public static let documentation = """
    No Content value may hold a control character other than tab and newline (a YAML escape such as `"\\e"`, `"\\0"` or `"\\x07"` writes one), DEL, a C1 control (U+0080 to U+009F), or a bidirectional override or isolate (U+202A to U+202E, U+2066 to U+2069). Printed by `capdoc query` or `check`, an escape sequence retitles, clears or recolours the reader's terminal; on a page, NUL cuts text short; a bidi override makes text read in another order than it is written. Tabs and newlines in prose are fine. Remove the character; to mention one, write its name (U+001B) instead.
    """

    /// One diagnostic per scalar (key or value) of the document that holds such a character, at the
    /// scalar's position, naming the first few of them.
    static func diagnostics(in root: YAMLNode) -> [Diagnostic] {
        let document = root.document
        var diagnostics: [Diagnostic] = []
        for record in document.records where record.kind <= YAMLDocument.Record.quotedScalar {
            let text = document.texts[Int(record.start)]
            guard DisplayText.mayHoldUnsafe(text) else { continue }
            var found: [String] = []
            for scalar in text.unicodeScalars where scalar != "\n" && scalar != "\t" && DisplayText.isUnsafe(scalar) {
                let name = DisplayText.name(scalar)
                if !found.contains(name) { found.append(name) }
                if found.count == 4 { break }
            }
            guard !found.isEmpty else { continue }
            let shown = text.unicodeScalars.count > 60 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))) + "…" : text
            diagnostics.append(Diagnostic(
                .error,
                "'\(DisplayText.line(shown))' holds \(found.joined(separator: ", ")): control characters and bidi overrides would act on a terminal or hide text; remove them (tabs and newlines are fine)",
                at: SourceLocation(path: document.path, line: Int(record.line), column: Int(record.column)),
                check: id))
        }
        return diagnostics
    }
}
