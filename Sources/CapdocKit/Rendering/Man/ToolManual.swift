/// capdoc(1): the command's manual, built like every other page and rendered through cmark.
enum ToolManual {
    static func page(date: String) -> String {
        let commands: [(String, String)] = [
            ("capdoc check [--content DIR] [--archives DIR] [--diagnostics-format human|json] [--warnings-as-errors]",
             "Checks the content folder (default `Content`): structure, references, contradictions between sources, stale adjudications, cross-entity consistency and coverage. Diagnostics go to standard error as `path:line:col: severity: message [check-id]`, with notes at related claims; a summary line goes to standard output. With `--archives`, every quote of a source that names an archive file is looked up in that file."),
            ("capdoc build [--content DIR] [--output DIR] [--templates DIR] [--format json html markdown man]",
             "Checks the content and, when there are no errors, writes the outputs into the output folder (default `_site`): the HTML site, Markdown under `markdown/`, man pages under `man/`, and the JSON dataset `capdoc.json` with its schema. The folder is replaced atomically; a non-empty folder that capdoc did not make is refused. Outputs are byte-identical for the same content."),
        ]
        var blocks: [Block] = [.heading(2, "Synopsis", anchor: nil)]
        blocks += commands.map { .paragraph([.code($0.0)]) }
        blocks.append(.heading(2, "Description", anchor: nil))
        blocks.append(.paragraph([.text("capdoc compiles a model of Apple Core Location authorization facts, each citing the document and the sentence that state it, into a site, Markdown, man pages and a JSON dataset, and reports where the documents contradict each other.")]))
        for command in commands {
            blocks.append(.paragraph([.strong([.text(command.0.split(separator: " ").prefix(2).joined(separator: " "))])]))
            blocks.append(.markdown(command.1))
        }
        blocks.append(.heading(2, "Exit status", anchor: nil))
        blocks.append(.list([[.text("0: success (warnings allowed).")], [.text("1: errors in the content, or a build that could not be written.")], [.text("64: usage error.")]]))
        blocks.append(.heading(2, "Environment", anchor: nil))
        blocks.append(.paragraph([.code("NO_COLOR"), .text(": when set, diagnostics are never coloured. Colour is used only on a terminal.")]))
        let page = Page(ref: PageRef("", "capdoc"), title: "capdoc", description: "compile and check Core Location authorization facts", blocks: blocks)
        let body = PageDocumentBuilder(format: .man, page: page).document().man()
        return ManPostProcessor.page(name: "capdoc", section: "1", date: date, title: "capdoc manual", description: page.description, body: body,
                                     seeAlso: []) + ".PP\nThe overview of the facts is\n.BR \(PageContext.overviewManName) (7).\n"
    }
}
