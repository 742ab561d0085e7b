// A structural check: the loader runs `ControlCharacters.diagnostics(in:)` over every scalar of a
// file it parsed (keys and values), because only the loader sees the YAML.

/// A value holds a control character or a bidi override, which no id, title, name, URL, quote or
/// prose has a use for.
enum ControlCharacterCheck: Check {
    public static let id = CheckID.controlCharacter
    public static let summary = "A value holds a control character or a bidirectional override."
    static let documentation = """
        No Content value may hold a control character other than tab and newline (a YAML escape such as `"\\e"`, `"\\0"` or `"\\x07"` writes one), DEL, a C1 control (U+0080 to U+009F), or a bidirectional override or isolate (U+202A to U+202E, U+2066 to U+2069). Printed by `capdoc query` or `check`, an escape sequence retitles, clears or recolours the reader's terminal; on a page, NUL cuts text short; a bidi override makes text read in another order than it is written. Tabs and newlines in prose are fine. Remove the character; to mention one, write its name (U+001B) instead.
        """
}
