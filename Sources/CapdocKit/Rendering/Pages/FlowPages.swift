/// The authorization flow page: the diagram (HTML only), every transition with its citations, and
/// the vocabulary of the flow. Also its man page, `authorization-flow(7)`.
extension PageContext {
    var flow: Flow { answerTable.flow }

    /// "from When In Use on requestAlwaysAuthorization(), choosing Keep Only While Using".
    func flowSubjectText(_ key: String) -> String {
        let (from, trigger, choice) = FlowKey.parts(key)
        return "from \(name(.state, from)) on \(name(.trigger, trigger))" + (choice.map { ", choosing \(name(.choice, $0))" } ?? "")
    }

    /// The "About" of a flow claim on its source page.
    func flowSubjectInlines(from: String, trigger: String, choice: String?, prompt: Bool) -> [Inline] {
        var items: [Inline] = [.text("\(name(.state, from)), on \(name(.trigger, trigger))")]
        if let choice {
            items.append(.text(", choosing \(name(.choice, choice))"))
        } else if !prompt {
            items.append(.text(", no prompt"))
        }
        return items
    }

    /// A transition's value in words: "→ Always; reports Authorized Always; delegate told".
    func transitionInlines(_ outcome: TransitionOutcome) -> [Inline] {
        var items: [Inline] = [.text("→ \(name(.state, outcome.to))")]
        if let status = outcome.status {
            items += [.text("; reports "), vocabulary.contains(.status, status) ? link(.status, status) : .text(status)]
        }
        items.append(.text("; " + delegateWords(outcome.delegate)))
        return items
    }

    func delegateWords(_ delegate: Bool?) -> String { vocabulary.domain.toldWords(delegate) }

    /// "iOS, iPadOS (11.0+); Mac Catalyst, watchOS".
    func platformsText(_ row: Flow.Row) -> String {
        row.places.map { place in
            place.platforms.map { name(.platform, $0) }.joined(separator: ", ")
                + (place.ranges == [.all] ? "" : " (" + place.ranges.map(versions).joined(separator: ", ") + ")")
        }.joined(separator: "; ")
    }

    /// The transitions that start in one state: the trigger heads each row, and the state is in the
    /// heading above the table, so that the table fits a desktop screen.
    func flowTable(_ rows: [Flow.Row], from state: String, book: inout CitationBook) -> Table {
        Table(
            caption: "From \(name(.state, state)): \(rows.count) transition\(rows.count == 1 ? "" : "s")",
            columns: ["Trigger", "Choice", "To", "Status reported", "Delegate told", "Prompt shows", "Platforms"],
            rows: rows.map { row in
                let prompt: [Inline] =
                    row.prompted
                    ? (row.promptKey.map { [link(.key, $0)] } ?? [.value(.unknown, [.text("Not stated")])])
                    : [.text("No prompt")]
                let to: [Inline] = row.changesNothing ? [.text("Unchanged")] : [.text(name(.state, row.outcome.to))]
                let status: [Inline] =
                    row.outcome.status.map { vocabulary.contains(.status, $0) ? [link(.status, $0)] : [.text($0)] } ?? [.value(.unknown, [.text("Unknown")])]
                let (delegateText, delegateClass) = word(row.outcome.delegate)
                return TableRow(
                    header: TableCell([.text(name(.trigger, row.trigger))]),
                    cells: [
                        TableCell(row.choice.map { [.text(name(.choice, $0))] } ?? [.text("—")]),
                        TableCell(to),
                        TableCell(status),
                        TableCell([.value(delegateClass, [.text(delegateText)])]),
                        TableCell(prompt),
                        TableCell([.text(platformsText(row))], citations: book.cite(row.deciding)),
                    ])
            }, htmlClass: "flow-transitions")
    }

    /// The flow as a Mermaid `stateDiagram-v2`, for the Markdown page (GitHub draws it): every state,
    /// and one arrow per transition that changes the state, labelled with its trigger and choice.
    /// Deterministic: states in `flow.yaml` order, transitions in the order of the rows.
    func flowMermaid(_ rows: [Flow.Row], initial: String) -> String {
        func id(_ state: String) -> String {
            "s_" + String(state.unicodeScalars.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_" })
        }
        // Mermaid ends a statement at ";" and reads "#…;" as an entity, and a label is one line.
        func label(_ text: String) -> String {
            String(text.map { ";#:\n\r{}".contains($0) ? " " : $0 })
        }
        var lines = ["stateDiagram-v2"]
        for state in vocabulary.ids(.state) {
            lines.append("    state \"\(label(name(.state, state)).replacingOccurrences(of: "\"", with: "'"))\" as \(id(state))")
        }
        if vocabulary.contains(.state, initial) { lines.append("    [*] --> \(id(initial))") }
        var seen: Set<String> = []
        for row in rows where row.outcome.to != row.from {
            let text = label(name(.trigger, row.trigger) + (row.choice.map { " → " + name(.choice, $0) } ?? ""))
            let line = "    \(id(row.from)) --> \(id(row.outcome.to)): \(text)"
            if seen.insert(line).inserted { lines.append(line) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Per state the transitions leave it by: the diagram's arrows out of it in words (what a phone
    /// shows best), then its table.
    func flowTransitionBlocks(_ rows: [Flow.Row], book: inout CitationBook) -> [Block] {
        var blocks: [Block] = []
        let diagram = FlowDiagram(context: self, rows: rows, layers: [:])
        let arrows = diagram.edges()
        for state in vocabulary.ids(.state) {
            let leaving = rows.filter { $0.from == state }
            guard !leaving.isEmpty else { continue }
            blocks.append(.heading(3, "From \(name(.state, state))", anchor: "from-\(state)"))
            let out = arrows.filter { $0.from == state }
            if !out.isEmpty {
                blocks.append(.list(out.map { edge in [.text("To "), .strong([.text(name(.state, edge.to))]), .text(": " + diagram.words(edge))] }))
            }
            blocks.append(.table(flowTable(leaving, from: state, book: &book)))
        }
        return blocks
    }

    func flowPage() -> Page {
        var book = CitationBook()
        let flow = self.flow
        let rows = answerTable.flowRows
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "How the authorization prompts move an app from state to state. Each transition starts in a state, on a trigger (a request method, or an event); a prompt may appear, showing the usage string of \(withIndefiniteArticle(vocabulary.domain.key)), and the user's choice decides the next state. The tables give the status "
                ), .code(vocabulary.domain.statusAPI),
                .text(
                    " reports then, and whether \(vocabulary.domain.callback) is told; every row cites the sentences that state it. A call with no prompt whose state stays is a call that changes nothing."
                ),
            ]),
            .html(FlowDiagram(context: self, rows: rows, layers: flow.layers()).svg()),
            .markdownCode(info: "mermaid", text: flowMermaid(rows, initial: flow.initialState)),
        ]
        if !answerTable.flowEras.isEmpty {
            blocks += [
                .heading(2, "By platform and version", anchor: "eras"),
                .paragraph([
                    .text(
                        "The diagram and the tables mix every platform and OS version. Pick the device's to see only the prompts and transitions that hold there:"
                    )
                ]),
                flowEraSelector(current: nil),
            ]
        }
        if let buttons = flowButtonsTable(rows, scope: .everywhere, book: &book) {
            blocks += [
                .heading(2, "The prompts' buttons", anchor: "buttons"),
                .paragraph([
                    .text(
                        "Each choice by the title its button shows, with the platforms and versions where the prompt offers it; where no source gives the title, the table says so."
                    )
                ]),
                .table(buttons),
            ]
        }
        let prompts = flowPromptBlocks(rows, scope: .everywhere, book: &book)
        if !prompts.isEmpty { blocks += [.heading(2, "What each prompt shows", anchor: "prompts")] + prompts }
        blocks.append(.heading(2, "Transitions", anchor: "transitions"))
        if rows.isEmpty {
            blocks.append(.paragraph([.text("No source describes a transition yet.")]))
        } else {
            blocks.append(
                .paragraph([
                    .text(
                        "Every transition the sources describe, by the state it starts in. Each row cites the sentences that state it; a call with no prompt whose state stays is a call that changes nothing (To: Unchanged)."
                    )
                ]))
            blocks += flowTransitionBlocks(rows, book: &book)
        }
        let reachable = flow.reachableStates()
        let unreachable = vocabulary.ids(.state).filter { !reachable.contains($0) }
        if !unreachable.isEmpty, !rows.isEmpty {
            blocks.append(.paragraph([.text("No described transition reaches: " + unreachable.map { name(.state, $0) }.joined(separator: ", ") + ".")]))
        }

        let callbacks = Array(merge.facts(of: .authorizationCallback))
        if !callbacks.isEmpty {
            blocks.append(.heading(2, "How \(vocabulary.domain.callback) is told", anchor: "delegate"))
            var byValue: [(value: String, facts: [Fact])] = []
            for fact in callbacks {
                guard case let .text(method) = fact.value else { continue }
                if let index = byValue.firstIndex(where: { $0.value == method }) { byValue[index].facts.append(fact) } else { byValue.append((method, [fact])) }
            }
            blocks.append(
                .list(
                    byValue.map { entry in
                        let platforms = vocabulary.ids(.platform).filter { platform in entry.facts.contains { $0.platform == platform } }
                        return [
                            .text("Authorization changes, the user's choices among them, reach \(vocabulary.domain.callback) through "), .code(entry.value),
                            .text(
                                " (\(platforms.count == vocabulary.ids(.platform).count ? "every platform" : platforms.map { name(.platform, $0) }.joined(separator: ", ")))"
                            ),
                        ]
                            + Citation.markers(book.cite(entry.facts))
                    }))
            let ruled = merge.contradictions.filter { $0.kind == .authorizationCallback && $0.adjudication != nil }
            if !ruled.isEmpty {
                blocks.append(
                    .paragraph([
                        .text("Sources disagree on this method; the ruling is on the "), .link([.text("conflicts page")], .page(.conflicts)), .text("."),
                    ]))
            }
        }

        func section(_ title: String, _ kind: EntityKind, anchor: String, extra: (Entity) -> [Inline] = { _ in [] }) -> [Block] {
            [
                .heading(2, title, anchor: anchor),
                .list(
                    vocabulary.all(kind).map { entity in
                        [.strong([.text(entity.name)]), .text(" ("), .code(entity.id.value), .text(")")] + extra(entity) + [
                            .text(" — "), .markdown(entity.summary),
                        ]
                    }),
            ]
        }
        blocks += section("States", .state, anchor: "states") { state in
            guard let status = state.attributes["status"] else { return [] }
            return [.text(", reports "), vocabulary.contains(.status, status) ? link(.status, status) : .text(status)]
        }
        blocks += section("Triggers", .trigger, anchor: "triggers") { trigger in
            guard let request = trigger.attributes["request"], vocabulary.contains(.request, request) else { return [] }
            return [.text(", prompts with the keys of the "), link(.request, request)]
        }
        blocks += section("Choices", .choice, anchor: "choices")
        blocks += book.blocks(self)
        let requests = vocabulary.ids(.request).filter { request in vocabulary.all(.trigger).contains { $0.attributes["request"] == request } }
        return Page(
            ref: .flow, title: "Authorization flow", description: "How the authorization prompts move an app between states, with their sources.",
            blocks: blocks, manName: ManPageNames.flow,
            seeAlso: [.matrix] + requests.map { ref(.request, $0) } + vocabulary.ids(.status).map { ref(.status, $0) })
    }
}
