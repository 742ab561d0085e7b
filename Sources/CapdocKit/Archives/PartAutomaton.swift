/// An Aho–Corasick automaton over a set of distinct, non-empty byte strings (the normalized parts of
/// quotes): one pass over a text reports, at each position, which parts end there.
///
/// Built in time linear in the parts' total size: the trie is laid out breadth first by an MSD radix
/// pass over the parts (each node's children contiguous and sorted by byte, for a binary search), and
/// the failure links follow in the same order. Memory is a few words per trie node.
///
/// The parts ending at a position are the part at the deepest matched node and its ancestors in the
/// *suffix tree of parts* (each part's parent is its longest proper suffix that is also a part). A
/// position can end many parts (a, aa, aaa, … in a run of a's), so the automaton does not list them:
/// it gives the deepest (`deepestPart(endingAt:)`), and the tree is laid out in heavy paths
/// (`SuffixPartTree`) for the caller to walk only the parts it cares about.
struct PartAutomaton {
    /// For each node, its children: `edgeBytes[firstEdge[n] ..< firstEdge[n + 1]]`, sorted, leading
    /// to `edgeTargets` at the same indices.
    private var firstEdge: [Int32] = []
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    /// The root's children by byte (-1: none), the one node every failure chain ends at.
    private var rootChild = [Int32](repeating: -1, count: 256)
    private var failure: [Int32] = []
    /// The part a node spells, or -1.
    private var partAtNode: [Int32] = []
    /// The deepest part that is a suffix of what the node spells (itself included), or -1.
    private var deepestPart: [Int32] = []
    /// For each part, its longest proper suffix that is also a part, or -1.
    private(set) var suffixParent: [Int32] = []
    /// The parts' lengths.
    private(set) var partLength: [Int] = []
    /// The parts in order of length (the breadth-first order of the trie): parents before children.
    private(set) var partsByLength: [Int32] = []

    /// The root node; a scan starts there.
    static let root: Int32 = 0

    /// `parts` must be distinct and non-empty; part `i` is reported as `i`.
    init(parts: [[UInt8]]) {
        partLength = parts.map(\.count)
        suffixParent = [Int32](repeating: -1, count: parts.count)
        buildTrie(parts)
        linkFailures()
    }

    private mutating func buildTrie(_ parts: [[UInt8]]) {
        // The parts end to end, so that the radix pass reads bytes, not arrays of arrays.
        let totalLength = partLength.reduce(0, +)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(totalLength)
        var partStart: [Int] = []
        partStart.reserveCapacity(parts.count)
        for part in parts {
            partStart.append(bytes.count)
            bytes.append(contentsOf: part)
        }
        // At most one node per byte, and the root.
        partAtNode.reserveCapacity(totalLength + 1)
        firstEdge.reserveCapacity(totalLength + 2)
        edgeBytes.reserveCapacity(totalLength)
        edgeTargets.reserveCapacity(totalLength)
        partsByLength.reserveCapacity(parts.count)
        // Each pending node is a range of the parts that pass through it, in `orders[depth % 2]`: a
        // node's children are written to the other one, which its own level no longer needs.
        var orders = [Array(0 ..< parts.count), [Int](repeating: 0, count: parts.count)]
        var pending: [(lower: Int, upper: Int, depth: Int)] = [(0, parts.count, 0)]
        var counts = [Int](repeating: 0, count: 256)
        var starts = [Int](repeating: 0, count: 256)
        var present: [UInt8] = []
        var node = 0
        bytes.withUnsafeBufferPointer { bytes in
            partStart.withUnsafeBufferPointer { partStart in
                partLength.withUnsafeBufferPointer { lengths in
                    counts.withUnsafeMutableBufferPointer { counts in
                        starts.withUnsafeMutableBufferPointer { starts in
                            while node < pending.count {
                                let (lower, upper, depth) = pending[node]
                                var terminal: Int32 = -1
                                present.removeAll(keepingCapacity: true)
                                orders[depth & 1].withUnsafeBufferPointer { order in
                                    // The part that ends here (at most one: the parts are distinct),
                                    // and how many of the others go on with each byte.
                                    for index in lower ..< upper {
                                        let part = order[index]
                                        if lengths[part] == depth {
                                            terminal = Int32(part)
                                            continue
                                        }
                                        let byte = Int(bytes[partStart[part] + depth])
                                        if counts[byte] == 0 { present.append(UInt8(byte)) }
                                        counts[byte] += 1
                                    }
                                }
                                partAtNode.append(terminal)
                                if terminal >= 0 { partsByLength.append(terminal) }
                                firstEdge.append(Int32(edgeBytes.count))
                                guard !present.isEmpty else {
                                    node += 1
                                    continue
                                }
                                // The children in byte order, each with its range (a counting sort).
                                present.sort()
                                var start = lower
                                for byte in present {
                                    starts[Int(byte)] = start
                                    pending.append((start, start + counts[Int(byte)], depth + 1))
                                    edgeBytes.append(byte)
                                    edgeTargets.append(Int32(pending.count - 1))
                                    start += counts[Int(byte)]
                                    counts[Int(byte)] = 0
                                }
                                let order = orders[depth & 1]
                                orders[(depth + 1) & 1].withUnsafeMutableBufferPointer { next in
                                    order.withUnsafeBufferPointer { order in
                                        for index in lower ..< upper where lengths[order[index]] != depth {
                                            let byte = Int(bytes[partStart[order[index]] + depth])
                                            next[starts[byte]] = order[index]
                                            starts[byte] += 1
                                        }
                                    }
                                }
                                node += 1
                            }
                        }
                    }
                }
            }
        }
        firstEdge.append(Int32(edgeBytes.count))
        for edge in Int(firstEdge[0]) ..< Int(firstEdge[1]) {
            rootChild[Int(edgeBytes[edge])] = edgeTargets[edge]
        }
    }

    /// Breadth first, so that a node's failure (a shallower node) is linked before it.
    private mutating func linkFailures() {
        let nodeCount = partAtNode.count
        failure = [Int32](repeating: 0, count: nodeCount)
        deepestPart = [Int32](repeating: -1, count: nodeCount)
        deepestPart[0] = partAtNode[0]
        for node in 0 ..< nodeCount {
            if node > 0 {
                deepestPart[node] = partAtNode[node] >= 0 ? partAtNode[node] : deepestPart[Int(failure[node])]
                if partAtNode[node] >= 0 { suffixParent[Int(partAtNode[node])] = deepestPart[Int(failure[node])] }
            }
            for edge in Int(firstEdge[node]) ..< Int(firstEdge[node + 1]) {
                let child = Int(edgeTargets[edge])
                failure[child] = node == 0 ? 0 : next(from: failure[node], byte: edgeBytes[edge])
            }
        }
    }

    /// The node after reading `byte` in `node`: its child, or else its failure's, and so on.
    func next(from node: Int32, byte: UInt8) -> Int32 {
        var node = node
        while node != 0 {
            if let child = child(of: node, byte: byte) { return child }
            node = failure[Int(node)]
        }
        return max(rootChild[Int(byte)], 0)
    }

    private func child(of node: Int32, byte: UInt8) -> Int32? {
        var lower = Int(firstEdge[Int(node)])
        var upper = Int(firstEdge[Int(node) + 1])
        while lower < upper {
            let middle = (lower + upper) >> 1
            let found = edgeBytes[middle]
            if found == byte { return edgeTargets[middle] }
            if found < byte { lower = middle + 1 } else { upper = middle }
        }
        return nil
    }

    /// The longest part that ends where the scan, in `node`, has just read a byte, or -1: every other
    /// part that ends there is one of its ancestors in `suffixParent`.
    func deepestPart(at node: Int32) -> Int32 { deepestPart[Int(node)] }
}
