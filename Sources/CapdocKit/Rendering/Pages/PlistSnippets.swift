/// The Info.plist entries a request needs, as XML to paste, with placeholders for the strings.
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
        guard !groups.isEmpty else { return [] }
        var blocks: [Block] = [
            .heading(2, "Info.plist entries", anchor: "info-plist"),
            .paragraph([
                .text(
                    "What to add to the app's Info.plist for this request on the newest versions; replace the placeholders with \(vocabulary.domain.usageHint), in words a person understands. Older deployment targets may need more keys: see the table above."
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

    /// `<key>…</key>` and a placeholder value of the key's type: the background mode of `keys.yaml`
    /// (`background-mode`) in an array.
    func plistEntry(_ key: String) -> String {
        let attributes = vocabulary.entity(.key, key)?.attributes ?? [:]
        let value =
            switch attributes["type"] ?? "string" {
            case "dictionary": "<dict>\n  <key>PurposeKey</key>\n  <string>Why this needs precise location</string>\n</dict>"
            case "boolean": "<true/>"
            case "array": "<array>\n  <string>\(attributes["background-mode"] ?? "Value")</string>\n</array>"
            default: "<string>\(vocabulary.domain.usageExample)</string>"
            }
        return "<key>\(key)</key>\n" + value
    }
}
