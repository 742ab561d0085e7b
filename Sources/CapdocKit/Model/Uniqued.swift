extension Array where Element: Hashable {
    /// The elements without repeats, each where it first occurs.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
