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

    /// The width of an example's lines in EXAMPLES: what a 60-column terminal leaves beside the
    /// indent of a code block (7 for the body, 7 for the block), so that no line of one overflows.
    static let exampleWidth = 60 - 2 - 7 - 7

    /// The pages SEE ALSO names first: the matrix (where to start: it names the others), the flow,
    /// and one page of each kind a reader most often opens — a platform, a request, a key.
    static func seeAlso(_ vocabulary: Vocabulary) -> [String] {
        let domain = vocabulary.domain
        let first = [EntityKind.platform, .request, .key].compactMap { kind in vocabulary.all(kind).first.map { ManPageNames.entity(kind, $0.id.value) } }
        return [ManPageNames.overview(domain)] + (domain.flow ? [ManPageNames.flow] : []) + first
    }

    /// Then the programs that show the pages.
    static let readers: [(name: String, section: String)] = [("man", "1"), ("mandoc", "1")]

    /// The roff after SEE ALSO's list: how every page is named, and where to start.
    static func seeAlsoNote(_ vocabulary: Vocabulary) -> String {
        let overview = ManPostProcessor.roffText(ManPageNames.overview(vocabulary.domain))
        let prefix = ManPostProcessor.roffText(ManPageNames.prefix)
        let platform = ManPostProcessor.roffText(vocabulary.ids(.platform).first ?? "ios")
        return """
            .PP
            Each platform, level, status, service, key, API and kind of bundle has a page in section 7, named \(prefix) and its id (a key by its name, a request \(prefix)request\\-ID): \(prefix)\(platform)(7), for one.
            \(overview)(7) is the whole matrix, and where to start.

            """
    }
}
