/// The home page and the whole matrix (which is also the man overview page).
extension PageContext {
    /// The man page of the whole matrix, named by the domain.
    var overviewManName: String { vocabulary.domain.manPage }

    func homePage() -> Page {
        let counts = "\(compiled.model.sources.count) sources, \(compiled.model.claims.count) claims, "
            + "\(merge.contradictions.count) contradictions between them, each with a ruling."
        func section(_ title: String, _ kind: EntityKind) -> [Block] {
            // Content without an API list (apis.yaml is optional) gets no empty section.
            guard !vocabulary.all(kind).isEmpty else { return [] }
            return [.heading(2, title, anchor: kind.plural),
             .list(vocabulary.all(kind).map { entity in [link(kind, entity.id.value), .text(" — "), .markdown(entity.summary)] })]
        }
        var blocks: [Block] = [
            .paragraph([.text(vocabulary.domain.summary)]),
            .paragraph([.text(counts)]),
            .list([
                [.link([.text("The whole matrix")], .page(.matrix)), .text(": services × platforms × levels.")],
            ] + (vocabulary.domain.flow ? [
                [.link([.text("Authorization flow")], .page(.flow)), .text(": how the prompts move an app between states, with a diagram.")],
            ] : []) + [
                [.link([.text("Conflicts")], .page(.conflicts)), .text(": where Apple's pages contradict each other, and the ruling on each.")],
                [.link([.text("About the data")], .page(.about)), .text(": what the answers mean, where they come from, and how current they are.")],
            ]),
            .paragraph([.text("Downloads: "), .link([.code("capdoc.json")], .file("capdoc.json")), .text(" (the whole dataset) and its "),
                        .link([.text("JSON Schema")], .file("capdoc.schema.json")), .text("; "),
                        .link([.text("the same pages in Markdown")], .file("markdown/index.md")), .text("; the man pages in "),
                        .link([.code("man/")], .file("man/man7/\(overviewManName).7")), .text(" (read them with "), .code("man -M man \(overviewManName)"), .text(").")]),
        ]
        blocks += section("Platforms", .platform) + section("Access levels", .level) + section("Services", .service)
            + section("Requests", .request) + section("Info.plist keys", .key) + section("Authorization statuses", .status)
            + section("APIs", .api)
        let sources = compiled.model.sources.sorted { ($0.displayTitle.lowercased(), $0.id.value) < ($1.displayTitle.lowercased(), $1.id.value) }
        blocks += [.heading(2, "Sources", anchor: "sources"),
                   .list(sources.map { [.link([.text($0.displayTitle)], .page(PageRef("sources", $0.id.value))), .text(" — " + sourceDescription($0))] })]
        return Page(ref: .home, title: vocabulary.domain.name, description: "\(vocabulary.domain.fullName) facts, each citing its source.", blocks: blocks)
    }

    func matrixPage() -> Page {
        var book = CitationBook()
        let platforms = vocabulary.ids(.platform)
        let platformNames = platforms.map { name(.platform, $0) }
        var blocks: [Block] = [.paragraph([.text("Each cell gives the value at every OS version the sources distinguish; the numbers cite the claims behind it (listed at the end). Every row and cell has a permalink: "), .code("matrix.html#always-region-monitoring"), .text(" for a row, "), .code("matrix.html#always-region-monitoring-ios"), .text(" for one cell.")])]

        blocks.append(.heading(2, "Access levels", anchor: "levels"))
        blocks.append(.table(Table(caption: "Access levels offered by each platform", columns: ["Level"] + platformNames,
                                   rows: vocabulary.ids(.level).map { level in
            TableRow(header: TableCell([link(.level, level)]),
                     cells: platforms.map { factCell(.levelSupported, subject: level, platform: $0, book: &book) })
        })))
        for level in vocabulary.ids(.level) {
            blocks.append(.heading(2, "Services under \(name(.level, level))", anchor: "services-\(level)"))
            blocks.append(.table(Table(caption: "\(vocabulary.domain.services) available with \(name(.level, level)) authorization", columns: ["Service"] + platformNames,
                                       rows: vocabulary.ids(.service).map { service in
                TableRow(header: TableCell([link(.service, service)]),
                         cells: platforms.map { platform in
                             var cell = supportCell(service: service, platform: platform, level: level, book: &book)
                             cell.anchor = "\(level)-\(service)-\(platform)"
                             return cell
                         }, anchor: "\(level)-\(service)")
            })))
        }
        // A domain without relaunches has no relaunch tables.
        for level in vocabulary.ids(.level) where vocabulary.domain.relaunch {
            blocks.append(.heading(2, "Relaunch of a terminated app under \(name(.level, level))", anchor: "relaunch-\(level)"))
            blocks.append(.table(Table(caption: "Services for which the system relaunches a terminated app with \(name(.level, level)) authorization",
                                       columns: ["Service"] + platformNames, rows: vocabulary.ids(.service).map { service in
                TableRow(header: TableCell([link(.service, service)]),
                         cells: platforms.map { platform in
                             var cell = relaunchCell(service: service, platform: platform, level: level, book: &book)
                             cell.anchor = "relaunch-\(level)-\(service)-\(platform)"
                             return cell
                         }, anchor: "relaunch-\(level)-\(service)")
            })))
        }
        blocks.append(.heading(2, "Info.plist keys each request needs", anchor: "keys"))
        blocks.append(.table(Table(caption: "Info.plist keys each authorization request needs", columns: ["Request"] + platformNames,
                                   rows: vocabulary.ids(.request).map { request in
            TableRow(header: TableCell([link(.request, request)]),
                     cells: platforms.map { factCell(.requestKeys, subject: request, platform: $0, book: &book) }, anchor: "keys-\(request)")
        })))
        blocks += book.blocks(self)
        let seeAlso = (vocabulary.domain.flow ? [PageRef.flow] : []) + [EntityKind.platform, .level, .service, .request, .status, .key].flatMap { kind in vocabulary.ids(kind).map { ref(kind, $0) } }
        return Page(ref: .matrix, title: "The \(vocabulary.domain.name) matrix",
                    description: "Services, platforms and access levels of \(vocabulary.domain.name), with their sources.",
                    blocks: blocks, manName: overviewManName, seeAlso: seeAlso)
    }
}
