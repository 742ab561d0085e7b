/// The parts of an automaton as a forest in which each part's parent is its longest proper suffix
/// that is also a part, laid out in heavy paths: each path (a part, its child with the most
/// descendants, that one's, …) takes consecutive positions, so the parts that end where a scan
/// stands — the deepest one and its ancestors — are a few ranges of positions, one per path on the
/// way up (at most log₂ of the number of parts). With the parts of interest marked in
/// `MarkedPositions`, the marked ones among them are found in a few word operations per range plus
/// one per part found, however many unmarked suffixes lie between: a run of a's ends a, aa, aaa, …
/// at once, and only the ones with quotes waiting are looked at.
struct SuffixPartTree {
    /// Each part's place; parts on one heavy path are consecutive, the top of the path first.
    private(set) var position: [Int]
    /// The part at each position.
    private(set) var partAt: [Int32]
    /// The top of each part's heavy path.
    private var top: [Int32]
    private let parent: [Int32]

    init(automaton: PartAutomaton) {
        parent = automaton.suffixParent
        let count = parent.count
        // Sizes from the leaves up: the parts by length have every parent before its children.
        var size = [Int](repeating: 1, count: count)
        for part in automaton.partsByLength.reversed() where parent[Int(part)] >= 0 {
            size[Int(parent[Int(part)])] += size[Int(part)]
        }
        var heavyChild = [Int32](repeating: -1, count: count)
        for part in automaton.partsByLength {
            let up = Int(parent[Int(part)])
            guard up >= 0 else { continue }
            if heavyChild[up] < 0 || size[Int(part)] > size[Int(heavyChild[up])] { heavyChild[up] = part }
        }
        // Each part that is not its parent's heavy child starts a path: lay out the whole path.
        position = [Int](repeating: -1, count: count)
        partAt = [Int32](repeating: -1, count: count)
        top = [Int32](repeating: -1, count: count)
        var next = 0
        for part in automaton.partsByLength where position[Int(part)] < 0 {
            var member = part
            while member >= 0 {
                position[Int(member)] = next
                partAt[next] = member
                top[Int(member)] = part
                next += 1
                member = heavyChild[Int(member)]
            }
        }
    }

    /// Appends to `found` the marked parts among `part` and its ancestors, deepest first.
    func markedSuffixes(of part: Int32, marked: MarkedPositions, into found: inout [Int32]) {
        var part = part
        while part >= 0 {
            let pathTop = top[Int(part)]
            let lowest = position[Int(pathTop)]
            var below = position[Int(part)]
            while let mark = marked.largest(atOrBelow: below), mark >= lowest {
                found.append(partAt[mark])
                below = mark - 1
            }
            part = parent[Int(pathTop)]
        }
    }
}
