/// A page for each platform, level, status, service, Info.plist key, request and API (bundle kinds: BundlePages.swift).
extension PageContext {
    func entityPage(_ kind: EntityKind, _ entity: Entity, lead: [Block], body: [Block], book: CitationBook, seeAlso: [PageRef]) -> Page {
        let silent = book.showsUnknown ? silentSources(kind, entity) : []
        return Page(
            ref: ref(kind, entity.id.value), title: entity.name, description: plainSummary(entity.summary),
            blocks: [.markdown(entity.summary)] + applePageLinks(kind, entity.id.value) + lead + body + silent + book.blocks(self),
            manName: ManPageNames.entity(kind, entity.id.value), seeAlso: [.matrix] + seeAlso,
            // The description is the summary's text, which the first block shows.
            leadRepeatsDescription: true)
    }

    /// Where a cell of an entity's page reads "Unknown": the sources about the entity, which were
    /// read and are silent there, so that "Unknown" says what was consulted. Not on platform and level
    /// pages, whose unknown cells are about the services they list (each service's page names its own).
    func silentSources(_ kind: EntityKind, _ entity: Entity) -> [Block] {
        guard kind != .platform, kind != .level else { return [] }
        let sources = sourcesBySubject.sources(kind, entity.id.value).compactMap { sourcesByID[$0] }
        let consulted: [Inline] =
            sources.isEmpty
            ? [.text("No source speaks of it.")]
            : [.text("Pages about it that are silent there: ")]
                + sources.enumerated().flatMap { index, source -> [Inline] in
                    (index > 0 ? [.text(", ")] : []) + [.link([.text(source.displayTitle)], .page(PageRef("sources", source.id.value)))]
                } + [.text(".")]
        return [.paragraph([.strong([.text("Unknown")]), .text(" means that no source decides. ")] + consulted)]
    }

    /// The summary as one line for descriptions; prose is CommonMark, so its text is taken by cmark.
    func plainSummary(_ summary: String) -> String {
        ByteText.collapsingWhitespace(CMarkDocument(markdown: summary).plainText)
    }

    func platformPage(_ platform: Entity) -> Page {
        var book = CitationBook()
        let id = platform.id.value
        let levels = vocabulary.ids(.level)
        var levelRows = levels.map { level in
            TableRow(header: TableCell([link(.level, level)]), cells: [factCell(.levelSupported, subject: level, platform: id, book: &book)])
        }
        // Only where the Content speaks of equivalent levels: a domain without the notion would get a
        // row of "Unknown" on every platform.
        if contentStates(.levelsEquivalent) {
            levelRows.append(
                TableRow(
                    header: TableCell(text: vocabulary.domain.title(.levelsEquivalent)),
                    cells: [factCell(.levelsEquivalent, subject: "", platform: id, book: &book)]))
        }
        var body: [Block] = [
            .heading(2, "Access levels", anchor: "levels"),
            .table(Table(caption: "Access levels on \(platform.name)", columns: ["Level", "Offered"], rows: levelRows)),
        ]
        // Past the threshold the services are in parts (`ServiceListing`), and the page lists them.
        let split = serviceParts.isSplit
        if split {
            body += partsSection(listing(of: ref(.platform, id)))
        } else {
            body += platformServiceBlocks(platform, vocabulary.ids(.service), book: &book)
        }
        body.append(.heading(2, "Authorization statuses", anchor: "statuses"))
        body.append(
            .table(
                Table(
                    caption: "Statuses \(vocabulary.domain.statusAPI) can report on \(platform.name)", columns: ["Status", "Reported"],
                    rows: vocabulary.ids(.status).map { status in
                        TableRow(header: TableCell([link(.status, status)]), cells: [factCell(.statusExists, subject: status, platform: id, book: &book)])
                    })))
        body += notesSection(merge.facts(of: .note).filter { $0.platform == id && noteNamesPlatform($0, id) }, labelPlatforms: false, book: &book)
        let targets = deploymentTargets(id)
        let lead: [Block] =
            targets.isEmpty
            ? []
            : [
                .paragraph(
                    [.text("By \(vocabulary.domain.deploymentTarget) (what holds from that version on): ")]
                        + targets.enumerated().flatMap { index, version -> [Inline] in
                            (index > 0 ? [.text(", ")] : []) + [.link([.text("\(platform.name) \(version)+")], .page(Self.targetRef(id, version)))]
                        })
            ]
        return entityPage(
            .platform, platform, lead: lead, body: body, book: book,
            seeAlso: levels.map { ref(.level, $0) }
                + (split ? [ServiceParts.ref(ref(.platform, id), part: 1)] : vocabulary.ids(.service).map { ref(.service, $0) }))
    }

    /// The listing (and so the parts) of the page at `ref`.
    func listing(of ref: PageRef) -> ServiceListing {
        serviceListings().first { $0.overview == ref }!
    }

    /// The platform page's table of services: the whole page's, or a part's.
    func platformServiceBlocks(_ platform: Entity, _ services: [String], book: inout CitationBook) -> [Block] {
        let id = platform.id.value
        let levels = vocabulary.ids(.level)
        // The relaunch column (under the last level) only where the domain has relaunches.
        let relaunch = vocabulary.domain.relaunch
        return [
            .heading(2, "Services", anchor: "services"),
            .table(
                Table(
                    caption: "\(vocabulary.domain.services) on \(platform.name)",
                    columns: ["Service"] + levels.map { "Under \(name(.level, $0))" } + (relaunch ? ["Relaunch under \(name(.level, levels.last ?? ""))"] : []),
                    rows: services.map { service in
                        TableRow(
                            header: TableCell([link(.service, service)]),
                            cells: levels.map { supportCell(service: service, platform: id, level: $0, book: &book) }
                                + (relaunch ? [relaunchCell(service: service, platform: id, level: levels.last ?? "", book: &book)] : []))
                    })),
            legend,
        ]
    }

    /// The level page's tables of services: the whole page's, or a part's.
    func levelServiceBlocks(_ level: Entity, _ services: [String], book: inout CitationBook) -> [Block] {
        let id = level.id.value
        let platforms = vocabulary.ids(.platform)
        var body: [Block] = [
            .heading(2, "Services", anchor: "services"),
            .table(
                Table(
                    caption: "\(vocabulary.domain.services) with \(level.name) authorization", columns: ["Service"] + platforms.map { name(.platform, $0) },
                    rows: services.map { service in
                        TableRow(
                            header: TableCell([link(.service, service)]),
                            cells: platforms.map { supportCell(service: service, platform: $0, level: id, book: &book) })
                    })),
            legend,
        ]
        // A domain without relaunches has no relaunch table.
        if vocabulary.domain.relaunch {
            body += [
                .heading(2, "Relaunch of a terminated app", anchor: "relaunch"),
                .table(
                    Table(
                        caption: "Services that relaunch a terminated app with \(level.name) authorization",
                        columns: ["Service"] + platforms.map { name(.platform, $0) },
                        rows: services.map { service in
                            TableRow(
                                header: TableCell([link(.service, service)]),
                                cells: platforms.map { relaunchCell(service: service, platform: $0, level: id, book: &book) })
                        })),
            ]
        }
        return body
    }

    func levelPage(_ level: Entity) -> Page {
        var book = CitationBook()
        let id = level.id.value
        let platforms = vocabulary.ids(.platform)
        var body: [Block] = [
            .heading(2, "Platforms", anchor: "platforms"),
            .table(
                Table(
                    caption: "Platforms that offer \(level.name)", columns: ["Platform", "Offered"],
                    rows: platforms.map { platform in
                        TableRow(
                            header: TableCell([link(.platform, platform)]), cells: [factCell(.levelSupported, subject: id, platform: platform, book: &book)])
                    })),
        ]
        // Past the threshold the services are in parts (`ServiceListing`), and the page lists them.
        body += serviceParts.isSplit ? partsSection(listing(of: ref(.level, id))) : levelServiceBlocks(level, vocabulary.ids(.service), book: &book)
        return entityPage(.level, level, lead: [], body: body, book: book, seeAlso: platforms.map { ref(.platform, $0) })
    }

    func statusPage(_ status: Entity) -> Page {
        var book = CitationBook()
        var lead: [Block] = []
        let names = [status.attributes["symbol"], status.attributes["objc"]].compactMap { $0 }
        if !names.isEmpty {
            lead.append(.paragraph([.text("API: ")] + names.enumerated().flatMap { index, name in (index > 0 ? [Inline.text(", ")] : []) + [.code(name)] }))
        }
        let body: [Block] = [
            .heading(2, "Platforms", anchor: "platforms"),
            .table(
                Table(
                    caption: "Where \(vocabulary.domain.statusAPI) can report \(status.name)", columns: ["Platform", "Reported"],
                    rows: vocabulary.ids(.platform).map { platform in
                        TableRow(
                            header: TableCell([link(.platform, platform)]),
                            cells: [factCell(.statusExists, subject: status.id.value, platform: platform, book: &book)])
                    })),
        ]
        return entityPage(
            .status, status, lead: lead, body: body, book: book, seeAlso: vocabulary.ids(.status).filter { $0 != status.id.value }.map { ref(.status, $0) })
    }

    /// A service's page, from its answers in the answer table (which the dataset reads too).
    func servicePage(_ service: Entity) -> Page {
        var book = CitationBook()
        let id = service.id.value
        let levels = vocabulary.ids(.level)
        let answers = answerTable.answers(service: id)
        func cell(_ answer: ServiceAnswers.Answer, _ platform: Int, level: Int = 0) -> TableCell {
            factCell(answer.kind, answers.timeline(answer, platform: platform, level: level), book: &book)
        }
        var lead: [Block] = []
        let platformCount = vocabulary.ids(.platform).count
        if let line = availabilityLine(
            exists: (0..<platformCount).map { answers.timeline(.onPlatform, platform: $0) },
            deprecated: (0..<platformCount).map { answers.timeline(.deprecated, platform: $0) })
        {
            lead.append(line)
        }
        if !service.apis.isEmpty {
            lead.append(
                .paragraph([.text("API: ")] + service.apis.enumerated().flatMap { index, api in (index > 0 ? [Inline.text(", ")] : []) + [.code(api)] }))
        }
        // Past the threshold the matrix is in parts: the service says which part has its rows.
        if let part = serviceParts.isSplit ? serviceParts.part(of: id, size: ServiceParts.Size.matrix) : nil {
            lead.append(
                .paragraph(
                    [.text("In the matrix: ")]
                        + levels.enumerated().flatMap { index, level -> [Inline] in
                            (index > 0 ? [.text(", ")] : []) + [
                                .link([.text("under \(name(.level, level))")], .page(ServiceParts.ref(.matrix, part: part).with(fragment: "\(level)-\(id)")))
                            ]
                        } + [.text(" (part \(part)).")]))
        }
        let platforms = vocabulary.ids(.platform)
        var body: [Block] = [
            .heading(2, "Platforms and levels", anchor: "support"),
            .table(
                Table(
                    caption: "\(service.name) by platform and access level",
                    columns: ["Platform", "API exists", "Deprecated"] + levels.map { "Under \(name(.level, $0))" }
                        + (vocabulary.domain.relaunch ? levels.map { "Relaunch under \(name(.level, $0))" } : []),
                    rows: platforms.enumerated().map { position, platform in
                        TableRow(
                            header: TableCell([link(.platform, platform)]),
                            cells: [cell(.onPlatform, position), cell(.deprecated, position)]
                                + levels.map { supportCell(service: id, platform: platform, level: $0, book: &book) }
                                + (vocabulary.domain.relaunch ? levels.map { relaunchCell(service: id, platform: platform, level: $0, book: &book) } : []))
                    })),
        ]
        body.append(legend)
        // Sections and columns for concepts a domain may lack appear only where its Content states them.
        if contentStates(.worksWithReducedAccuracy) {
            body.append(.heading(2, "Reduced accuracy", anchor: "reduced-accuracy"))
            body.append(
                .table(
                    Table(
                        caption: "\(service.name) when the user grants only reduced accuracy",
                        columns: ["Platform", "Works with reduced accuracy"] + levels.map { "Under \(name(.level, $0)), reduced" },
                        rows: platforms.enumerated().map { position, platform in
                            // Whether it works, through the gates reduced accuracy adds, citing what decides that: the
                            // dataset's `availableWithReducedAccuracy`. (The relaunch and the deprecation, which the
                            // matrix cell reads too, say nothing about it.) The platform is linked in the first table
                            // only: the same seven links again would be seven more keyboard stops, leading nowhere new.
                            TableRow(
                                header: TableCell(text: name(.platform, platform)),
                                cells: [cell(.worksWithReducedAccuracy, position)]
                                    + levels.indices.map { cell(.availableWithReducedAccuracy, position, level: $0) })
                        })))
        }
        // An answer given per level (the explicit request) is one answer where the levels the platform
        // offers agree, and "When In Use: … · Always: …" where they differ; a level the platform never
        // offers (Always on tvOS) is left out, as its support column already says.
        func behaviourCell(_ answer: ServiceAnswers.Answer, _ position: Int, platform: String) -> TableCell {
            guard answer.perLevel else { return cell(answer, position) }
            let offered = levels.indices.filter { level in
                answerTable.timeline(.levelSupported, subject: levels[level], platform: platform).contains { $0.answer == .value(.boolean(true)) }
            }
            let shown = offered.isEmpty ? Array(levels.indices) : offered
            // The same timeline under every level shown (versions, answers and the claims that decide
            // them, which is all a cell shows): one cell.
            let timelines = shown.map { answers.timeline(answer, platform: position, level: $0) }
            let agree = timelines.dropFirst().allSatisfy { other in
                other.count == timelines[0].count
                    && zip(other, timelines[0]).allSatisfy { $0.os == $1.os && $0.answer == $1.answer && $0.deciding == $1.deciding }
            }
            if agree { return cell(answer, position, level: shown[0]) }
            var content: [Inline] = [], glance: [Inline] = [], summarized = false
            for (index, level) in shown.enumerated() {
                let part = cell(answer, position, level: level)
                let label = Inline.text("\(index > 0 ? " · " : "")\(name(.level, levels[level])): ")
                content += [label] + part.content
                glance += [label] + (part.summary ?? part.content)
                summarized = summarized || part.summary != nil
            }
            var combined = TableCell(content)
            combined.summary = summarized ? glance : nil
            return combined
        }
        let behaviour: [(FactKind, ServiceAnswers.Answer, String)] = [
            (.explicitRequestRequired, .explicitRequestRequired, "Explicit request required"), (.optOutKey, .optOutKey, "Opt-out key"),
            (.backgroundModeRequired, .backgroundModeRequired, "Background mode required"),
            (.backgroundDelivery, .backgroundDelivery, "Delivers in the background"),
        ].filter { contentStates($0.0) }
        if !behaviour.isEmpty {
            body.append(.heading(2, "Authorization and background", anchor: "behaviour"))
            body.append(
                .table(
                    Table(
                        caption: "What \(service.name) asks of an app", columns: ["Platform"] + behaviour.map(\.2),
                        rows: platforms.enumerated().map { position, platform in
                            TableRow(
                                header: TableCell(text: name(.platform, platform)),
                                cells: behaviour.map { behaviourCell($0.1, position, platform: platform) })
                        })))
        }
        body += notesSection(serviceNotes(id), book: &book)
        return entityPage(.service, service, lead: lead, body: body, book: book, seeAlso: levels.map { ref(.level, $0) })
    }

    func keyPage(_ key: Entity) -> Page {
        var book = CitationBook()
        let id = key.id.value
        let alternative: [Inline] = key.attributes["alternative-type"].map { [.text(" or "), .code($0)] } ?? []
        var lead: [Block] = [
            .paragraph(
                [.text("Type: "), .code(key.attributes["type"] ?? "string")] + alternative
                    + (key.attributes["label"].map { [.text(". Xcode shows it as “\($0)”.")] } ?? [.text(".")]))
        ]
        let requests = vocabulary.ids(.request).filter { request in
            merge.facts(of: .requestKeys).contains { $0.subject == request && { if case let .keys(keys) = $0.value { keys.contains(id) } else { false } }($0) }
        }
        if !requests.isEmpty {
            lead.append(
                .paragraph(
                    [.text("Needed by: ")]
                        + requests.enumerated().flatMap { index, request in (index > 0 ? [Inline.text(", ")] : []) + [link(.request, request)] }
                        + [.text(" (where and when: see each request).")]))
        }
        lead += promptLinks(showing: id)
        let body: [Block] = [
            .heading(2, "Platforms", anchor: "platforms"),
            .table(
                Table(
                    caption: "\(id) by platform", columns: ["Platform", "Read by the system", "Deprecated"],
                    rows: vocabulary.ids(.platform).map { platform in
                        TableRow(
                            header: TableCell([link(.platform, platform)]),
                            cells: [
                                factCell(.keyExists, subject: id, platform: platform, book: &book),
                                factCell(.keyDeprecated, subject: id, platform: platform, book: &book),
                            ])
                    })),
        ]
        return entityPage(.key, key, lead: lead, body: body, book: book, seeAlso: requests.map { ref(.request, $0) })
    }

    func requestPage(_ request: Entity) -> Page {
        var book = CitationBook()
        let id = request.id.value
        var lead: [Block] = []
        if let api = request.attributes["api"] { lead.append(.paragraph([.text("API: "), .code(api)])) }
        lead += promptLinks(madeBy: id)
        var body: [Block] = [
            .heading(2, "Platforms", anchor: "platforms"),
            .table(
                Table(
                    caption: "\(request.name) by platform",
                    columns: ["Platform", "Method exists", "Deprecated", "\(Domain.capitalizedFirst(vocabulary.domain.keys)) needed"],
                    rows: vocabulary.ids(.platform).map { platform in
                        TableRow(
                            header: TableCell([link(.platform, platform)]),
                            cells: [
                                factCell(.requestAvailable, subject: id, platform: platform, book: &book),
                                factCell(.requestDeprecated, subject: id, platform: platform, book: &book),
                                factCell(.requestKeys, subject: id, platform: platform, book: &book),
                            ])
                    })),
        ]
        body += plistSnippets(request: id, book: &book)
        let keys = Set(
            merge.facts(of: .requestKeys).filter { $0.subject == id }.flatMap { fact -> [String] in
                if case let .keys(keys) = fact.value { keys } else { [] }
            })
        return entityPage(.request, request, lead: lead, body: body, book: book, seeAlso: vocabulary.ids(.key).filter(keys.contains).map { ref(.key, $0) })
    }

    func apiPage(_ api: Entity) -> Page {
        var book = CitationBook()
        let id = api.id.value
        var lead: [Block] = []
        let facts = [api.attributes["category"].map { [Inline.text("Kind: \($0)")] }, api.attributes["framework"].map { [Inline.text("Framework: \($0)")] }]
            .compactMap { $0 }
        let platforms = vocabulary.ids(.platform)
        if let line = availabilityLine(
            exists: platforms.map { answerTable.timeline(.apiAvailable, subject: id, platform: $0) },
            deprecated: platforms.map { answerTable.timeline(.apiDeprecated, subject: id, platform: $0) })
        {
            lead.append(line)
        }
        if let symbol = api.attributes["symbol"] { lead.append(.paragraph([.text("API: "), .code(symbol)])) }
        if !facts.isEmpty {
            lead.append(.paragraph(facts.enumerated().flatMap { index, part in (index > 0 ? [Inline.text(". ")] : []) + part } + [.text(".")]))
        }
        var body: [Block] = [
            .heading(2, "Platforms", anchor: "platforms"),
            .table(
                Table(
                    caption: "\(api.name) by platform", columns: ["Platform", "Exists", "Deprecated"],
                    rows: vocabulary.ids(.platform).map { platform in
                        TableRow(
                            header: TableCell([link(.platform, platform)]),
                            cells: [
                                factCell(.apiAvailable, subject: id, platform: platform, book: &book),
                                factCell(.apiDeprecated, subject: id, platform: platform, book: &book),
                            ])
                    })),
        ]
        // What the sources note about it: notes whose topic is the API's id.
        body += notesSection(merge.facts(of: .note).filter { $0.subject == id }, book: &book)
        return entityPage(.api, api, lead: lead, body: body, book: book, seeAlso: [])
    }
}
