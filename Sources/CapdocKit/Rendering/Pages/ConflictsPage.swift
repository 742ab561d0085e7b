/// Anchors of the conflicts page. A conflict is known by the ruling that settles it, so its anchor
/// is the ruling's id: it does not move when another conflict is added.
enum ConflictAnchors {
    static func ruling(_ id: String) -> String { "ruling-" + id }
    static func unresolved(_ claims: [String]) -> String { "unresolved-" + (claims.first ?? "").replacingOccurrences(of: "#", with: "-") }
}

/// The conflicts page: a summary table, then one section per ruling with the claims that disagree.
extension PageContext {
    /// The contradictions a ruling settles, grouped under it in the order the rulings are written.
    struct ConflictGroup: Sendable {
        var anchor: String
        var ruling: Adjudication?
        var contradictions: [Contradiction]
    }

    private func conflictGroups() -> [ConflictGroup] {
        var groups: [ConflictGroup] = []
        var index: [String: Int] = [:]
        for contradiction in merge.contradictions {
            let anchor = contradiction.adjudication.map(ConflictAnchors.ruling) ?? ConflictAnchors.unresolved(contradiction.claims)
            if let existing = index[anchor] { groups[existing].contradictions.append(contradiction); continue }
            index[anchor] = groups.count
            let ruling = contradiction.adjudication.flatMap { id in compiled.model.adjudications.first { $0.id.value == id } }
            groups.append(ConflictGroup(anchor: anchor, ruling: ruling, contradictions: [contradiction]))
        }
        let order = Dictionary(compiled.model.adjudications.enumerated().map { ($1.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        return groups.sorted { (order[$0.ruling?.id.value ?? ""] ?? .max, $0.anchor) < (order[$1.ruling?.id.value ?? ""] ?? .max, $1.anchor) }
    }

    /// "Relaunches a terminated app: Region monitoring, Visits". A ruling about every service (macOS
    /// before the request methods) has thousands of subjects: the title names the first
    /// `titleSubjects` and counts the others, and its section says where.
    private func conflictTitle(_ group: ConflictGroup) -> String {
        let kind = group.contradictions[0].kind
        var subjects: [String] = []
        var seen = Set<String>()
        for contradiction in group.contradictions {
            let names: [String] =
                if kind.isFlow { contradiction.subjects.map { flowSubjectText($0) } } else if let subjectKind = kind.subjectKind {
                    contradiction.subjects.map { name(subjectKind, $0) }
                } else { [] }
            for name in names where seen.insert(name).inserted { subjects.append(name) }
        }
        let title = vocabulary.domain.title(kind)
        guard !subjects.isEmpty else { return title }
        let named =
            subjects.count > Self.titleSubjects
            ? subjects.prefix(Self.titleSubjects - 1) + ["and \(subjects.count - Self.titleSubjects + 1) more"] : subjects[...]
        return title + ": " + named.joined(separator: ", ")
    }

    /// The most subjects a conflict's title names.
    static let titleSubjects = 10

    private func claimsOf(_ group: ConflictGroup) -> [Claim] {
        var seen = Set<String>()
        return group.contradictions.flatMap(\.claims).filter { seen.insert($0).inserted }.compactMap { merge.claimsByReference[$0] }
    }

    private func place(_ contradiction: Contradiction) -> String {
        var place = contradiction.platforms.map { platform in
            let ranges = contradiction.ranges[platform] ?? []
            return name(.platform, platform) + (ranges == [.all] ? "" : " (" + ranges.map(versions).joined(separator: ", ") + ")")
        }.joined(separator: ", ")
        if !contradiction.levels.isEmpty { place += ", under " + contradiction.levels.map { name(.level, $0) }.joined(separator: ", ") }
        return place
    }

    /// Titles that tell the conflicts apart: two about the same fact and subject add where they are.
    private func conflictTitles(_ groups: [ConflictGroup]) -> [String] {
        let plain = groups.map(conflictTitle)
        var counts: [String: Int] = [:]
        for title in plain { counts[title, default: 0] += 1 }
        return zip(groups, plain).map { group, title in
            counts[title]! > 1 ? title + " — " + place(group.contradictions[0]) : title
        }
    }

    /// What the model holds, in one sentence that the home, About and conflicts pages all show, so
    /// that no two of them count differently: a ruling may settle several contradictions (one per
    /// platform or subject it covers).
    var contentCounts: String {
        let model = compiled.model
        let open = merge.contradictions.count { $0.adjudication == nil }
        let found = "\(model.sources.count) sources, \(model.claims.count) claims, "
        guard !merge.contradictions.isEmpty else { return found + "and no contradictions between them." }
        return found + "\(merge.contradictions.count) contradictions between them, "
            + (open == 0 ? "settled by \(model.adjudications.count) rulings." : "\(open) of them without a ruling yet.")
    }

    func conflictsPage() -> Page {
        let groups = conflictGroups()
        let titles = conflictTitles(groups)
        let split = groups.count > Self.conflictPartSize
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "Where \(vocabulary.domain.vendorPossessive) documents state different values for the same fact, and the ruling the model follows. A claim that narrows a wider one (a version, a platform) refines it and is no conflict. Each ruling keeps its anchor on this page."
                )
            ]),
            .paragraph([.text(contentCounts)]),
        ]
        blocks.append(
            .table(
                Table(
                    caption: "Conflicts and their rulings", columns: ["Conflict", "Pages that disagree", "Ruling"],
                    rows: zip(groups, titles).enumerated().map { index, pair in
                        let (group, title) = pair
                        let claims = claimsOf(group)
                        var pages: [String] = []
                        for claim in claims where !pages.contains(claim.sourceID) { pages.append(claim.sourceID) }
                        let pageLinks = pages.enumerated().flatMap { index, id in
                            (index > 0 ? [Inline.text("; ")] : []) + [.link([.text(sourcesByID[id]?.displayTitle ?? id)], .page(PageRef("sources", id)))]
                        }
                        var ruling: [Inline] = [.strong([.text("No ruling yet")])]
                        if let adjudication = group.ruling, let prevailing = merge.claimsByReference[adjudication.prevails.value] {
                            ruling =
                                valueInlines(prevailing.value.value) + [
                                    .text(", as "),
                                    .link(
                                        [.text(sourcesByID[prevailing.sourceID]?.displayTitle ?? prevailing.sourceID)],
                                        .page(PageRef("sources", prevailing.sourceID, fragment: "claim-" + prevailing.id.value))), .text(" says"),
                                ]
                        }
                        // Split, the row keeps the ruling's anchor (cells link to `conflicts.html#ruling-…`) and
                        // leads to the ruling's section in its part.
                        let part = split ? index / Self.conflictPartSize + 1 : nil
                        return TableRow(
                            header: TableCell([
                                .link(
                                    [.text(title)], .page((part.map { PageRef(PageRef.conflicts.id, String($0)) } ?? .conflicts).with(fragment: group.anchor)))
                            ]),
                            cells: [TableCell(pageLinks), TableCell(ruling)], anchor: part == nil ? nil : group.anchor)
                    })))
        if split {
            let count = (groups.count + Self.conflictPartSize - 1) / Self.conflictPartSize
            blocks.append(.heading(2, "Parts", anchor: "parts"))
            blocks.append(
                .paragraph([
                    .text(
                        "\(groups.count) conflicts, too many for one page: each ruling, its claims and its reason are in the parts, \(Self.conflictPartSize) to a part, in the order of the rulings."
                    )
                ]))
            blocks.append(
                .list(
                    (1...count).map { number in
                        let first = titles[(number - 1) * Self.conflictPartSize], last = titles[min(groups.count, number * Self.conflictPartSize) - 1]
                        return [.link([.text("Part \(number)")], .page(PageRef(PageRef.conflicts.id, String(number)))), .text(": \(first) to \(last)")]
                    }))
        } else {
            blocks += conflictSections(groups, titles)
        }
        return Page(
            ref: .conflicts, title: "Conflicts between sources",
            description: "Contradictions between \(vocabulary.domain.vendorPossessive) documents, with the ruling on each.",
            blocks: blocks)
    }

    /// Past this many conflicts the page lists them and their sections go in parts of this many
    /// (`conflicts/2.html`): a section is about 2 KB of HTML, and rulings are numbered in the order they
    /// are written, so a new one goes in the last part.
    static let conflictPartSize = 100

    /// The pages of the conflicts' parts; none while they fit on one page.
    func conflictPartSources() -> [PageSource] {
        // Worked out once for all the parts, not once per part.
        let groups = conflictGroups()
        let count = groups.count
        guard count > Self.conflictPartSize else { return [] }
        let context = self
        let titles = conflictTitles(groups)
        return (1...((count + Self.conflictPartSize - 1) / Self.conflictPartSize)).map { number in
            PageSource(ref: PageRef(PageRef.conflicts.id, String(number))) { context.conflictPartPage(number, groups: groups, titles: titles) }
        }
    }

    func conflictPartPage(_ number: Int, groups: [ConflictGroup], titles: [String]) -> Page {
        let count = (groups.count + Self.conflictPartSize - 1) / Self.conflictPartSize
        let range = ((number - 1) * Self.conflictPartSize)..<min(groups.count, number * Self.conflictPartSize)
        var navigation: [Inline] = [.link([.text("All conflicts")], .page(.conflicts))]
        if number > 1 { navigation += [.text(" · "), .link([.text("← Part \(number - 1)")], .page(PageRef(PageRef.conflicts.id, String(number - 1))))] }
        if number < count { navigation += [.text(" · "), .link([.text("Part \(number + 1) →")], .page(PageRef(PageRef.conflicts.id, String(number + 1))))] }
        let blocks: [Block] = [.paragraph(navigation)] + conflictSections(Array(groups[range]), Array(titles[range])) + [.paragraph(navigation)]
        return Page(
            ref: PageRef(PageRef.conflicts.id, String(number)), title: "Conflicts between sources, part \(number) of \(count)",
            description:
                "Contradictions between \(vocabulary.domain.vendorPossessive) documents, with the ruling on each: \(titles[range.lowerBound]) to \(titles[range.upperBound - 1]).",
            blocks: blocks)
    }

    /// Each conflict's section: where, the claims that disagree, the ruling and its reason.
    private func conflictSections(_ groups: [ConflictGroup], _ titles: [String]) -> [Block] {
        var blocks: [Block] = []
        for (group, title) in zip(groups, titles) {
            blocks.append(.heading(2, title, anchor: group.anchor))
            var places: [String] = []
            for contradiction in group.contradictions {
                let text = place(contradiction)
                if !places.contains(text) { places.append(text) }
            }
            blocks.append(.paragraph([.text("Where: " + places.joined(separator: "; ") + ".")]))
            let prevails = group.ruling?.prevails.value
            blocks.append(
                .table(
                    Table(
                        caption: "The claims that disagree", columns: ["Source", "Says", "Quote"],
                        rows: claimsOf(group).map { claim in
                            let source = sourcesByID[claim.sourceID]
                            var header: [Inline] = [
                                .link(
                                    [.text(source?.displayTitle ?? claim.sourceID)],
                                    .page(PageRef("sources", claim.sourceID, fragment: "claim-" + claim.id.value)))
                            ]
                            if claim.reference == prevails { header += [.text(" "), .strong([.text("(prevails)")])] }
                            return TableRow(
                                header: TableCell(header), cells: [TableCell(valueInlines(claim.value.value)), TableCell([.text("“\(claim.quote.value)”")])])
                        })))
            if let ruling = group.ruling {
                var scope = ""
                if case let .named(platforms) = ruling.platforms { scope = " On " + platforms.map { name(.platform, $0.value) }.joined(separator: ", ") + "." }
                if !ruling.os.isUnbounded { scope += " For \(ruling.os)." }
                blocks.append(.paragraph([.strong([.text("Ruling.")]), .text(scope)]))
                blocks.append(.markdown(ruling.reason))
                blocks.append(.paragraph([.text("Ruling id: "), .code(ruling.id.value), .text(".")]))
            } else {
                blocks.append(.paragraph([.strong([.text("No ruling yet.")])]))
            }
        }
        return blocks
    }
}
