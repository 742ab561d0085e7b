/// What a person sees on the device: the prompts' buttons by their titles, per platform and OS
/// version, and what each request's prompt shows (its usage string, the notes about it). Both are
/// on the flow page for every era, and on an era's page for that era alone.
extension PageContext {
    /// Where a part of the flow page applies: everywhere, or one era.
    struct FlowScope {
        var platform: String?
        var range: VersionRange = .all

        static let everywhere = FlowScope(platform: nil)

        func holds(_ platform: String) -> Bool { self.platform == nil || self.platform == platform }
    }

    /// The anchor of a trigger's prompt on the flow page, which request and key pages link to.
    static func promptAnchor(_ trigger: String) -> String { "prompt-" + trigger }

    /// One row per choice and title: the title's quote (or that no source gives it), and the
    /// platforms and versions where the choice appears at a prompt with that title.
    func flowButtonsTable(_ rows: [Flow.Row], scope: FlowScope, book: inout CitationBook) -> Table? {
        struct Entry {
            var choice: String
            var title: String?
            var facts: [Fact] = []
            var os: [String: [VersionRange]] = [:]
        }
        var entries: [Entry] = []
        for row in rows {
            guard let choice = row.choice else { continue }
            for platform in row.platforms where scope.holds(platform) {
                for range in row.os[platform] ?? [.all] {
                    let within = range.intersection(scope.range)
                    guard !within.isEmpty else { continue }
                    for piece in answerTable.choiceTitles(choice, platform: platform, over: within) {
                        let index =
                            entries.firstIndex { $0.choice == choice && $0.title == piece.title }
                            ?? {
                                entries.append(Entry(choice: choice, title: piece.title)); return entries.count - 1
                            }()
                        if let fact = piece.fact, !entries[index].facts.contains(fact) { entries[index].facts.append(fact) }
                        entries[index].os[platform, default: []].append(piece.range)
                    }
                }
            }
        }
        guard !entries.isEmpty else { return nil }
        let choices = vocabulary.ids(.choice)
        entries.sort { (choices.firstIndex(of: $0.choice) ?? .max) < (choices.firstIndex(of: $1.choice) ?? .max) }
        let platforms = vocabulary.ids(.platform)
        return Table(
            caption: "The prompts' buttons: \(entries.count) title\(entries.count == 1 ? "" : "s")",
            columns: ["Choice", "Button title", "Platforms"],
            rows: entries.map { entry in
                let title: [Inline] = entry.title.map { [.strong([.text("“\($0)”")])] } ?? [.value(.unknown, [.text("Not given by the sources")])]
                let places = platforms.filter { entry.os[$0] != nil }.map { ($0, Self.joined(entry.os[$0]!)) }
                return TableRow(
                    header: TableCell([.text(name(.choice, entry.choice))]),
                    cells: [TableCell(title, citations: book.cite(entry.facts)), TableCell([.text(placesText(places))])])
            }, htmlClass: "flow-buttons")
    }

    /// "iOS, iPadOS (13.0+); watchOS": platforms with the same versions together.
    func placesText(_ places: [(String, [VersionRange])]) -> String {
        var groups: [(platforms: [String], ranges: [VersionRange])] = []
        for (platform, ranges) in places {
            if let index = groups.firstIndex(where: { $0.ranges == ranges }) {
                groups[index].platforms.append(platform)
            } else {
                groups.append(([platform], ranges))
            }
        }
        return groups.map { group in
            group.platforms.map { name(.platform, $0) }.joined(separator: ", ")
                + (group.ranges == [.all] ? "" : " (" + group.ranges.map(versions).joined(separator: ", ") + ")")
        }.joined(separator: "; ")
    }

    /// Ranges sorted and joined where they touch or overlap: a choice at two prompts over the same
    /// versions is one run.
    static func joined(_ ranges: [VersionRange]) -> [VersionRange] {
        let sorted = ranges.sorted { a, b in
            switch (a.from, b.from) {
            case (nil, _): b.from != nil
            case (_, nil): false
            case let (x?, y?): x < y
            }
        }
        var out: [VersionRange] = []
        for range in sorted {
            if let last = out.last, last.until == nil || range.from.map({ !(last.until! < $0) }) ?? true {
                let until: Version? =
                    switch (last.until, range.until) {
                    case (nil, _), (_, nil): nil
                    case let (a?, b?): max(a, b)
                    }
                out[out.count - 1].until = until
            } else {
                out.append(range)
            }
        }
        return out
    }

    /// One section per trigger whose prompt the rows show: the request that makes it, the keys whose
    /// usage strings it shows, and the notes whose topic is the trigger (what else the prompt asks),
    /// each with the key pages of the sources that state them.
    func flowPromptBlocks(_ rows: [Flow.Row], scope: FlowScope, book: inout CitationBook) -> [Block] {
        let prompted = rows.filter(\.prompted)
        var blocks: [Block] = []
        for trigger in vocabulary.ids(.trigger) {
            let ofTrigger = prompted.filter { $0.trigger == trigger }
            guard !ofTrigger.isEmpty else { continue }
            blocks.append(.heading(3, name(.trigger, trigger), anchor: Self.promptAnchor(trigger)))
            var lead: [Inline] = []
            if let request = vocabulary.entity(.trigger, trigger)?.attributes["request"], vocabulary.contains(.request, request) {
                lead += [.text("Made by the "), link(.request, request), .text(". ")]
            }
            let keys = ofTrigger.compactMap(\.promptKey).uniqued()
            lead +=
                keys.isEmpty
                ? [.text("The sources don't say whose usage string it shows.")]
                : [.text("It shows the usage string of ")] + inlineList(keys.map { link(.key, $0) }) + [.text(".")]
            blocks.append(.paragraph(lead))
            let platforms = vocabulary.ids(.platform).filter(scope.holds)
            let notes = platforms.flatMap { merge.facts(.note, subject: trigger, platform: $0) }.filter { $0.os.overlaps(scope.range) }
            blocks += promptNotes(notes, book: &book)
        }
        return blocks
    }

    /// The notes about a prompt, each text once with its platforms and versions, then the key pages of
    /// the sources that state it (a key's reference page says what the key changes on the prompt).
    private func promptNotes(_ facts: [Fact], book: inout CitationBook) -> [Block] {
        var notes: [(text: String, places: [(String, [VersionRange])], facts: [Fact])] = []
        for fact in facts {
            guard case let .text(text) = fact.value else { continue }
            if let index = notes.firstIndex(where: { $0.text == text }) {
                notes[index].places.append((fact.platform, [fact.os]))
                notes[index].facts.append(fact)
            } else {
                notes.append((text, [(fact.platform, [fact.os])], [fact]))
            }
        }
        guard !notes.isEmpty else { return [] }
        let keyPages = referencePages[.key] ?? [:]
        return [
            .list(
                notes.map { note in
                    let sources = Set(note.facts.flatMap(\.sources))
                    let keys = vocabulary.ids(.key).filter { key in keyPages[key]?.contains { sources.contains($0.id.value) } ?? false }
                    var item: [Inline] = [.strong([.text(placesText(note.places) + ":")]), .text(" "), .markdown(note.text), .text(" ")]
                    item += Citation.markers(book.cite(note.facts))
                    if !keys.isEmpty { item += [.text(" See ")] + inlineList(keys.map { link(.key, $0) }) + [.text(".")] }
                    return item
                })
        ]
    }

    /// Inlines joined with commas.
    func inlineList(_ items: [Inline]) -> [Inline] {
        items.enumerated().flatMap { index, item in (index > 0 ? [Inline.text(", ")] : []) + [item] }
    }
}
