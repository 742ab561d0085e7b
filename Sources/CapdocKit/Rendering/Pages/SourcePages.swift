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
        switch claim.scope.subjects {
        case .silent: return [.text("—")]
        case .all: return [.text("all \(kind.plural)")]
        case let .named(ids):
            return ids.enumerated().flatMap { index, id in (index > 0 ? [Inline.text(", ")] : []) + [vocabulary.contains(kind, id.value) ? link(kind, id.value) : .text(id.value)] }
        }
    }

    func valueInlines(_ value: ClaimValue) -> [Inline] {
        switch value {
        case let .boolean(flag): [.text(flag ? "Yes" : "No")]
        case let .keys(keys): keys.enumerated().flatMap { index, key in (index > 0 ? [Inline.text(", ")] : []) + [link(.key, key)] }
        case let .text(text): [.markdown(text)]
        case let .transition(outcome): transitionInlines(outcome)
        }
    }

    func sourcePage(_ source: Source) -> Page {
        var lead: [Block] = [.paragraph([.text("Document: "), .link([.text(source.url)], .external(source.url))]),
                             .paragraph([.text("Kind: \(source.kind)" + (source.date.map { "; copy of \($0)" } ?? "") + ".")])]
        if let summary = source.summary { lead.append(.markdown(summary)) }
        let table = Table(caption: "Claims of \(source.title)", columns: ["Claim", "Fact", "About", "Scope", "Value", "Quote"], pivot: "Field",
                          rows: source.claims.map { claim in
            TableRow(header: TableCell([.code(claim.id.value)]),
                     cells: [TableCell([.text(claim.fact.rawValue)]), TableCell(subjectInlines(claim)), TableCell(text: scopeText(claim)),
                             TableCell(valueInlines(claim.value.value)), TableCell([.text("“\(claim.quote.value)”")])],
                     anchor: "claim-" + claim.id.value)
        })
        var body: [Block] = [.heading(2, "Claims", anchor: "claims"), .table(table)]
        let notes = source.claims.filter { $0.note != nil }
        if !notes.isEmpty {
            body.append(.heading(2, "Notes on the encoding", anchor: "notes"))
            body.append(.list(notes.map { [.code($0.id.value), .text(": "), .markdown($0.note!)] }))
        }
        return Page(ref: PageRef("sources", source.id.value), title: source.title, description: "What \(source.title) states, claim by claim.",
                    blocks: lead + body)
    }

    func conflictsPage() -> Page {
        let adjudications = Dictionary(uniqueKeysWithValues: compiled.model.adjudications.map { ($0.id.value, $0) })
        var blocks: [Block] = [.paragraph([.text("Where Apple's documents state different values for the same fact, and the ruling that the model follows. Narrower claims that refine wider ones are not conflicts.")])]
        for (index, contradiction) in merge.contradictions.enumerated() {
            let anchor = "conflict-\(index + 1)"
            var title = contradiction.kind.rawValue
            if contradiction.kind.isFlow {
                title += " " + contradiction.subjects.map { flowSubjectText($0) }.joined(separator: "; ")
            } else if let subjectKind = contradiction.kind.subjectKind {
                title += " of " + contradiction.subjects.map { name(subjectKind, $0) }.joined(separator: ", ")
            }
            blocks.append(.heading(2, title, anchor: anchor))
            var place = "On " + contradiction.platforms.map { platform in
                let ranges = contradiction.ranges[platform] ?? []
                return name(.platform, platform) + (ranges == [.all] ? "" : " (" + ranges.map(versions).joined(separator: ", ") + ")")
            }.joined(separator: ", ")
            if !contradiction.levels.isEmpty { place += ", under " + contradiction.levels.map { name(.level, $0) }.joined(separator: ", ") }
            blocks.append(.paragraph([.text(place + ".")]))
            let claims = contradiction.claims.compactMap { merge.claimsByReference[$0] }
            blocks.append(.table(Table(caption: "The claims that disagree", columns: ["Claim", "Source", "Says", "Quote"], pivot: "Field", rows: claims.map { claim in
                let source = sourcesByID[claim.sourceID]
                return TableRow(header: TableCell([.link([.code(claim.reference)], .page(PageRef("sources", claim.sourceID, fragment: "claim-" + claim.id.value)))]),
                                cells: [TableCell([.link([.text(source?.title ?? claim.sourceID)], .page(PageRef("sources", claim.sourceID)))]),
                                        TableCell(valueInlines(claim.value.value)), TableCell([.text("“\(claim.quote.value)”")])])
            })))
            if let id = contradiction.adjudication, let ruling = adjudications[id] {
                var scope = ""
                if case let .named(platforms) = ruling.platforms { scope = " on " + platforms.map { name(.platform, $0.value) }.joined(separator: ", ") }
                if !ruling.os.isUnbounded { scope += " (\(ruling.os))" }
                blocks.append(.paragraph([.strong([.text("Ruling")]), .text(" (\(id)\(scope)): "), .code(ruling.prevails.value), .text(" prevails.")]))
                blocks.append(.markdown(ruling.reason))
            } else {
                blocks.append(.paragraph([.strong([.text("No ruling yet.")])]))
            }
        }
        return Page(ref: .conflicts, title: "Conflicts between sources", description: "Contradictions between Apple's documents, with the ruling on each.", blocks: blocks)
    }

    func checksPage() -> Page {
        var blocks: [Block] = [.paragraph([.code("capdoc check"), .text(" runs these checks over Content. Each diagnostic ends with the check's id in brackets.")])]
        for check in CheckRegistry.all {
            blocks.append(.heading(2, check.id, anchor: check.id))
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
            PageSource(ref: .flow) { context.flowPage() }, PageSource(ref: .conflicts) { context.conflictsPage() },
            PageSource(ref: .checks) { context.checksPage() }, PageSource(ref: .azIndex) { context.azIndexPage() },
        ]
        func add(_ kind: EntityKind, _ build: @escaping @Sendable (PageContext, Entity) -> Page) {
            for entity in vocabulary.all(kind) { sources.append(PageSource(ref: ref(kind, entity.id.value)) { build(context, entity) }) }
        }
        add(.platform) { $0.platformPage($1) }
        add(.level) { $0.levelPage($1) }
        add(.status) { $0.statusPage($1) }
        add(.service) { $0.servicePage($1) }
        add(.key) { $0.keyPage($1) }
        add(.request) { $0.requestPage($1) }
        add(.api) { $0.apiPage($1) }
        for source in compiled.model.sources { sources.append(PageSource(ref: PageRef("sources", source.id.value)) { context.sourcePage(source) }) }
        return sources
    }

    /// The kinds of entity with a page of their own, in the order their pages are built.
    static let kindsWithPages: [EntityKind] = [.platform, .level, .status, .service, .key, .request, .api]

    /// The man page name of the page at `ref` (nil for pages without one), without building the page.
    static func manName(for ref: PageRef) -> String? {
        if ref.page == .matrix { return overviewManName }
        if ref.page == .flow { return flowManName }
        guard let kind = kindsWithPages.first(where: { $0.plural == ref.section }) else { return nil }
        return manName(kind, ref.id)
    }
}

/// A page of the site, known by where it lives before it is built.
struct PageSource: Sendable {
    let ref: PageRef
    let build: @Sendable () -> Page
}
