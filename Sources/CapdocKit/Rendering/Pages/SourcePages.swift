/// A page for each source with its claims, the conflicts page, and the checks reference.
extension PageContext {
    func scopeText(_ claim: Claim) -> String {
        var parts: [String] = []
        switch claim.scope.platforms {
        case .silent: parts.append("platforms not named")
        case .all: parts.append("every platform")
        case let .named(ids): parts.append(ids.map { name(.platform, $0.value) }.joined(separator: ", "))
        }
        if claim.fact.takesLevels {
            switch claim.scope.levels {
            case .silent: parts.append("levels not named")
            case .all: parts.append("every level")
            case let .named(ids): parts.append(ids.map { name(.level, $0.value) }.joined(separator: ", "))
            }
        }
        if !claim.scope.os.isUnbounded { parts.append(claim.scope.os.description) }
        return parts.joined(separator: "; ")
    }

    func subjectInlines(_ claim: Claim) -> [Inline] {
        if let topic = claim.topic { return [.text(topic)] }
        if claim.fact.isFlow, let from = claim.fromState, let trigger = claim.trigger?.value {
            return flowSubjectInlines(from: from, trigger: trigger, choice: claim.choice?.value, prompt: claim.fact == .prompt)
        }
        guard let kind = claim.fact.subjectKind else { return [.text("—")] }
        // Choices have no pages of their own: a button's title leads to the flow page's choices.
        if kind == .choice, case let .named(ids) = claim.scope.subjects {
            return inlineList(ids.map { .link([.text(name(.choice, $0.value))], .page(PageRef.flow.with(fragment: "choices"))) })
        }
        switch claim.scope.subjects {
        case .silent: return [.text("—")]
        case .all: return [.text("all \(kind.plural)")]
        case let .named(ids):
            return ids.enumerated().flatMap { index, id in
                (index > 0 ? [Inline.text(", ")] : []) + [vocabulary.contains(kind, id.value) ? link(kind, id.value) : .text(id.value)]
            }
        }
    }

    func valueInlines(_ value: ClaimValue) -> [Inline] {
        switch value {
        case let .boolean(flag): [.value(flag ? .yes : .no, [.text(flag ? "Yes" : "No")])]
        case let .keys(keys): keys.enumerated().flatMap { index, key in (index > 0 ? [Inline.text(", ")] : []) + [link(.key, key)] }
        case let .text(text): [.markdown(text)]
        case let .transition(outcome): transitionInlines(outcome)
        }
    }

    /// "Article; copy of 2026-11-22" — what kind of page it is and how old the copy is.
    func sourceDescription(_ source: Source) -> String {
        var parts = [source.kind.prefix(1).uppercased() + source.kind.dropFirst()]
        if let edition = source.edition { parts.append(edition) }
        if let date = source.date { parts.append("copy of \(date)") }
        return parts.joined(separator: "; ")
    }

    /// A source's page: what it states, claim by claim, for readers; then, clearly apart, how it was
    /// encoded (its summary and the claims' notes), which is for the maintainers of Content.
    func sourcePage(_ source: Source) -> Page {
        let lead: [Block] = [
            .paragraph([.text("\(vocabulary.domain.vendorPossessive) page: "), .link([.text(source.url)], .external(source.url))]),
            .paragraph([.text(sourceDescription(source) + ".")]),
        ]
        let table = Table(
            caption: "Claims of \(source.displayTitle)", columns: ["Claim", "Fact", "About", "Scope", "Value", "Quote"],
            rows: source.claims.map { claim in
                TableRow(
                    header: TableCell([.code(claim.id.value)]),
                    cells: [
                        TableCell([.text(vocabulary.domain.title(claim.fact))]), TableCell(subjectInlines(claim)), TableCell(text: scopeText(claim)),
                        TableCell(valueInlines(claim.value.value)), TableCell([.text("“\(claim.quote.value)”")]),
                    ],
                    anchor: "claim-" + claim.id.value)
            })
        var body: [Block] = [.heading(2, "Claims", anchor: "claims"), .table(table)]
        let notes = source.claims.filter { $0.note != nil }
        if source.summary != nil || !notes.isEmpty {
            body.append(.heading(2, Self.maintainerHeading, anchor: Self.maintainerAnchor))
            body.append(
                .paragraph([
                    .emphasis([.text("For the maintainers of the data: how this page was read and encoded. It may name working files and earlier copies.")])
                ]))
            if let summary = source.summary { body.append(.markdown(summary)) }
            if !notes.isEmpty { body.append(.list(notes.map { [.code($0.id.value), .text(": "), .markdown($0.note!)] })) }
        }
        return Page(
            ref: PageRef("sources", source.id.value), title: source.displayTitle, description: "What \(source.displayTitle) states, claim by claim.",
            blocks: lead + body)
    }

    /// The section of a source page that holds maintainer notes; the only place they appear.
    static let maintainerHeading = "Maintainer notes"
    static let maintainerAnchor = "maintainer-notes"

    func checksPage() -> Page {
        var blocks: [Block] = [
            .paragraph([.code("capdoc check"), .text(" runs these checks over Content. Each diagnostic ends with the check's id in brackets.")])
        ]
        for check in CheckRegistry.all where check.applies(to: vocabulary.domain) {
            blocks.append(.heading(2, check.id.rawValue, anchor: check.id.rawValue))
            blocks.append(.paragraph([.strong([.text(check.severity == .error ? "Error." : "Warning.")]), .text(" " + check.summary)]))
            blocks.append(.markdown(check.documentation))
        }
        return Page(ref: .checks, title: "Checks", description: "The consistency checks of capdoc check.", blocks: blocks)
    }

    /// Every page of the site, in a fixed order, each built when it is asked for.
    func pageSources() -> [PageSource] {
        let context = self
        var sources: [PageSource] = [
            PageSource(ref: .home) { context.homePage() }, PageSource(ref: .matrix) { context.matrixPage() },
        ]
        // A domain without an authorization flow has no flow page.
        if vocabulary.domain.flow { sources.append(PageSource(ref: .flow) { context.flowPage() }) }
        sources += flowEraSources()
        sources += [
            PageSource(ref: .conflicts) { context.conflictsPage() },
            PageSource(ref: .checks) { context.checksPage() }, PageSource(ref: .about) { context.aboutPage() },
            PageSource(ref: .azIndex) { context.azIndexPage() }, PageSource(ref: .azSources) { context.azSourcesPage() },
        ]
        func add(_ kind: EntityKind, _ build: @escaping @Sendable (PageContext, Entity) -> Page) {
            for entity in vocabulary.all(kind) { sources.append(PageSource(ref: ref(kind, entity.id.value)) { build(context, entity) }) }
        }
        add(.platform) { $0.platformPage($1) }
        add(.level) { $0.levelPage($1) }
        add(.status) { $0.statusPage($1) }
        for (slot, service) in vocabulary.all(.service).enumerated() {
            sources.append(
                PageSource(
                    ref: ref(.service, service.id.value), stage: cellStage(ofService: service.id.value),
                    build: { context.servicePage(service) }, serviceSlot: slot))
        }
        add(.key) { $0.keyPage($1) }
        add(.request) { $0.requestPage($1) }
        add(.api) { $0.apiPage($1) }
        add(.bundle) { $0.bundlePage($1) }
        for source in compiled.model.sources { sources.append(PageSource(ref: PageRef("sources", source.id.value)) { context.sourcePage(source) }) }
        sources += deploymentTargetSources()
        sources += servicePartSources() + azPartSources() + conflictPartSources()
        return sources
    }

    /// The man page name of the page at `ref` (nil for pages without one), without building the page;
    /// `overview`: the domain's name for the matrix's man page.
    static func manName(for ref: PageRef, overview: String) -> String? {
        if ref.page == .matrix { return overview }
        if ref.page == .flow { return ManPageNames.flow }
        if ref.section == PageContext.targetsSection, !ref.id.isEmpty { return ManPageNames.prefix + "target-" + ref.id }
        if let (overviewRef, number) = ServiceParts.overview(of: ref.page) {
            return manName(for: overviewRef, overview: overview).map { ServiceParts.manName(overview: $0, part: number) }
        }
        guard let kind = ManPageNames.kindsWithPages.first(where: { $0.plural == ref.section }) else { return nil }
        return ManPageNames.entity(kind, ref.id)
    }
}

/// A page of the site, known by where it lives before it is built.
struct PageSource: Sendable {
    let ref: PageRef
    /// When a build renders it (`RenderOrder`): with the services whose cells it shows, or last.
    var stage: RenderStage = .first
    let build: @Sendable () -> Page
    /// For a service's page: the service's place in the vocabulary, whose entry in the dataset a
    /// build writes from the same answers (`AnswerTable`) once the page is made.
    var serviceSlot: Int? = nil
}
