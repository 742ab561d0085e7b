/// The "Notes" section of entity pages: the sources' remarks (fact kind `note`) that concern the page.
extension PageContext {
    /// The section for these note facts. A note merges per platform, so one claim would repeat for
    /// each platform, and two sources may say the same: each text is listed once, with its platforms
    /// (when it doesn't hold everywhere) and every claim that states it.
    func notesSection(_ facts: [Fact], labelPlatforms: Bool = true, book: inout CitationBook) -> [Block] {
        var notes: [(text: String, os: VersionRange, platforms: [String], facts: [Fact])] = []
        for fact in facts {
            guard case let .text(text) = fact.value else { continue }
            if let index = notes.firstIndex(where: { $0.text == text && $0.os == fact.os }) {
                if !notes[index].platforms.contains(fact.platform) { notes[index].platforms.append(fact.platform) }
                notes[index].facts.append(fact)
            } else {
                notes.append((text, fact.os, [fact.platform], [fact]))
            }
        }
        guard !notes.isEmpty else { return [] }
        let everyPlatform = vocabulary.ids(.platform)
        return [
            .heading(2, "Notes", anchor: "notes"),
            .list(
                notes.map { note in
                    var item: [Inline] = []
                    if labelPlatforms, Set(note.platforms) != Set(everyPlatform) {
                        let ordered = everyPlatform.filter(note.platforms.contains)
                        item.append(
                            .strong(ordered.enumerated().flatMap { index, platform in (index > 0 ? [Inline.text(", ")] : []) + [link(.platform, platform)] }))
                        item.append(.text(": "))
                    }
                    if !note.os.isUnbounded { item.append(.text("(\(versions(note.os))) ")) }
                    item.append(.markdown(note.text))
                    return item + [.text(" ")] + Citation.markers(book.cite(note.facts))
                }),
        ]
    }

    /// Whether a note fact's claims name this platform themselves: a note that names no platform
    /// holds for all of them, and belongs on the pages of what it is about, not on every platform's.
    func noteNamesPlatform(_ fact: Fact, _ platform: String) -> Bool {
        fact.deciding.contains { reference in
            guard case let .named(ids)? = merge.claimsByReference[reference]?.scope.platforms else { return false }
            return ids.contains { $0.value == platform }
        }
    }

    /// The notes about a service: their topic is the service's id (or starts with it, as
    /// `region-monitoring-limit`), or they come from the page of the service's API.
    func serviceNotes(_ service: String) -> [Fact] {
        notesByService[service] ?? []
    }

    /// `serviceNotes` for every service, worked out once: filtering every note for each service page
    /// made the notes a twelfth of a build's instructions at 200 services, and grew with the services.
    static func notesByService(_ compiled: CompiledModel, referencePages: [EntityKind: [String: [Source]]]) -> [String: [Fact]] {
        let services = Set(compiled.vocabulary.ids(.service))
        // The API's page of a service: the source whose availability claims are about it and no other.
        var servicesByAPIPage: [String: [String]] = [:]
        for (service, pages) in referencePages[.service] ?? [:] {
            for page in Set(pages.map(\.id.value)) { servicesByAPIPage[page, default: []].append(service) }
        }
        var notes: [String: [Fact]] = [:]
        for fact in compiled.merge.facts(of: .note) {
            var about: Set<String> = []
            // The subject and each of its prefixes that ends before a "-": `region-monitoring-limit`
            // is about `region-monitoring-limit`, `region-monitoring` and `region`.
            var prefix = Substring(fact.subject)
            while true {
                if services.contains(String(prefix)) { about.insert(String(prefix)) }
                guard let dash = prefix.lastIndex(of: "-") else { break }
                prefix = prefix[..<dash]
            }
            for reference in fact.deciding {
                for service in servicesByAPIPage[String(reference.prefix { $0 != "#" })] ?? [] { about.insert(service) }
            }
            for service in about { notes[service, default: []].append(fact) }
        }
        return notes
    }
}
