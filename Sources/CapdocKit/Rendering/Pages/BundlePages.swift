/// The page of a kind of bundle (`bundles.yaml`: an App Clip): the access levels it may hold and
/// whether it may run in the background, on the platforms its facts name, and the notes about it.
extension PageContext {
    func bundlePage(_ bundle: Entity) -> Page {
        var book = CitationBook()
        let id = bundle.id.value
        let levels = vocabulary.ids(.level)
        // Only where a source states a limit: App Clips exist on iOS and iPadOS, and a row of
        // "Unknown" for every other platform would read as a gap in Apple's pages.
        let platforms = vocabulary.ids(.platform).filter { platform in
            !merge.facts(.bundleBackground, subject: id, platform: platform).isEmpty
                || levels.contains { !merge.facts(.bundleLevelSupported, subject: id, platform: platform, level: $0).isEmpty }
        }
        var body: [Block] = []
        if !platforms.isEmpty {
            body += [
                .heading(2, "Platforms", anchor: "platforms"),
                .table(
                    Table(
                        caption: "What \(withIndefiniteArticle(bundle.name)) may do, by platform",
                        columns: ["Platform"] + levels.map { "May hold \(name(.level, $0))" } + ["Runs in the background"],
                        rows: platforms.map { platform in
                            TableRow(
                                header: TableCell([link(.platform, platform)]),
                                cells: levels.map { factCell(.bundleLevelSupported, subject: id, platform: platform, level: $0, book: &book) }
                                    + [factCell(.bundleBackground, subject: id, platform: platform, book: &book)])
                        })),
            ]
            let platformNames = platforms.map { name(.platform, $0) }.joined(separator: ", ")
            body.append(
                .paragraph([
                    .text(
                        "In all else, \(withIndefiniteArticle(bundle.name)) is answered as an app: a service works for it where it works for an app under a level it may hold; where it may not run in the background, no update reaches it there and the system doesn't relaunch it for one. The sources speak of it only on \(platformNames)."
                    )
                ]))
        }
        body += notesSection(merge.facts(of: .note).filter { $0.subject == id }, book: &book)
        return entityPage(.bundle, bundle, lead: [], body: body, book: book, seeAlso: [])
    }
}
