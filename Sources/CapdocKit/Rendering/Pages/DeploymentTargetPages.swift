/// "My app supports iOS 15 and later": for each platform and each OS version the sources
/// distinguish, one page with one answer per cell for the whole range from that version on, the
/// way `lint-plist --deployment-target` reasons — works on every version, from a later version,
/// never, or varies.
extension PageContext {
    static let targetsSection = "targets"

    /// The versions at which some service or request changes on the platform, oldest first, that
    /// get a page (worked out once, in `PageContext.init`: the page list, the platform pages and the
    /// search index ask).
    ///
    /// Not every version a claim names: 4,000 claims each `from` a version of its own wrote 8,420
    /// pages (issue 41). Where the platform declares its `versions` in `platforms.yaml`, only those
    /// get a page; elsewhere each major version at which something changes gets one (a change at
    /// 15.4 is then on the 15.0 page, as "From 15.4"). A page answers for every version from its own
    /// on, so leaving a version out loses no answer, only a page to start from. A platform gets at
    /// most `VersionPageLimit.perPlatform` pages, its oldest: a target past the last reads the last,
    /// whose answers hold from its version on.
    func deploymentTargets(_ platform: String) -> [Version] { deploymentTargetsByPlatform[platform] ?? [] }

    static func deploymentTargets(_ platform: String, vocabulary: Vocabulary, answers: AnswerTable) -> [Version] {
        Array(answers.targetVersions(platform).prefix(VersionPageLimit.perPlatform))
    }

    static func targetRef(_ platform: String, _ version: Version) -> PageRef {
        PageRef(targetsSection, "\(platform)-\(version)")
    }

    /// Every deployment-target page, by platform.
    func deploymentTargetSources() -> [PageSource] {
        let context = self
        return vocabulary.ids(.platform).flatMap { platform in
            let targets = deploymentTargets(platform)
            return targets.map { version in
                PageSource(ref: Self.targetRef(platform, version), stage: .last) {
                    context.deploymentTargetPage(platform: platform, target: version, targets: targets)
                }
            }
        }
    }

    /// What a service's cell says for every deployment target that keeps the timeline's segments from
    /// `first` on (the segments that reach past the target are a suffix of the timeline, in OS order):
    /// one answer for the whole range, and the deprecation of the newest segment, said once after it.
    /// It depends on the target only through that suffix and the start of a "Varies" answer's first
    /// range, so `TargetAnswerTable` works it out once per suffix: 20,000 services × 99 targets ask.
    func targetAnswer(_ timeline: ServiceAnswers.SupportTimeline, keptFrom first: Int) -> TargetAnswer {
        let kept = timeline[first...]
        guard let newest = kept.last else { return TargetAnswer(text: .fixed("Unknown"), value: .unknown) }
        let deprecation = newest.support.deprecation
        // Neighbouring segments that read the same are one answer (a deprecation splits the timeline).
        var words: [(text: String, value: ValueClass)] = []
        var starts: [VersionRange] = []
        for index in kept.indices {
            let word = word(timeline[index].support.availability)
            if let last = words.last, last.text == word.0 { starts[starts.count - 1].until = timeline[index].os.until; continue }
            words.append(word)
            starts.append(timeline[index].os)
        }
        if words.count > 1, words.allSatisfy({ $0.value == .no || $0.value == .na }) { return TargetAnswer(text: .fixed("Never"), value: .no) }
        // Neighbours that read the same were joined: one word left means one answer for the whole range.
        if words.count == 1 {
            let (text, value) = words[0]
            switch value {
            case .yes:
                return TargetAnswer(
                    text: .fixed(deprecated(text == "Yes" ? "Yes, on every version" : text, deprecation)), value: deprecation == nil ? .yes : .deprecated)
            case .no: return TargetAnswer(text: .fixed(text == "No" ? "Never" : text), value: .no)
            case .unknown, .na, .deprecated: return TargetAnswer(text: .fixed(text), value: value)
            }
        }
        // Not yet, then yes to the newest version: "From 17.0".
        if words.last?.value == .yes, words.dropLast().allSatisfy({ $0.value != .yes && $0.value != .unknown }), let from = starts.last?.from {
            return TargetAnswer(text: .fixed(deprecated("From \(from)", deprecation)), value: deprecation == nil ? .yes : .deprecated)
        }
        // Only the first range can start before the target (the others start after its end).
        let rest = zip(starts, words).dropFirst().map { range, word in "; \(versions(range)): \(word.text)" }.joined()
        return TargetAnswer(text: .varies(first: starts[0], word: words[0].text, rest: rest), value: .unknown)
    }

    func deploymentTargetPage(platform: String, target: Version, targets: [Version]) -> Page {
        var book = CitationBook()
        let platformName = name(.platform, platform)
        var blocks: [Block] = [
            .paragraph([
                .text(
                    "For an app whose \(vocabulary.domain.deploymentTarget) is \(platformName) \(target): each cell holds for every version from \(target) on, as the sources state them. “From X” means the service works only from X; “Varies” lists the versions where the answer changes. Each value summarizes the service's own page, where every version range cites the sentences that decide it; the "
                ),
                .link([.text("\(platformName) page")], .page(ref(.platform, platform))), .text(" has them all side by side."),
            ]),
            .paragraph(
                [.text("Other \(vocabulary.domain.deploymentTarget)s: ")]
                    + targets.enumerated().flatMap { index, version -> [Inline] in
                        let label: Inline =
                            version == target
                            ? .strong([.text(version.description)]) : .link([.text(version.description)], .page(Self.targetRef(platform, version)))
                        return (index > 0 ? [.text(", ")] : []) + [label]
                    }),
        ]
        // Past the threshold the services are in parts (`ServiceListing`): the page states the usual
        // row and lists the parts, which list the other services (`TargetSummary`).
        if serviceParts.isSplit {
            let summary = targetSummary(platform: platform, target: target)
            let listing = listing(of: Self.targetRef(platform, target))
            blocks += usualRowBlocks(summary, platformName: platformName, target: target)
            blocks += partsSection(listing, listed: summary.omitsUsual ? summary.listedCounts(size: listing.size) : nil)
        } else {
            blocks += targetServiceBlocks(platform: platform, target: target, vocabulary.ids(.service))
        }
        blocks.append(.heading(2, Domain.capitalizedFirst(vocabulary.domain.keys), anchor: "keys"))
        blocks.append(
            .table(
                Table(
                    caption: "\(Domain.capitalizedFirst(vocabulary.domain.keys)) each request needs on \(platformName) \(target) and later",
                    columns: ["Request", "Keys needed somewhere in the range"],
                    rows: vocabulary.ids(.request).map { request in
                        let kept = answerTable.timeline(.requestKeys, subject: request, platform: platform).filter { $0.os.until.map { $0 > target } ?? true }
                        var keys: [String] = []
                        var closed: String?
                        // Where the range starts closed ("Request not available") and opens later: from when.
                        var opens: Version?
                        for segment in kept {
                            switch segment.answer {
                            case let .value(.keys(list)): for key in list where !keys.contains(key) { keys.append(key) }
                            case let .closed(gate): closed = closed ?? gate.name
                            default: break
                            }
                            if case .closed = segment.answer { continue }
                            if closed != nil, opens == nil { opens = segment.os.from }
                        }
                        let from: [Inline] = opens.map { [.text("From \($0): ")] } ?? []
                        // A key needed only before some version in the range says until when.
                        let content: [Inline] =
                            keys.isEmpty
                            ? (opens != nil
                                ? from + [.value(.unknown, [.text("Unknown")])] : [.value(closed == nil ? .unknown : .na, [.text(closed ?? "Unknown")])])
                            : from
                                + keys.enumerated().flatMap { index, key -> [Inline] in
                                    let until = kept.last(where: { if case let .value(.keys(list)) = $0.answer { list.contains(key) } else { false } })?.os
                                        .until
                                    return (index > 0 ? [.text(", ")] : []) + [link(.key, key)] + (until.map { [.text(" (before \($0))")] } ?? [])
                                }
                        let facts = kept.flatMap(\.facts)
                        let citations = book.citeInOrder(CitationBook.deciding(facts))
                        return TableRow(
                            header: TableCell([link(.request, request)]),
                            cells: [TableCell(content + (citations.isEmpty ? [] : [.text(" ")]) + Citation.markers(citations))])
                    })))
        blocks += targetDeprecationBlocks(platform: platform, target: target, book: &book)
        blocks += book.blocks(self)
        return Page(
            ref: Self.targetRef(platform, target), title: "\(platformName) \(target) and later",
            description: "What works and which \(vocabulary.domain.keys) are needed for an app deployed to \(platformName) \(target) and later.",
            blocks: blocks,
            manName: ManPageNames.target(platform: platform, version: target.description), seeAlso: [ref(.platform, platform)])
    }

    /// The overview's statement of the row most services share, as a one-row table with the
    /// columns of the parts' tables; nothing where no two services share a row.
    func usualRowBlocks(_ summary: TargetSummary, platformName: String, target: Version) -> [Block] {
        guard summary.omitsUsual else { return [] }
        let services = vocabulary.domain.services.lowercased()
        let others = summary.listed.count - summary.usualCount
        return [
            .heading(2, "Services", anchor: "services"),
            .paragraph([
                .text(
                    "\(summary.usualCount) of the \(summary.listed.count) \(services) give the same answer for \(platformName) \(target) and later: the table below. The parts list the other \(others), each with its own answers; a service its part does not list gives this answer."
                )
            ]),
            .table(
                Table(
                    caption: "The answer of the \(services) the parts do not list",
                    columns: ["Services"] + vocabulary.ids(.level).map { "Under \(name(.level, $0))" },
                    rows: [
                        TableRow(
                            header: TableCell([.text("\(summary.usualCount) \(services)")]),
                            cells: summary.usual.map { TableCell([.value($0.value, [.text($0.text)])]) }, anchor: "usual")
                    ])),
        ]
    }

    /// A part of a deployment-target page: the services of its range whose row differs from the
    /// usual one, and that answer for the others.
    func targetPartBlocks(platform: String, target: Version, _ services: ArraySlice<String>) -> [Block] {
        let summary = targetSummary(platform: platform, target: target)
        guard summary.omitsUsual else { return targetServiceBlocks(platform: platform, target: target, Array(services)) }
        let listed = services.indices.filter(summary.isListed(position:)).map { services[$0] }
        let usual = summary.usual.enumerated().flatMap { index, answer -> [Inline] in
            (index > 0 ? [.text("; ")] : []) + [.text("under \(name(.level, vocabulary.ids(.level)[index])): "), .value(answer.value, [.text(answer.text)])]
        }
        let overview = Self.targetRef(platform, target).with(fragment: "services")
        let lead =
            listed.isEmpty
            ? "Every service of this part gives the answer most give ("
            : "This part lists \(listed.count) of its \(services.count) services; the others give the answer most give ("
        let others: [Inline] = [.text(lead), .link([.text("overview")], .page(overview)), .text("): ")] + usual + [.text(".")]
        return [.heading(2, "Services", anchor: "services"), .paragraph(others)]
            + (listed.isEmpty ? [] : [targetServiceTable(platform: platform, target: target, listed)])
    }

    /// The deployment-target page's services: the whole page's, or a part's.
    func targetServiceBlocks(platform: String, target: Version, _ services: [String]) -> [Block] {
        [.heading(2, "Services", anchor: "services"), targetServiceTable(platform: platform, target: target, services)]
    }

    /// A row per service, a column per level: each cell one answer for the whole range from the target.
    func targetServiceTable(platform: String, target: Version, _ services: [String]) -> Block {
        let platformName = name(.platform, platform)
        let levels = vocabulary.ids(.level)
        return .table(
            Table(
                caption: "\(vocabulary.domain.services) for \(platformName) \(target) and later",
                columns: ["Service"] + levels.map { "Under \(name(.level, $0))" },
                rows: services.map { service in
                    TableRow(
                        header: TableCell([link(.service, service)]),
                        cells: targetCells(service: service, platform: platform, target: target).map { cell in
                            // A summary of the service page's timeline: the claims are cited there, cell by cell and
                            // version by version; here they would be every claim of every segment in the range, which
                            // at thousands of services makes each of these pages megabytes.
                            TableCell([.value(cell.value, [.text(cell.text)])])
                        }, anchor: "service-" + service)
                }))
    }
}

/// A deployment-target cell's answer before its target is known (`PageContext.targetAnswer`).
struct TargetAnswer: Sendable, Hashable {
    enum Text: Sendable, Hashable {
        /// The same for every target that keeps the segments.
        case fixed(String)
        /// "Varies: 15.0 to 17.0: No; 17.0+: Yes": the first range starts at the target when it
        /// started before it; the others follow as they are.
        case varies(first: VersionRange, word: String, rest: String)
    }

    let text: Text
    let value: ValueClass

    func text(from target: Version, _ context: PageContext) -> String {
        at(target).text(context)
    }

    /// The cell's words for the target this answer was read at (`at`).
    func text(_ context: PageContext) -> String {
        switch text {
        case let .fixed(text): text
        case let .varies(first, word, rest): "Varies: \(context.versions(first)): \(word)\(rest)"
        }
    }

    /// The answer for this target: a "Varies" answer's first range starts at the target when it
    /// started before it. Two answers read the same at the target when these are equal, which
    /// compares without writing their text (`TargetSummary` compares 20,000 rows per target).
    func at(_ target: Version) -> TargetAnswer {
        guard case let .varies(first, word, rest) = text, first.from.map({ $0 < target }) ?? true else { return self }
        var range = first
        range.from = target
        return TargetAnswer(text: .varies(first: range, word: word, rest: rest), value: value)
    }
}
