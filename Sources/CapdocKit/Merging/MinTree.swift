/// A segment tree of minima over `count` slots of Int32 (all `empty` at first): it sets a slot
/// and finds the first slot at or after a position, or the last before one, whose value is below a
/// threshold — each in O(log count). The merge's sweep keeps the claims of a big cell in these.
struct MinTree {
    static let empty = Int32.max

    private(set) var count = 0
    private var leaves = 1
    private var nodes: [Int32] = [empty, empty]

    /// Empties the tree and sizes it for `count` slots, reusing its storage.
    mutating func reset(count: Int) {
        self.count = count
        leaves = 1
        while leaves < count { leaves *= 2 }
        if nodes.count < 2 * leaves {
            nodes = [Int32](repeating: Self.empty, count: 2 * leaves)
        } else {
            for index in 0..<(2 * leaves) { nodes[index] = Self.empty }
        }
    }

    subscript(slot: Int) -> Int32 { nodes[leaves + slot] }

    mutating func set(_ slot: Int, _ value: Int32) {
        var node = leaves + slot
        nodes[node] = value
        while node > 1 {
            node /= 2
            nodes[node] = min(nodes[2 * node], nodes[2 * node + 1])
        }
    }

    /// The first slot at or after `start` whose value is below `threshold`.
    func firstSlot(from start: Int, below threshold: Int32) -> Int? {
        first(node: 1, lower: 0, upper: leaves, start: start, threshold: threshold)
    }

    /// The last slot before `end` whose value is below `threshold`.
    func lastSlot(before end: Int, below threshold: Int32) -> Int? {
        last(node: 1, lower: 0, upper: leaves, end: end, threshold: threshold)
    }

    /// Calls `body` with every slot in `range` whose value is below `threshold`, in order: in one walk
    /// that opens only nodes holding such a slot (and those straddling the range's ends).
    func forEachSlot(in range: Range<Int>, below threshold: Int32, _ body: (Int) -> Void) {
        // On the raw storage: the walk visits a node per slot it reports, and each should cost little.
        nodes.withUnsafeBufferPointer { nodes in
            func visit(_ node: Int, _ lower: Int, _ upper: Int) {
                guard lower < range.upperBound, upper > range.lowerBound, nodes[node] < threshold else { return }
                if upper - lower == 1 { return body(lower) }
                let middle = (lower + upper) / 2
                visit(2 * node, lower, middle)
                visit(2 * node + 1, middle, upper)
            }
            visit(1, 0, leaves)
        }
    }

    /// The first `limit` slots in `range` whose value is below `threshold`, in order: `forEachSlot`
    /// that stops there, so that taking a few of thousands costs a few walks down the tree.
    func firstSlots(in range: Range<Int>, below threshold: Int32, limit: Int) -> [Int] {
        var found: [Int] = []
        guard limit > 0 else { return found }
        found.reserveCapacity(limit)
        nodes.withUnsafeBufferPointer { nodes in
            func visit(_ node: Int, _ lower: Int, _ upper: Int) {
                guard found.count < limit, lower < range.upperBound, upper > range.lowerBound, nodes[node] < threshold else { return }
                if upper - lower == 1 { return found.append(lower) }
                let middle = (lower + upper) / 2
                visit(2 * node, lower, middle)
                visit(2 * node + 1, middle, upper)
            }
            visit(1, 0, leaves)
        }
        return found
    }

    // Only nodes that straddle the bound are opened without being sure to hold an answer: one per level.
    private func first(node: Int, lower: Int, upper: Int, start: Int, threshold: Int32) -> Int? {
        guard upper > start, nodes[node] < threshold else { return nil }
        if upper - lower == 1 { return lower }
        let middle = (lower + upper) / 2
        return first(node: 2 * node, lower: lower, upper: middle, start: start, threshold: threshold)
            ?? first(node: 2 * node + 1, lower: middle, upper: upper, start: start, threshold: threshold)
    }

    private func last(node: Int, lower: Int, upper: Int, end: Int, threshold: Int32) -> Int? {
        guard lower < end, nodes[node] < threshold else { return nil }
        if upper - lower == 1 { return lower }
        let middle = (lower + upper) / 2
        return last(node: 2 * node + 1, lower: middle, upper: upper, end: end, threshold: threshold)
            ?? last(node: 2 * node, lower: lower, upper: middle, end: end, threshold: threshold)
    }
}
