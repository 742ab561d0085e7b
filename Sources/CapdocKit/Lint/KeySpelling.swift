import Foundation

/// Finds keys that were meant to be a key of the model: a wrong case, a typo, Xcode's display name
/// used as the key, or one of these with stray white space. The system reads none of them.
struct KeySpelling {
    /// The keys of the model, and Xcode's display name (`label`) of each.
    let keys: [String]
    let labels: [String: String]

    init(vocabulary: Vocabulary) {
        keys = vocabulary.ids(.key)
        var labels: [String: String] = [:]
        for key in keys {
            if let label = vocabulary.entity(.key, key)?.attributes["label"] { labels[label] = key }
        }
        self.labels = labels
    }

    /// The key `written` was meant to be, and why it is not that key; nil when it is a key of the
    /// model or one Apple documents (`DocumentedInfoPlistKeys`: `WKBackgroundModes` is no typo of
    /// `UIBackgroundModes`), or not near a key of the model. Keys shorter than 12 characters are compared only by case: real Info.plists
    /// have many short keys a few edits from each other.
    func intended(_ written: String) -> (key: String, reason: String)? {
        guard !keys.contains(written), !DocumentedInfoPlistKeys.keys.contains(written) else { return nil }
        if let key = labels[written] { return (key, "Xcode's display name of \(key), not the key itself") }
        let trimmed = written.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed != written, keys.contains(trimmed) { return (trimmed, "\(trimmed) with white space around it") }
        let lowered = trimmed.lowercased()
        if let key = keys.first(where: { $0.lowercased() == lowered }) { return (key, "\(key) in the wrong case") }
        guard trimmed.count >= 12 else { return nil }
        let scalars = Array(lowered.unicodeScalars)
        var best: (key: String, distance: Int)?
        for key in keys where abs(key.unicodeScalars.count - scalars.count) <= 3 {
            let distance = Suggestions.editDistance(scalars, Array(key.lowercased().unicodeScalars))
            // Three edits only for long keys: a short usage-description key of one framework is
            // often three edits from a real key of another framework.
            let allowed = key.count >= 30 ? 3 : 2
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (key, distance) }
        }
        guard let best else { return nil }
        return (best.key, "a misspelling of \(best.key)")
    }
}
