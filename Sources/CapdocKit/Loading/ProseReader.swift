/// Fields of prose: text that every output renders as CommonMark (notes, summaries, reasons).
extension ValueReader {
    /// The text, as `string` (or `nonEmptyString`) reads it, with an error when its Markdown nests
    /// deeper than the renderers can write in linear time (`ProseNestingCheck`). The text is kept
    /// either way, so that the field reports nothing else; the error stops the build.
    static func prose(_ node: YAMLNode, field: String, allowEmpty: Bool = false, diagnostics: inout [Diagnostic]) -> Located<String>? {
        let text =
            allowEmpty
            ? string(node, field: field, diagnostics: &diagnostics) : nonEmptyString(node, field: field, maximumLength: nil, diagnostics: &diagnostics)
        if let text { checkNesting(text, field: field, diagnostics: &diagnostics) }
        return text
    }

    static func checkNesting(_ text: Located<String>, field: String, diagnostics: inout [Diagnostic]) {
        guard let deep = ProseNesting.firstTooDeep(in: text.value) else { return }
        diagnostics.append(
            Diagnostic(
                .error,
                "'\(field)' nests its Markdown more than \(ProseNesting.mostLevels) levels deep (quotes, lists, emphasis and links inside each other), first at line \(deep.line), column \(deep.column) of its text",
                at: text.location, check: .proseNesting))
    }
}
