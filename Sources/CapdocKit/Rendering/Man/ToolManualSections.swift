/// The parts of capdoc(1) that no command's help holds, written here by hand and only here: what
/// capdoc is, its exit statuses, its environment, and where the facts are. Everything about the
/// commands and their options comes from `ToolDescription`.
enum ToolManualSections {
    /// NAME's description.
    static func summary(_ domain: Domain) -> String { "compile and check \(domain.name) facts" }

    /// The DESCRIPTION's first paragraph, before the commands.
    static func description(_ domain: Domain) -> [Block] {
        [
            .paragraph([
                .text(
                    "capdoc compiles a model of \(domain.fullName) facts, each citing the document and the sentence that state it, into a site, Markdown, man pages and a JSON dataset, and reports where the documents contradict each other."
                )
            ])
        ]
    }

    /// EXIT STATUS and ENVIRONMENT, after the commands.
    static let closing: [Block] = [
        .heading(2, "Exit status", anchor: nil),
        .list([
            [.text("0: success (warnings allowed).")],
            [.text("1: errors in the content or the plist, or a build that could not be written.")],
            [.text("2: lint-plist could not read an input (plist, project, strings file or sources).")],
            [.text("64: usage error, or an unknown id (the message suggests the nearest).")],
            [
                .text(
                    "74: standard output or standard error could not be written (closed, a full disk, or a pipe whose reader left while SIGPIPE is ignored); the output is incomplete. With SIGPIPE at its default, such a pipe ends capdoc by SIGPIPE, as it does other tools."
                )
            ],
        ]),
        .heading(2, "Environment", anchor: nil),
        .paragraph([.code("NO_COLOR"), .text(": when set, diagnostics are never coloured. Colour is used only on a terminal.")]),
    ]

    /// The roff after SEE ALSO: the overview page of the facts.
    static func seeAlso(_ domain: Domain) -> String {
        ".PP\nThe overview of the facts is\n.BR \(ManPostProcessor.roffText(ManPageNames.overview(domain))) (7).\n"
    }
}
