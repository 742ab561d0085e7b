/// The duplicate-key check of a YAML mapping.
enum DuplicateKeys {
    /// The first key, in the order written, that repeats an earlier one, and that earlier one's
    /// index; nil when no key repeats.
    static func firstRepeat(_ keys: [YAMLKey]) -> (first: Int, repeated: Int)? {
        var firstIndex: [YAMLKey: Int] = [:]
        for (index, key) in keys.enumerated() {
            if let first = firstIndex[key] { return (first, index) }
            firstIndex[key] = index
        }
        return nil
    }
}
