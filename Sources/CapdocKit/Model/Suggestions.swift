/// "Did you mean" for unknown ids: the nearest candidates by edit distance, case-insensitively.
enum Suggestions {
    /// Up to `limit` candidates close enough to `word` to be a plausible typo, nearest first.
    static func nearest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        // Edit distance is quadratic: a word far longer than any id is no typo of one.
        guard word.utf8.count <= 256 else { return [] }
        let lowered = word.lowercased()
        let threshold = max(2, lowered.count / 3)
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in candidates {
            let other = candidate.lowercased()
            if other == lowered { scored.append((0, candidate)); continue }
            if abs(other.count - lowered.count) > threshold,
                !(other.contains(lowered) || lowered.contains(other))
            {
                continue
            }
            let distance = editDistance(Array(lowered.unicodeScalars), Array(other.unicodeScalars))
            if distance <= threshold || other.hasPrefix(lowered) || lowered.hasPrefix(other) {
                scored.append((distance, candidate))
            }
        }
        return scored.sorted { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }
            .prefix(limit).map(\.candidate)
    }

    /// " (did you mean 'a' or 'b'?)", or "" when nothing is close.
    static func phrase(for word: String, in candidates: [String]) -> String {
        phrase(nearest(to: word, in: candidates))
    }

    /// " (did you mean 'a' or 'b'?)" for suggestions already found, or "" when there are none.
    static func phrase(_ found: [String]) -> String {
        guard !found.isEmpty else { return "" }
        let quoted = found.map { "'\($0)'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        return " (did you mean \(list)?)"
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
