/// Purpose strings that say nothing: text a template or a developer left for later. The
/// permission prompt shows the string as it is, and App Review turns down an app whose purpose
/// strings do not tell people clearly why it uses the data, so these are errors like an empty one.
enum PlaceholderText {
    /// The words of a note left for later, as the whole string or written in capitals first.
    static let notes = ["todo", "tbd", "fixme"]

    /// Why `text` is a placeholder for `key` (Xcode's display name of it: `label`), or nil.
    /// Placeholders are short: a longer string is only searched for filler at its start. (Read
    /// whole and in words, a 10 MB purpose string took seconds.)
    static let longestPlaceholder = 512

    static func reason(_ text: String, key: String, label: String?) -> String? {
        if text.utf8.count > longestPlaceholder {
            let start = String(decoding: text.utf8.prefix(longestPlaceholder), as: UTF8.self).lowercased()
            return start.contains("lorem ipsum") ? "is lorem ipsum filler" : nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        guard !lowered.isEmpty else { return nil }
        if lowered == key.lowercased() || lowered == label?.lowercased() { return "is the key's own name" }
        let words = lowered.split(whereSeparator: { !$0.isLetter }).map(String.init)
        if let first = words.first, notes.contains(first), words.count == 1 || trimmed.hasPrefix(first.uppercased()) {
            return "is a note left for later ('\(trimmed)')"
        }
        if lowered.contains("goes here") { return "is a template's placeholder ('\(trimmed)')" }
        if lowered.contains("lorem ipsum") { return "is lorem ipsum filler" }
        return nil
    }
}
