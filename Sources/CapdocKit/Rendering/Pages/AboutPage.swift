/// The legend and "about the data" page: what each value in a cell means, what a ruling is, and
/// how much data there is and how current it is.
extension PageContext {
    func aboutPage() -> Page {
        let model = compiled.model
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "Every answer on this site is compiled from claims: sentences of \(vocabulary.domain.vendorPossessive) documentation, each quoted word for word with the page it comes from. Where pages disagree, a ruling says which one the answers follow, and why."
                )
            ])
        ]

        blocks.append(.heading(2, "What the values mean", anchor: "legend"))
        var rows: [TableRow] = [
            TableRow(
                header: TableCell([.value(.yes, [.text("Yes")])]),
                cells: [TableCell(text: "A source states it: the service works, the level is offered, the key is read…")]),
            TableRow(header: TableCell([.value(.no, [.text("No")])]), cells: [TableCell(text: "A source states the opposite.")]),
            TableRow(
                header: TableCell([.value(.unknown, [.text("Unknown")])]),
                cells: [
                    TableCell(
                        text:
                            "No source decides it. The site never guesses: an unknown cell is a gap in \(vocabulary.domain.vendorPossessive) documentation as encoded here, and the page of what it is about names the pages that were read and are silent there."
                    )
                ]),
            TableRow(
                header: TableCell([.value(.deprecated, [.text("Yes (use …)")])]),
                cells: [
                    TableCell(
                        text:
                            "Deprecated: a source deprecates it (and names what to use instead, where it does). Drawn as a warning, wherever a cell says deprecated."
                    )
                ]),
            TableRow(
                header: TableCell([.value(.na, [.text("Not stated")])]),
                cells: [TableCell(text: "For deprecations and similar facts: no source says so, which usually means it isn't.")]),
        ]
        // The gates' names: the values a cell shows when something it depends on is missing.
        var seen = Set<String>()
        for gate in model.gates where seen.insert(gate.name).inserted {
            rows.append(TableRow(header: TableCell([.value(.na, [.text(gate.name)])]), cells: [TableCell([.markdown(gate.summary)])]))
        }
        let (early, late) = (model.vocabulary.exampleVersion("5.0"), model.vocabulary.exampleVersion("13.0"))
        rows += [
            TableRow(
                header: TableCell(text: "before \(late): No; \(late)+: Yes"),
                cells: [
                    TableCell(
                        text:
                            "The value changes with the OS version: “before \(late)” means every version below \(late), “\(late)+” \(late) and later, “\(early) to \(late)” from \(early) up to but not including \(late)."
                    )
                ]),
            TableRow(
                header: TableCell(text: "[3]"),
                cells: [
                    TableCell(
                        text:
                            "A citation: the claim that decides the value, listed under Citations at the foot of the page with its quote, and linking to it on its source's page. A value cites every claim that decides it."
                    )
                ]),
            TableRow(
                header: TableCell(text: "[3]–[7]"),
                cells: [
                    TableCell(
                        text:
                            "Citations 3 to 7: three or more consecutive numbers are written as the first and the last, and their entries are next to each other under Citations."
                    )
                ]),
            TableRow(
                header: TableCell(text: "(ruling)"),
                cells: [
                    TableCell([
                        .text("Sources disagreed here; the link goes to the ruling on the "), .link([.text("conflicts page")], .page(.conflicts)),
                        .text(" that chose the value."),
                    ])
                ]),
        ]
        blocks.append(.table(Table(caption: "Values in the tables", columns: ["Value", "Meaning"], rows: rows)))

        blocks.append(.heading(2, "Rulings", anchor: "rulings"))
        blocks.append(
            .paragraph([
                .text(
                    "\(vocabulary.domain.vendorPossessive) pages contradict each other: an older guide says one thing, an API page another. capdoc finds every such contradiction and refuses to build until each has a ruling, which names the claim that prevails and gives the reason (a newer page, a page about that very API, a more specific statement). The "
                ),
                .link([.text("conflicts page")], .page(.conflicts)), .text(" lists them all."),
            ]))

        blocks.append(.heading(2, "The data", anchor: "data"))
        let dated = model.sources.filter { $0.date != nil }.count
        blocks.append(
            .list([
                [
                    .text(
                        contentCounts
                    )
                ],
                [
                    .text(
                        "Data as of \(model.newestSourceDate ?? "an unknown date"): the date of the newest copy of a page; \(dated) of the sources carry the date of their copy."
                    )
                ],
                [
                    .text(
                        "\(vocabulary.all(.platform).count) platforms, \(vocabulary.all(.level).count) access levels, \(vocabulary.all(.service).count) services, \(vocabulary.all(.key).count) \(vocabulary.domain.keys), \(vocabulary.all(.api).count) APIs."
                    )
                ],
                [
                    .text("Every quote is checked against the archived text of its page, and the whole model against "),
                    .link([.text("these consistency checks")], .page(.checks)), .text("."),
                ],
                [
                    .text("The same data as JSON: "), .link([.code("capdoc.json")], .file("capdoc.json")), .text(", described by "),
                    .link([.code("capdoc.schema.json")], .file("capdoc.schema.json")), .text("."),
                ],
            ]))
        return Page(ref: .about, title: "About the data", description: "What the values mean, what a ruling is, and how current the data is.", blocks: blocks)
    }
}
