/// The versions where some answer may change, kept sorted and each once: what a timeline gathers
/// from a cell's facts and its gates' facts before it answers between them.
///
/// A handful of versions per timeline, gathered for every cell of every page and of the dataset
/// (millions at 20,000 services): a sorted array searched by halves costs a few comparisons of two
/// words each, where a `Set` hashed every version at each insert and then had to be sorted anyway.
struct VersionBounds: Sendable, Equatable {
    /// Ascending, without repeats.
    private(set) var sorted: [Version] = []

    init() {}

    init(_ versions: some Sequence<Version>) {
        for version in versions { insert(version) }
    }

    var isEmpty: Bool { sorted.isEmpty }

    mutating func insert(_ version: Version) {
        // Most bounds arrive in order or again: check the end first.
        if let last = sorted.last, last < version { sorted.append(version); return }
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < version { low = middle + 1 } else { high = middle }
        }
        if low < sorted.count, sorted[low] == version { return }
        sorted.insert(version, at: low)
    }
}
