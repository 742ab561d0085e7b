/// capdoc(1): the command's manual, built like every other page and rendered through cmark.
enum ToolManual {
    /// `domain`: the Content's words for what its facts are about.
    static func page(date: String, domain: Domain) -> String {
        let commands: [(String, String)] = [
            ("capdoc check [--content DIR] [--archives DIR] [--diagnostics-format human|json] [--warnings-as-errors]",
             "Checks the content folder (default `Content`): structure, references, contradictions between sources, stale adjudications, cross-entity consistency and coverage. Diagnostics go to standard error as `path:line:col: severity: message [check-id]`, with notes at related claims; a summary line goes to standard output. With `--archives`, every quote of a source that names an archive file is looked up in that file."),
            ("capdoc build [--content DIR] [--output DIR] [--templates DIR] [--format json html markdown man]",
             "Checks the content and, when there are no errors, writes the outputs into the output folder (default `_site`): the HTML site, Markdown under `markdown/`, man pages under `man/`, and the JSON dataset `capdoc.json` with its schema. The folder is replaced atomically; a non-empty folder that capdoc did not make is refused. Outputs are byte-identical for the same content."),
            ("capdoc query support SERVICE --platform P --level L [--os V] [--json] [--content DIR]",
             "Whether a service works with an access level on a platform\(domain.relaunch ? ", and whether it relaunches a terminated app" : ""), with the sources. `capdoc query level LEVEL --platform P` tells whether the platform offers the level; `capdoc query keys --request R --platform P` which Info.plist keys a request needs (and which older versions still read)\(domain.flow ? "; `capdoc query flow --from STATE --trigger T [--choice C]` what an authorization call does" : ""). Without `--os` an answer holds for the newest OS version the model knows; with `--json` it is one JSON object, `null` where the sources do not decide. The model is built into capdoc; `--content DIR` reads another one."),
            ("capdoc explain TERM [--content DIR]",
             "Shows the page of an id, Info.plist key or API name (case-insensitive): through man on a terminal, as Markdown otherwise."),
            ("capdoc lint-plist [PLIST...] [--project APP.xcodeproj [--target T] [--configuration C]] [--sources DIR] [--platform P] [--deployment-target V] [--requests R,...] [--format human|json|sarif]",
             "Checks what an app ships against the model: Info.plist files (XML or binary), the Info.plist each target of an Xcode project ships (its file and the keys generated from `INFOPLIST_KEY_*` settings), the localized `InfoPlist.strings` and `InfoPlist.xcstrings` beside them, and, with `--sources`, the \(domain.framework) calls in its Swift and Objective-C code. Errors: missing, empty or invisible, mistyped, misspelled or misplaced usage keys, and services the code uses that do not work under the authorization it asks for. Warnings: deprecated keys and keys no source says the platform reads. The platform, bundle kind and deployment target are read from each input when not given; app extensions make no requests of their own. Each finding is at its `file:line:col` and names its rule and the claims that state it. SARIF 2.1.0 output is for code scanning. Exit status 2 means an input could not be linted."),
        ]
        var blocks: [Block] = [.heading(2, "Synopsis", anchor: nil)]
        blocks += commands.map { .paragraph([.code($0.0)]) }
        blocks.append(.heading(2, "Description", anchor: nil))
        blocks.append(.paragraph([.text("capdoc compiles a model of \(domain.fullName) facts, each citing the document and the sentence that state it, into a site, Markdown, man pages and a JSON dataset, and reports where the documents contradict each other.")]))
        for command in commands {
            blocks.append(.paragraph([.strong([.text(command.0.split(separator: " ").prefix(2).joined(separator: " "))])]))
            blocks.append(.markdown(command.1))
        }
        blocks.append(.heading(2, "Exit status", anchor: nil))
        blocks.append(.list([[.text("0: success (warnings allowed).")], [.text("1: errors in the content or the plist, or a build that could not be written.")], [.text("2: lint-plist could not read an input (plist, project, strings file or sources).")], [.text("64: usage error, or an unknown id (the message suggests the nearest).")], [.text("74: standard output or standard error could not be written (closed, a full disk, or a pipe whose reader left while SIGPIPE is ignored); the output is incomplete. With SIGPIPE at its default, such a pipe ends capdoc by SIGPIPE, as it does other tools.")]]))
        blocks.append(.heading(2, "Environment", anchor: nil))
        blocks.append(.paragraph([.code("NO_COLOR"), .text(": when set, diagnostics are never coloured. Colour is used only on a terminal.")]))
        let page = Page(ref: PageRef("", "capdoc"), title: "capdoc", description: "compile and check \(domain.name) facts", blocks: blocks)
        let body = PageDocumentBuilder(format: .man, page: page).rendered()
        return ManPostProcessor.page(name: "capdoc", section: "1", date: date, title: "capdoc manual", description: page.description, body: body,
                                     seeAlso: []) + ".PP\nThe overview of the facts is\n.BR \(domain.manPage) (7).\n"
    }
}
