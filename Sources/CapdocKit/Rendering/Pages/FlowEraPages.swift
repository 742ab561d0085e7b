/// A page per era of the flow (`Flow.Era`: on one platform, the versions over which the same
/// transitions hold), so that a reader picks the device in hand and sees only its prompts. The eras
/// come from the rows' OS ranges; the pages are chosen by plain links (no script). Like the
/// deployment-target pages they have no man page: the flow's man page lists every era's buttons and
/// prompts.
extension PageContext {
    static let flowSection = "flow"

    /// `flow/ios-13.0`: the platform and the era's first version (the platform's first version
    /// where the era reaches back to it).
    func flowEraRef(_ era: Flow.Era) -> PageRef {
        let start = era.range.from ?? vocabulary.firstVersion(of: era.platform)
        return PageRef(Self.flowSection, era.platform + "-" + (start.map(\.description) ?? "all"))
    }

    /// "iOS 13.0 to 14.0", "iOS 14.0 and later", "iOS before 8.0", "macOS, all versions".
    func flowEraName(_ era: Flow.Era) -> String {
        let platform = name(.platform, era.platform)
        return switch (era.range.from, era.range.until) {
        case (nil, nil): "\(platform), all versions"
        case let (from?, nil): "\(platform) \(from) and later"
        case let (nil, until?): "\(platform) before \(until)"
        case let (from?, until?): "\(platform) \(from) to \(until)"
        }
    }

    /// How many eras of a platform an era's page links at most: those nearest its own (the first
    /// ones, on the other platforms), then how many more there are, with a link to the flow page,
    /// which links them all. An era per version (N transition claims on one cell, each `from` a
    /// version of its own) linked every other era from each page: 2,000 claims wrote 594 MB (issue
    /// 41). The shipped Content has at most 5 eras on a platform, so its pages link them all.
    static let eraLinksShown = 16

    /// One line per platform, each era a link ("iOS: before 8.0 · 8.0 to 11.0 · …"); the current era
    /// in bold, not linked. On an era's page, at most `eraLinksShown` per platform.
    func flowEraSelector(current: Flow.Era?) -> Block {
        let byPlatform = answerTable.flowErasByPlatform
        // An era is known by its platform and range (its rows follow from them).
        func isCurrent(_ era: Flow.Era) -> Bool { era.platform == current?.platform && era.range == current?.range }
        var lines: [[Inline]] = []
        for platform in vocabulary.ids(.platform) {
            guard let platformEras = byPlatform[platform], !platformEras.eras.isEmpty else { continue }
            let ofPlatform = platformEras.eras
            var shown = ofPlatform.indices
            if let current, ofPlatform.count > Self.eraLinksShown {
                let at = current.platform == platform ? platformEras.positions[current.range] ?? 0 : 0
                let start = min(max(at - Self.eraLinksShown / 2, 0), ofPlatform.count - Self.eraLinksShown)
                shown = start..<(start + Self.eraLinksShown)
            }
            var line: [Inline] = [.text(name(.platform, platform) + ": ")]
            for index in shown {
                if index > shown.lowerBound { line.append(.text(" · ")) }
                let era = ofPlatform[index]
                let label = versions(era.range)
                line.append(isCurrent(era) ? .strong([.text(label)]) : .link([.text(label)], .page(flowEraRef(era))))
            }
            let more = ofPlatform.count - shown.count
            if more > 0 { line += [.text(" · and \(more) more, "), .link([.text("all on the flow page")], .page(PageRef.flow))] }
            lines.append(line)
        }
        return .list(lines)
    }

    /// "13.4", "13.4 and 13.6", or, past six, "31999 versions, from 13.2 to 13.32000": an era
    /// grouped for its page (`Flow.EraPaging`) may change at each of thousands of versions.
    func changedVersions(_ changes: [Version]) -> String {
        guard let first = changes.first, let last = changes.last else { return "" }
        switch changes.count {
        case 1: return "\(first)"
        case 2...6: return changes.dropLast().map(\.description).joined(separator: ", ") + " and \(last)"
        default: return "\(changes.count) versions, from \(first) to \(last)"
        }
    }

    func flowEraSources() -> [PageSource] {
        guard vocabulary.domain.flow else { return [] }
        let context = self
        return answerTable.flowEras.map { era in PageSource(ref: flowEraRef(era)) { context.flowEraPage(era) } }
    }

    func flowEraPage(_ era: Flow.Era) -> Page {
        var book = CitationBook()
        let title = "Authorization flow on \(flowEraName(era))"
        let scope = FlowScope(platform: era.platform, range: era.range)
        let held =
            era.changes.isEmpty
            ? "Only the transitions that hold on \(flowEraName(era)): \(era.rows.count) of them. The "
            : "The transitions that hold on some or all of \(flowEraName(era)): \(era.rows.count) of them. They change at \(changedVersions(era.changes)); each one's Platforms column gives the versions where it holds. The "
        var blocks: [Block] = [
            .paragraph([.text(held), .link([.text("whole flow")], .page(.flow)), .text(" shows every platform and version. Other versions:")]),
            flowEraSelector(current: era),
            .html(FlowDiagram(context: self, rows: era.rows, layers: era.layers(from: flow.initialState), states: era.states(in: vocabulary)).svg()),
            .markdownCode(info: "mermaid", text: flowMermaid(era.rows, initial: flow.initialState)),
        ]
        if let buttons = flowButtonsTable(era.rows, scope: scope, book: &book) {
            blocks += [.heading(2, "Buttons", anchor: "buttons"), .table(buttons)]
        }
        let prompts = flowPromptBlocks(era.rows, scope: scope, book: &book)
        if !prompts.isEmpty { blocks += [.heading(2, "Prompts", anchor: "prompts")] + prompts }
        blocks.append(.heading(2, "Transitions", anchor: "transitions"))
        blocks += flowTransitionBlocks(era.rows, book: &book)
        blocks += book.blocks(self)
        return Page(
            ref: flowEraRef(era), title: title,
            description: "The authorization prompts and transitions on \(flowEraName(era)), with their sources.", blocks: blocks)
    }
}
