extension Array where Element: Hashable {
    /// The elements without repeats, each where it first occurs.
    ///
    /// Mostly asked of a few claim references (those that decide one answer), for every cell of every
    /// page: up to `comparedInPlace` elements, each is compared with those kept, which costs less than
    /// hashing it into a Set.
    func uniqued() -> [Element] {
        guard count > Self.comparedInPlace else {
            return uniquedByComparing()
        }
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }

    static var comparedInPlace: Int { 24 }

    func uniquedByComparing() -> [Element] {
        var kept: [Element] = []
        kept.reserveCapacity(count)
        for element in self where !kept.contains(element) { kept.append(element) }
        return kept
    }
}

extension Array where Element == String {
    /// `uniqued()` for ids and claim references: past a few, they are hashed by an `IDTable` rather
    /// than a Set (some general claims decide thousands of cells, and their lists run long).
    func uniqued() -> [String] {
        guard count > Self.comparedInPlace else { return uniquedByComparing() }
        let places = IDTable(self)
        return indices.compactMap { places[self[$0]] == $0 ? self[$0] : nil }
    }
}
