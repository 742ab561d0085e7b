/// The deprecations a deployment-target page lists: every request, Info.plist key and API deprecated
/// on the platform at the newest versions, with the version that deprecated it, so that an app that
/// supports a version and later sees what it should move away from (deprecated before its target:
/// no longer needed there; at or after it: still needed by the older versions it supports). Services
/// say their deprecation in the services table.
extension PageContext {
    func targetDeprecationBlocks(platform: String, target: Version, book: inout CitationBook) -> [Block] {
        let kinds: [(EntityKind, FactKind, String)] = [
            (.request, .requestDeprecated, "Request"), (.key, .keyDeprecated, Domain.capitalizedFirst(vocabulary.domain.key)), (.api, .apiDeprecated, "API"),
        ]
        var rows: [TableRow] = []
        for (kind, factKind, kindName) in kinds {
            for id in vocabulary.ids(kind) {
                let timeline = answerTable.timeline(factKind, subject: id, platform: platform)
                guard let since = Self.newestYes(timeline), let newest = timeline.last else { continue }
                let when: String
                if let version = since ?? nil {
                    when = version > target ? "\(version), after \(target): older versions still use it" : "\(version), at or before \(target)"
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
}
