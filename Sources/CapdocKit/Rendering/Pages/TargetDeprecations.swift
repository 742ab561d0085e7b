/// The deprecations a deployment-target page lists: every request, Info.plist key and API deprecated
/// on the platform at the newest versions, with the version that deprecated it, so that an app that
/// supports a version and later sees what it should move away from (deprecated before its target:
/// no longer needed there; at or after it: still needed by the older versions it supports). Services
/// say their deprecation in the services table.
extension PageContext {
    func targetDeprecationBlocks(platform: String, target: Version, book: inout CitationBook) -> [Block] {
        // Each kind with the fact that it exists, which its deprecation's gate requires.
        let kinds: [(EntityKind, FactKind, FactKind, String)] = [
            (.request, .requestDeprecated, .requestAvailable, "Request"),
            (.key, .keyDeprecated, .keyExists, Domain.capitalizedFirst(vocabulary.domain.key)),
            (.api, .apiDeprecated, .apiAvailable, "API"),
        ]
        var rows: [TableRow] = []
        for (kind, factKind, existsKind, kindName) in kinds {
            for id in vocabulary.ids(kind) {
                let timeline = answerTable.timeline(factKind, subject: id, platform: platform)
                guard let since = Self.newestYes(timeline), let newest = timeline.last else { continue }
                let when: String
                if let version = since ?? nil {
                    if !(version > target) {
                        when = "\(version), at or before \(target)"
                    } else if Self.exists(before: version, from: target, in: answerTable.timeline(existsKind, subject: id, platform: platform)) {
                        when = "\(version), after \(target): older versions still use it"
                    } else {
                        // startRangingBeacons(in:) on macOS: introduced and deprecated in 11.0, so no
                        // version the app supports before it has it to use.
                        when = "\(version), where it appears: no older version has it"
                    }
                } else {
                    when = "every version"
                }
                let replacement = newest.replacement(in: merge).map { replacementLinks.inlines($0, context: self) } ?? []
                let citations = book.citeInOrder(CitationBook.deciding(newest.facts))
                rows.append(
                    TableRow(
                        header: TableCell([link(kind, id)]),
                        cells: [
                            TableCell(text: kindName),
                            TableCell(
                                [.value(.deprecated, [.text(when)])] + replacement + (citations.isEmpty ? [] : [.text(" ")]) + Citation.markers(citations)),
                        ]))
            }
        }
        guard !rows.isEmpty else { return [] }
        let platformName = name(.platform, platform)
        return [
            .heading(2, "Deprecated", anchor: "deprecated"),
            .table(
                Table(
                    caption: "Requests, \(vocabulary.domain.keys) and APIs deprecated on \(platformName)", columns: ["Name", "Kind", "Deprecated since"],
                    rows: rows)),
        ]
    }

    /// Whether the request, key or API exists, or may exist (no source says it does not), somewhere
    /// from `target` up to `version`, by the timeline of the fact that it exists.
    static func exists(before version: Version, from target: Version, in existence: [GatedFacts.Segment]) -> Bool {
        existence.contains { segment in
            segment.answer != .value(.boolean(false)) && segment.os.overlaps(VersionRange(from: target, until: version))
        }
    }
}
