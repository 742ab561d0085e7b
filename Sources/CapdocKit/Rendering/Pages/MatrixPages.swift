/// The home page and the whole matrix (which is also the man overview page).
extension PageContext {
    /// The man page of the whole matrix, named by the domain.
    var overviewManName: String { ManPageNames.overview(vocabulary.domain) }

    func homePage() -> Page {
        let counts = contentCounts
        func section(_ title: String, _ kind: EntityKind) -> [Block] {
            // Content without an API list (apis.yaml is optional) gets no empty section.
            guard !vocabulary.all(kind).isEmpty else { return [] }
            return [
                .heading(2, title, anchor: kind.plural),
                .list(vocabulary.all(kind).map { entity in [link(kind, entity.id.value), .text(" — "), .markdown(entity.summary)] }),
            ]
        }
        var blocks: [Block] = [
            .paragraph([.text(vocabulary.domain.summary)]),
            .paragraph([.text(counts)]),
            .list(
                [
                    [.link([.text("The whole matrix")], .page(.matrix)), .text(": services × platforms × levels.")]
                ] + (byDeploymentTarget.map { [$0] } ?? [])
                    + (vocabulary.domain.flow
                        ? [
                            [.link([.text("Authorization flow")], .page(.flow)), .text(": how the prompts move an app between states, with a diagram.")]
                        ] : []) + [
                        [
                            .link([.text("Conflicts")], .page(.conflicts)),
                            .text(": where \(vocabulary.domain.vendorPossessive) pages contradict each other, and the ruling on each."),
                        ],
                        [.link([.text("About the data")], .page(.about)), .text(": what the answers mean, where they come from, and how current they are.")],
                    ]),
            .paragraph([
                .text("Downloads: "), .link([.code("capdoc.json")], .file("capdoc.json")), .text(" (the whole dataset) and its "),
                .link([.text("JSON Schema")], .file("capdoc.schema.json")), .text("; "),
                .link([.text("the same pages in Markdown")], .file("markdown/index.md")), .text("; the man pages in "),
                .link([.code("man/")], .file("man/man7/\(overviewManName).7")), .text(" (read them with "), .code("man -M man \(overviewManName)"), .text(")."),
            ]),
        ]
        // Past the threshold the services are listed in parts (`all-services/3.html`), not here.
        let services =
            serviceParts.isSplit
            ? [.heading(2, "Services", anchor: EntityKind.service.plural)] + partsSection(listing(of: .serviceList)).dropFirst()
            : section("Services", .service)
        blocks +=
            section("Platforms", .platform) + section("Access levels", .level) + services
            + section("Requests", .request) + section(Domain.capitalizedFirst(vocabulary.domain.keys), .key) + section("Authorization statuses", .status)
            + section("APIs", .api) + section("Kinds of bundle", .bundle)
        let sources = compiled.model.sources.sorted { ($0.displayTitle.lowercased(), $0.id.value) < ($1.displayTitle.lowercased(), $1.id.value) }
        blocks += [
            .heading(2, "Sources", anchor: "sources"),
            .list(sources.map { [.link([.text($0.displayTitle)], .page(PageRef("sources", $0.id.value))), .text(" — " + sourceDescription($0))] }),
        ]
        return Page(ref: .home, title: vocabulary.domain.name, description: "\(vocabulary.domain.fullName) facts, each citing its source.", blocks: blocks)
    }

    var matrixTitle: String { "The \(vocabulary.domain.name) matrix" }

    /// "By deployment target: iOS, iPadOS, …": each platform's page lists what holds from each of its
    /// versions on (the deployment-target pages), which the home page and the matrix point to.
    var byDeploymentTarget: [Inline]? {
        let platforms = vocabulary.ids(.platform).filter { !deploymentTargets($0).isEmpty }
        guard !platforms.isEmpty else { return nil }
        return [.text("By \(vocabulary.domain.deploymentTarget) (what an app that supports a version and later can use): ")]
            + platforms.enumerated().flatMap { index, platform in (index > 0 ? [Inline.text(", ")] : []) + [link(.platform, platform)] }
            + [.text(" — each platform's page lists its versions.")]
    }

    /// The values a cell shows, in one line under the matrix's introduction and under the first table of
    /// the service, level and platform pages; About has the whole legend.
    var legend: Block {
        // A gate's name stands for the values a cell shows where what it depends on is missing.
        let gate: [(ValueClass, String, String)] = compiled.model.gates.first.map { [(.na, $0.name, "what it depends on is missing")] } ?? []
        let example = compiled.model.vocabulary.exampleVersion("13.0")
        let values: [(ValueClass, String, String)] =
            [
                (.yes, "Yes", "a source states it"), (.yes, "\(example)+", "yes from \(example) on"), (.no, "No", "a source states the opposite"),
                (.unknown, "Unknown", "no source decides"),
            ]
            + gate + [(.deprecated, "Deprecated", "a source deprecates it")]
        return .paragraph(
            [.text("Legend: ")]
                + values.enumerated().flatMap { index, entry -> [Inline] in
                    (index > 0 ? [.text("; ")] : []) + [.value(entry.0, [.text(entry.1)]), .text(": " + entry.2)]
                } + [.text("; [3] a citation. "), .link([.text("What the values mean")], .page(PageRef.about.with(fragment: "legend"))), .text(".")])
    }

    /// The split matrix's first paragraph: the permalinks are the parts'.
    private var matrixSplitIntro: Block {
        // The example is the first row of the first part, whatever the domain calls its services.
        let row = "matrix/1.html#\(vocabulary.ids(.level).first ?? "")-\(serviceParts.sorted.first ?? "")"
        return .paragraph([
            .text(
                "Each cell gives the value at every OS version the sources distinguish; the numbers cite the claims behind it (on the site a cell shows the newest answer, \"\(compiled.model.vocabulary.exampleVersion("13.0"))+\", and opens to the rest). The services are in parts, listed below; every row and cell of a part has a permalink: "
            ), .code(row), .text(" for a row, "), .code(row + "-" + (vocabulary.ids(.platform).first ?? "")), .text(" for one cell."),
        ])
    }

    func matrixPage() -> Page {
        var book = CitationBook()
        let platforms = vocabulary.ids(.platform)
        let platformNames = platforms.map { name(.platform, $0) }
        // The permalinks' example is a row and a cell of this Content: its last level, its first service.
        let exampleRow = [vocabulary.ids(.level).last, vocabulary.ids(.service).first].compactMap { $0 }.joined(separator: "-")
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "Each cell gives the value at every OS version the sources distinguish; the numbers cite the claims behind it, listed at the end (on the site a cell shows the newest answer, \"\(compiled.model.vocabulary.exampleVersion("13.0"))+\", and opens to the rest). Every row and cell has a permalink: "
                ), .code("matrix.html#\(exampleRow)"), .text(" for a row, "), .code("matrix.html#\(exampleRow)-\(platforms.first ?? "")"),
                .text(" for one cell."),
            ]),
            legend,
            platformFilter,
        ]
        if let byDeploymentTarget { blocks.insert(.paragraph(byDeploymentTarget), at: 1) }

        blocks.append(.heading(2, "Access levels", anchor: "levels"))
        blocks.append(
            .table(
                Table(
                    caption: "Access levels offered by each platform", columns: ["Level"] + platformNames,
                    rows: vocabulary.ids(.level).map { level in
                        TableRow(
                            header: TableCell([link(.level, level)]),
                            cells: platforms.map { factCell(.levelSupported, subject: level, platform: $0, book: &book) })
                    })))
        // Past the threshold the service tables are in parts, and SEE ALSO names the first part
        // instead of every service (20,000 lines of man page).
        let split = serviceParts.isSplit
        if split { blocks[0] = matrixSplitIntro }
        if !split { blocks += matrixServiceBlocks(vocabulary.ids(.service), book: &book) }
        blocks += matrixKeyBlocks(book: &book)
        if split, let listing = serviceListings().first(where: { $0.overview == .matrix }) { blocks += partsSection(listing) }
        blocks += book.blocks(self)
        let kinds: [EntityKind] = split ? [.platform, .level, .request, .status, .key] : [.platform, .level, .service, .request, .status, .key]
        let seeAlso =
            (vocabulary.domain.flow ? [PageRef.flow] : []) + kinds.flatMap { kind in vocabulary.ids(kind).map { ref(kind, $0) } }
            + (split ? [ServiceParts.ref(.matrix, part: 1)] : [])
        return Page(
            ref: .matrix, title: matrixTitle,
            description: "Services, platforms and access levels of \(vocabulary.domain.name), with their sources.",
            blocks: blocks, manName: overviewManName, seeAlso: seeAlso)
    }

    /// The tables that have a row per service: what the matrix's parts hold once it is split.
    func matrixServiceBlocks(_ services: [String], book: inout CitationBook) -> [Block] {
        let platforms = vocabulary.ids(.platform)
        let platformNames = platforms.map { name(.platform, $0) }
        var blocks: [Block] = []
        for level in vocabulary.ids(.level) {
            blocks.append(.heading(2, "Services under \(name(.level, level))", anchor: "services-\(level)"))
            blocks.append(
                .table(
                    Table(
                        caption: "\(vocabulary.domain.services) available with \(name(.level, level)) authorization", columns: ["Service"] + platformNames,
                        rows: services.map { service in
                            TableRow(
                                header: TableCell([link(.service, service)]),
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
            blocks.append(
                .table(
                    Table(
                        caption: "Services for which the system relaunches a terminated app with \(name(.level, level)) authorization",
                        columns: ["Service"] + platformNames,
                        rows: services.map { service in
                            TableRow(
                                header: TableCell([link(.service, service)]),
                                cells: platforms.map { platform in
                                    var cell = relaunchCell(service: service, platform: platform, level: level, book: &book)
                                    cell.anchor = "relaunch-\(level)-\(service)-\(platform)"
                                    return cell
                                }, anchor: "relaunch-\(level)-\(service)")
                        })))
        }
        return blocks
    }

    /// The keys each request needs, by platform: a table that does not grow with the services.
    func matrixKeyBlocks(book: inout CitationBook) -> [Block] {
        let platforms = vocabulary.ids(.platform)
        let platformNames = platforms.map { name(.platform, $0) }
        var blocks: [Block] = []
        blocks.append(.heading(2, "\(Domain.capitalizedFirst(vocabulary.domain.keys)) each request needs", anchor: "keys"))
        blocks.append(
            .table(
                Table(
                    caption: "\(Domain.capitalizedFirst(vocabulary.domain.keys)) each authorization request needs", columns: ["Request"] + platformNames,
                    rows: vocabulary.ids(.request).map { request in
                        TableRow(
                            header: TableCell([link(.request, request)]),
                            cells: platforms.map { factCell(.requestKeys, subject: request, platform: $0, book: &book) }, anchor: "keys-\(request)")
                    })))
        return blocks
    }
}
