/// Finds the control characters and bidi overrides that `ControlCharacterCheck` refuses. It lives
/// with the loader, which runs it on every file it parses, so that loading needs nothing of the checks.
enum ControlCharacters {
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
            diagnostics.append(
                Diagnostic(
                    .error,
                    "'\(DisplayText.line(shown))' holds \(found.joined(separator: ", ")): control characters and bidi overrides would act on a terminal or hide text; remove them (tabs and newlines are fine)",
                    at: SourceLocation(path: document.path, line: Int(record.line), column: Int(record.column)),
                    check: .controlCharacter))
        }
        return diagnostics
    }
}
