/// The duplicate-key check of a YAML mapping, as Yams' composer made it.
enum DuplicateKeys {
    /// Of the keys written more than once, the one Yams reported — the least in its ordering — and
    /// the index of its first occurrence; nil when no key repeats.
    static func reported(_ keys: [YAMLKey]) -> (key: YAMLKey, index: Int)? {
        var firstIndex: [YAMLKey: Int] = [:]
        var repeated: [Int] = []
        var isRepeated = Set<Int>()
        for (index, key) in keys.enumerated() {
            if let first = firstIndex[key] {
                if isRepeated.insert(first).inserted { repeated.append(first) }
            } else {
                firstIndex[key] = index
            }
        }
        guard let least = repeated.min(by: { YAMLKey.precedes(keys[$0], keys[$1]) }) else { return nil }
        return (keys[least], least)
    }
}
