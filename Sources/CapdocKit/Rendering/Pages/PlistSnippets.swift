/// The entries a request needs in the app's key file (`key-file`, such as Info.plist), written by the
/// domain's `key-snippet`, to paste, with placeholders for the strings.
extension PageContext {
    /// One snippet per distinct set of keys the request needs at the newest versions, naming the
    /// platforms it is for; nothing where no platform decides the keys.
    func plistSnippets(request: String, book: inout CitationBook) -> [Block] {
        var groups: [(keys: [String], platforms: [String], facts: [Fact])] = []
        for platform in vocabulary.ids(.platform) {
            guard let segment = answerTable.timeline(.requestKeys, subject: request, platform: platform).last,
                case let .value(.keys(keys)) = segment.answer, !keys.isEmpty
            else { continue }
            if let index = groups.firstIndex(where: { $0.keys == keys }) {
                groups[index].platforms.append(platform)
                groups[index].facts += segment.facts
            } else {
                groups.append((keys, [platform], segment.facts))
            }
        }
        let domain = vocabulary.domain
        guard !groups.isEmpty, let file = domain.keyFile, domain.keySnippet != nil else { return [] }
        var blocks: [Block] = [
            .heading(2, "\(file) entries", anchor: "info-plist"),
            .paragraph([
                .text(
                    "What to add to the app's \(file) for this request on the newest versions; replace the placeholders with \(domain.usageHint), in words a person understands. Older \(domain.deploymentTarget)s may need more \(domain.keys): see the table above."
                )
            ]),
        ]
        for group in groups {
            let names = group.platforms.map { name(.platform, $0) }.joined(separator: ", ")
            blocks.append(.paragraph([.text("On \(names):")] + [.text(" ")] + Citation.markers(book.cite(group.facts))))
            blocks.append(.code(group.keys.map(plistEntry).joined(separator: "\n")))
        }
        return blocks
    }

    /// The domain's `key-snippet` with the key's name for `{key}` and, for `{value}`, a placeholder
    /// of the key's type (property-list values: the background mode of `keys.yaml` in an array).
    func plistEntry(_ key: String) -> String {
        let attributes = vocabulary.entity(.key, key)?.attributes ?? [:]
        let example = vocabulary.domain.usageExample
        let value =
            switch attributes["type"] ?? "string" {
            case "dictionary": "<dict>\n  <key>PurposeKey</key>\n  <string>\(example)</string>\n</dict>"
            case "boolean": "<true/>"
            case "array": "<array>\n  <string>\(attributes["background-mode"] ?? "Value")</string>\n</array>"
            default: "<string>\(example)</string>"
            }
        let snippet = vocabulary.domain.keySnippet ?? "{key}"
        // `{value}` first: a key's name never holds braces (ids are letters, digits, `_` and `.`).
        return snippet.replacingOccurrences(of: "{value}", with: value).replacingOccurrences(of: "{key}", with: key)
    }
}
