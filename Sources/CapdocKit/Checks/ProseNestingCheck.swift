// A structural check: the loader reports it while reading each field of prose.

/// Prose (a note, a summary, a ruling's reason) whose Markdown nests too deep to render in linear time.
enum ProseNestingCheck: Check {
    public static let id = CheckID.proseNesting
    public static let summary = "Prose nests its Markdown more than \(ProseNesting.mostLevels) levels deep."
    static let documentation = """
        Notes, summaries and reasons are CommonMark. Each block quote, list, list item, paragraph, heading, emphasis, \
        link and image inside another is a level, and prose may nest at most \(ProseNesting.mostLevels) of them: \
        the Markdown writer's work and the length of its lines grow with the depth, so prose nested as deep as it \
        is long (`***…x…***`, `>>>…`, `[[[…]]]`) would take minutes to build. The diagnostic points at the field \
        and says where in its text the limit is crossed; flatten the Markdown there.
        """
}
