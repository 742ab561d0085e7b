/// What page builders share: the compiled model, its matrix answers, and the wording of values.
struct PageContext {
    let compiled: CompiledModel
    /// Every answer the pages show, worked out once and shared with the dataset: the pages read
    /// answers here, never through the gates themselves.
    let answerTable: AnswerTable
    /// The cells made of those answers, kept while their block is rendered.
    let cellPlans: CellPlans
    /// Sources by id: pages look one up for every claim they cite.
    let sourcesByID: [String: Source]
    /// Apple's reference page of each service, key, request and API (`applePages`).
    let referencePages: [EntityKind: [String: [Source]]]
    /// The deployment targets of each platform (`deploymentTargets`).
    let deploymentTargetsByPlatform: [String: [Version]]
    /// The services sorted into parts, for the pages that list them all (`ServiceParts`).
    let serviceParts: ServiceParts
    /// What most services answer at each deployment target (`targetSummary`), worked out once a page asks.
    let targetSummaries: [String: [Version: Memo<TargetSummary>]]
    /// Every service's answers at every deployment target, per platform (`TargetAnswerTable`), worked out once a page asks.
    let targetAnswerTables: [String: Memo<TargetAnswerTable>]
    /// The notes about each service (`serviceNotes`), by service id.
    let notesByService: [String: [Fact]]
    /// The sources about each entity, which its page names where a cell is unknown (`silentSources`),
    /// worked out once a page or the dataset asks: `capdoc serve` plans the site at every save, and
    /// this was 55 ms of it at 20,000 services.
    var sourcesBySubject: SourcesBySubject { sourcesBySubjectMemo.value { SourcesBySubject(compiled.model) } }
    private let sourcesBySubjectMemo = Memo<SourcesBySubject>()
    /// The A–Z index's entries, one a thing, worked out once (`indexEntries`).
    let indexTerms = Memo<[IndexEntry]>()
    /// Each cited claim's entry in the pages' citations, made once (`CitationBook.blocks`).
    let citationEntries: CitationEntries
    /// The pages of the things deprecations name as their replacements, worked out once a page asks
    /// (85 ms of each `capdoc serve` plan at 20,000 services otherwise).
    var replacementLinks: ReplacementLinks { replacementLinksMemo.value { ReplacementLinks(compiled.vocabulary) } }
    private let replacementLinksMemo = Memo<ReplacementLinks>()

    init(_ compiled: CompiledModel) {
        self.compiled = compiled
        self.answerTable = AnswerTable(merge: compiled.merge, model: compiled.model)
        self.cellPlans = CellPlans(vocabulary: compiled.vocabulary)
        self.sourcesByID = Dictionary(compiled.model.sources.map { ($0.id.value, $0) }, uniquingKeysWith: { first, _ in first })
        self.referencePages = Self.referencePages(compiled.model)
        self.citationEntries = CitationEntries(claimsByReference: compiled.merge.claimsByReference, sourcesByID: sourcesByID)
        self.serviceParts = ServiceParts(compiled.vocabulary.ids(.service))
        self.notesByService = Self.notesByService(compiled, referencePages: referencePages)
        let (vocabulary, answers) = (compiled.vocabulary, answerTable)
        // Platform by platform on every core: this reads every service's bounds, before any page is
        // rendered (a third of a second on one core at 20,000 services).
        let platforms = vocabulary.ids(.platform)
        self.deploymentTargetsByPlatform = Dictionary(
            uniqueKeysWithValues: zip(
                platforms,
                parallelMap(platforms.count) {
                    Self.deploymentTargets(platforms[$0], vocabulary: vocabulary, answers: answers)
                }))
        self.targetSummaries = Self.targetSummaryMemos(deploymentTargetsByPlatform)
        self.targetAnswerTables = Dictionary(uniqueKeysWithValues: vocabulary.ids(.platform).map { ($0, Memo<TargetAnswerTable>()) })
    }

    var vocabulary: Vocabulary { compiled.vocabulary }
    var merge: MergeResult { compiled.merge }

    func name(_ kind: EntityKind, _ id: String) -> String { vocabulary.name(kind, id) ?? id }

    func ref(_ kind: EntityKind, _ id: String) -> PageRef { PageRef(kind.plural, id) }

    func link(_ kind: EntityKind, _ id: String) -> Inline {
        kind == .key ? .link([.code(id)], .page(ref(kind, id))) : .link([.text(name(kind, id))], .page(ref(kind, id)))
    }

    /// "iOS 13.0 and later", "iOS before 11.0", "all versions" → for cells that vary by version.
    func versions(_ range: VersionRange) -> String {
        switch (range.from, range.until) {
        case (nil, nil): "all versions"
        case let (from?, nil): "\(from)+"
        case let (nil, until?): "before \(until)"
        case let (from?, until?): "\(from) to \(until)"
        }
    }

    /// How an answer reads in a cell: its value, or the name of the gate that closes it.
    func word(_ answer: GatedFacts.Answer, yes: String = "Yes", no: String = "No") -> (String, ValueClass) {
        switch answer {
        case .value(.boolean(true)): (yes, .yes)
        case .value(.boolean(false)): (no, .no)
        case let .value(.keys(keys)): (keys.isEmpty ? "No keys" : keys.joined(separator: ", "), .yes)
        case let .value(.text(text)): (text, .yes)
        case let .value(.transition(outcome)): (outcome.display, .yes)
        case let .closed(gate): (gate.name, .na)
        case .gateUnknown, .unknown: ("Unknown", .unknown)
        }
    }

    /// "Yes, deprecated in 27.0" for a value whose API is deprecated. The replacement is named once,
    /// in the service's Deprecated column: repeated in every support cell, a long selector made each
    /// matrix column that wide.
    func deprecated(_ text: String, _ deprecation: Deprecation?) -> String {
        guard let deprecation else { return text }
        return text + ", deprecated" + (deprecation.since.map { " in \($0)" } ?? "")
    }

    func word(_ value: Bool?) -> (String, ValueClass) {
        switch value {
        case true?: ("Yes", .yes)
        case false?: ("No", .no)
        case nil: ("Unknown", .unknown)
        }
    }
}

/// Numbers the claims a page cites, in order of first citation, and lists them at the end.
struct CitationBook {
    /// Whether a cell of the page reads "Unknown": the page then names the sources that are silent there.
    var showsUnknown = false

    /// The claims cited, by number - 1 (a matrix part cites hundreds, each looked up at every cell).
    private var cited = IDTable()

    var references: [String] { cited.ids }

    /// The numbers already given, by the claim's place in the model (`ClaimsByReference.position`):
    /// a cell's claims are looked up by place (`citeInOrder(_:places:)`), hashing no reference once
    /// the page has cited them. `cited` stays what decides the numbers; this only remembers them.
    private var numberByPlace: [Int32: Int32] = [:]

    mutating func cite(_ claims: [String]) -> [Citation] {
        claims.map { reference in Citation(number: number(of: reference)) }
    }

    /// A claim's number on the page, given the next number if it has none yet.
    private mutating func number(of reference: String) -> Int {
        if let known = cited[reference] { return known + 1 }
        cited.append(reference)
        return cited.count
    }

    /// `citeInOrder(_:)` for claims whose places in the model are known (`places[i]` is the place of
    /// `claims[i]`, -1 for a claim the model does not hold): the same numbers, in the same order.
    mutating func citeInOrder(_ claims: [String], places: [Int32]) -> [Citation] {
        var citations: [Citation] = []
        citations.reserveCapacity(claims.count)
        for (reference, place) in zip(claims, places) {
            if place >= 0, let known = numberByPlace[place] {
                citations.append(Citation(number: Int(known)))
                continue
            }
            let number = number(of: reference)
            if place >= 0 { numberByPlace[place] = Int32(number) }
            citations.append(Citation(number: number))
        }
        citations.sort { $0.number < $1.number }
        return citations
    }

    /// Cites the claims that decide the facts (not every wider claim that agrees): all of them, so
    /// that the sentence that decides a value is always among the citations.
    mutating func cite(_ facts: [Fact]) -> [Citation] {
        citeInOrder(Self.deciding(facts))
    }

    /// Cites claims, listing the citations by number.
    mutating func citeInOrder(_ claims: [String]) -> [Citation] {
        cite(claims).sorted { $0.number < $1.number }
    }

    /// The claims `cite(_ facts:)` cites: every deciding claim of the facts, each once.
    static func deciding(_ facts: [Fact]) -> [String] {
        facts.flatMap(\.deciding).uniqued()
    }

    /// `deciding(_:)` with each claim's place in the model (-1 for a claim it does not hold). The
    /// merge's facts know their places; a claim is then the same claim exactly where its place is.
    static func decidingWithPlaces(_ facts: [Fact], _ claimsByReference: ClaimsByReference) -> (claims: [String], places: [Int32]) {
        // One fact (most segments): its own lists, shared.
        if facts.count == 1, let places = facts[0].citations.decidingPlaces { return (facts[0].deciding, places) }
        var claims: [String] = [], places: [Int32] = []
        // Past a few, the places kept are hashed: a segment over thousands of facts (N claims, each
        // `from` a version of its own) searched them all for each (issue 41).
        var seen: Set<Int32>?
        for fact in facts {
            guard let factPlaces = fact.citations.decidingPlaces else {
                // A fact the merge did not make: its claims' places are looked up.
                let claims = deciding(facts)
                return (claims, claims.map { claimsByReference.position(of: $0).map(Int32.init) ?? -1 })
            }
            for (claim, place) in zip(fact.deciding, factPlaces) {
                if seen == nil, places.count > 16 { seen = Set(places) }
                let new = seen != nil ? seen!.insert(place).inserted : !places.contains(place)
                guard new else { continue }
                claims.append(claim)
                places.append(place)
            }
        }
        return (claims, places)
    }

    /// The rulings that decided the facts, each once.
    static func rulings(_ facts: [Fact]) -> [String] {
        var seen = Set<String>()
        return facts.compactMap(\.adjudication).filter { seen.insert($0).inserted }
    }

    /// The closing section: each number with its source, claim and quote. What follows the number is
    /// the claim's entry, the same on every page that cites it (`CitationEntries`).
    func blocks(_ context: PageContext) -> [Block] {
        guard !references.isEmpty else { return [] }
        let items: [[Inline]] = references.enumerated().map { index, reference in
            [
                .anchor(Citation(number: index + 1).anchor, [.text("[\(index + 1)]")]), .text(" "),
                .shared(context.citationEntries.entry(reference)),
            ]
        }
        return [.heading(2, "Citations", anchor: "citations"), .list(items)]
    }
}

extension PageContext {
    /// A cell that shows how a value changes over OS versions ("Yes", or "before 13.0: No; 13.0+: Yes"),
    /// before a page numbers its citations.
    func timelinePlan(_ parts: [(os: VersionRange, text: String, value: ValueClass, facts: [Fact])]) -> CellPlan {
        guard !parts.isEmpty else { return CellPlan(segments: [.init(content: [.value(.unknown, [.text("Unknown")])], claims: [], places: [], rulings: [])]) }
        return CellPlan(
            segments: parts.map { part in
                // A value with one range keeps its bound: "11.0+: Yes", never a bare "Yes" that reads as "always".
                let text = parts.count == 1 && part.os.isUnbounded ? part.text : "\(versions(part.os)): \(part.text)"
                let (claims, places) = CitationBook.decidingWithPlaces(part.facts, merge.claimsByReference)
                return .init(
                    content: [.value(part.value, [.text(text)])], claims: claims, places: places,
                    rulings: CitationBook.rulings(part.facts))
            })
    }

    /// A cell for a fact kind over versions, through its gates.
    func factCell(
        _ kind: FactKind, subject: String, platform: String, level: String? = nil, accuracy: Accuracy = .full,
        book: inout CitationBook, yes: String = "Yes", no: String = "No"
    ) -> TableCell {
        factCell(kind, answerTable.timeline(kind, subject: subject, platform: platform, level: level, accuracy: accuracy), book: &book, yes: yes, no: no)
    }

    /// A cell for a fact kind from its timeline, already worked out through the gates (`ServiceAnswers`).
    func factCell(_ kind: FactKind, _ timeline: [GatedFacts.Segment], book: inout CitationBook, yes: String = "Yes", no: String = "No") -> TableCell {
        var parts = timeline.map { segment -> (os: VersionRange, text: String, value: ValueClass, facts: [Fact]) in
            var (text, value) = word(segment.answer, yes: yes, no: no)
            // For a deprecation, no claim means no source states one, which is not an unknown value.
            if kind.absenceIsNotStated, segment.answer == .unknown { (text, value) = ("Not stated", .na) }
            if kind.isDeprecation, segment.answer == .value(.boolean(true)) {
                // A deprecation is a warning, and "not deprecated" is no news: neither is drawn as an answer.
                value = .deprecated
            } else if kind.isDeprecation, segment.answer == .value(.boolean(false)) {
                value = .na
            }
            return (segment.os, text, value, segment.facts)
        }
        // Where something is deprecated, the cell says when and nothing else: "before 5.0: Not on
        // platform; 5.0 to 27.0: Not stated" before it is what the neighbouring columns already say.
        if kind.isDeprecation, parts.contains(where: { $0.value == .deprecated }) { parts.removeAll { $0.value != .deprecated } }
        // No source states a deprecation: that is not "unknown" in the way a missing fact is.
        if parts.isEmpty, kind.absenceIsNotStated { return TableCell([.value(.na, [.text("Not stated")])]) }
        // Answers that differ only in why they are unknown (which gate) read the same: one range.
        var plan = timelinePlan(mergeAdjacent(parts))
        if kind.isDeprecation, let since = parts.first(where: { $0.value == .deprecated }).map(\.os.from) {
            // Under a "Deprecated" heading: when, with the replacement behind the disclosure, after the
            // newest range, as a developer would type it and linked (`ReplacementLinks`).
            plan.glance = [.value(.deprecated, [.text(since.map { "Since \($0)" } ?? yes)])]
            if let replacement = timeline.last(where: { $0.answer == .value(.boolean(true)) })?.replacement(in: merge), let last = plan.segments.indices.last {
                let segment = plan.segments[last]
                plan.segments[last] = .init(
                    content: segment.content + replacementLinks.inlines(replacement, context: self), claims: segment.claims, places: segment.places,
                    rulings: segment.rulings)
            }
        } else if case let .value(.keys(keys))? = timeline.last?.answer, keys.count > 1, keys.joined(separator: ", ").count > CellGlance.longest {
            // A list of long key names is no glance: its length, the names one activation away.
            plan.glance = [.value(.yes, [.text("\(keys.count) keys")])]
        } else {
            plan.glance = CellGlance.inlines(parts.map { ($0.os, $0.text, $0.value) }, yes: yes)
        }
        return plan.cell(book: &book)
    }

    /// The matrix cell of a service on a platform under a level.
    func supportCell(service: String, platform: String, level: String, book: inout CitationBook) -> TableCell {
        if let cells = cellPlans.cells(service: service, platform: platform, level: level, self) { return cells.support.cell(book: &book) }
        return supportPlan(supportTimeline(service: service, platform: platform, level: level)).cell(book: &book)
    }

    /// The relaunch cell of a service on a platform under a level.
    func relaunchCell(service: String, platform: String, level: String, book: inout CitationBook) -> TableCell {
        if let cells = cellPlans.cells(service: service, platform: platform, level: level, self) { return cells.relaunch.cell(book: &book) }
        return relaunchPlan(supportTimeline(service: service, platform: platform, level: level), service: service, platform: platform, level: level)
            .cell(book: &book)
    }

    /// A service's support on a platform under a level, from the answer table.
    func supportTimeline(service: String, platform: String, level: String) -> ServiceAnswers.SupportTimeline {
        answerTable.supportTimeline(service: service, platform: platform, level: level)
    }

    func supportPlan(_ timeline: [(os: VersionRange, support: Support)]) -> CellPlan {
        let parts = timeline.map { entry -> (os: VersionRange, text: String, value: ValueClass, facts: [Fact]) in
            let (text, value) = word(entry.support.availability)
            let facts = entry.support.facts.filter { $0.kind != .launchesTerminatedApp }
            // "Yes, deprecated in 27.0" warns: it is not drawn as plain good news.
            let drawn: ValueClass = value == .yes && entry.support.deprecation != nil ? .deprecated : value
            return (entry.os, deprecated(text, entry.support.deprecation), drawn, facts)
        }
        var plan = timelinePlan(mergeAdjacent(parts))
        plan.glance = CellGlance.inlines(
            timeline.map { entry in
                let (word, value) = word(entry.support.availability)
                return (entry.os, word, value)
            }, deprecated: timeline.last?.support.deprecation.map(\.since))
        return plan
    }

    func relaunchPlan(_ timeline: [(os: VersionRange, support: Support)], service: String, platform: String, level: String) -> CellPlan {
        let parts = timeline.map { entry -> (os: VersionRange, text: String, value: ValueClass, facts: [Fact]) in
            let support = entry.support
            let (text, value) = word(support.relaunch)
            // Where the relaunch is decided by a closed gate, the gate's facts decide it; otherwise the relaunch facts.
            let facts: [Fact] =
                if case .closed = support.relaunch {
                    answerTable.answer(
                        .launchesTerminatedApp, subject: service, platform: platform, level: level,
                        at: entry.os.from ?? .zero
                    ).facts
                } else { support.facts.filter { $0.kind == .launchesTerminatedApp } }
            return (entry.os, text, value, facts)
        }
        var plan = timelinePlan(mergeAdjacent(parts))
        plan.glance = CellGlance.inlines(parts.map { ($0.os, $0.text, $0.value) })
        return plan
    }

    /// Joins neighbouring version ranges that read the same.
    func mergeAdjacent(_ parts: [(os: VersionRange, text: String, value: ValueClass, facts: [Fact])]) -> [(
        os: VersionRange, text: String, value: ValueClass, facts: [Fact]
    )] {
        var result: [(os: VersionRange, text: String, value: ValueClass, facts: [Fact])] = []
        for part in parts {
            // Read in place, as in `GatedFacts.timeline`: a copy of the last part would make the append copy its facts.
            if let last = result.indices.last, result[last].text == part.text, result[last].os.until == part.os.from {
                result[last].os.until = part.os.until
                result[last].facts.appendNew(part.facts)
            } else {
                result.append(part)
            }
        }
        return result
    }
}

extension PageContext {
    /// Whether any claim of the Content states a fact of this kind: a section or column for a
    /// concept the domain never speaks of (reduced accuracy, an opt-out key) would be all "Unknown".
    func contentStates(_ kind: FactKind) -> Bool { !merge.facts(of: kind).isEmpty }
}
