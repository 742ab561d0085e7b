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
        // Built in locals (a property of `self` costs more to reach in a debug build), at most one
        // node per byte and the root.
        var partAtNode: [Int32] = [], firstEdge: [Int32] = [], edgeBytes: [UInt8] = [], edgeTargets: [Int32] = []
        var partsByLength: [Int32] = []
        partAtNode.reserveCapacity(totalLength + 1)
        firstEdge.reserveCapacity(totalLength + 2)
        edgeBytes.reserveCapacity(totalLength)
        edgeTargets.reserveCapacity(totalLength)
        partsByLength.reserveCapacity(parts.count)
        // Each pending node is a range of the parts that pass through it, and its depth. The ranges of
        // one depth are in one half of `orders`; a node's children go to the other half, which its
        // own depth no longer needs.
        let count = parts.count
        var orders = Array(0 ..< count) + [Int](repeating: 0, count: count)
        var lowers: [Int] = [0], uppers: [Int] = [count], depths: [Int] = [0]
        var counts = [Int](repeating: 0, count: 256)
        var starts = [Int](repeating: 0, count: 256)
        var present: [UInt8] = []
        present.reserveCapacity(256)
        bytes.withUnsafeBufferPointer { bytes in
        partStart.withUnsafeBufferPointer { partStart in
        partLength.withUnsafeBufferPointer { lengths in
        orders.withUnsafeMutableBufferPointer { orders in
        counts.withUnsafeMutableBufferPointer { counts in
        starts.withUnsafeMutableBufferPointer { starts in
            var node = 0
            while node < lowers.count {
                let lower = lowers[node], upper = uppers[node], depth = depths[node]
                let from = (depth & 1) * count, to = count - from
                // The part that ends here (at most one: the parts are distinct), and how many of the
                // others go on with each byte.
                var terminal: Int32 = -1
                present.removeAll(keepingCapacity: true)
                for index in lower ..< upper {
                    let part = orders[from + index]
                    if lengths[part] == depth {
                        terminal = Int32(part)
                        continue
                    }
                    let byte = Int(bytes[partStart[part] + depth])
                    if counts[byte] == 0 { present.append(UInt8(byte)) }
                    counts[byte] += 1
                }
                partAtNode.append(terminal)
                if terminal >= 0 { partsByLength.append(terminal) }
                firstEdge.append(Int32(edgeBytes.count))
                node += 1
                guard !present.isEmpty else { continue }
                // The children in byte order, each with its range (a counting sort).
                if present.count > 1 { present.sort() }
                var start = lower
                for byte in present {
                    starts[Int(byte)] = start
                    edgeBytes.append(byte)
                    edgeTargets.append(Int32(lowers.count))
                    lowers.append(start)
                    start += counts[Int(byte)]
                    uppers.append(start)
                    depths.append(depth + 1)
                    counts[Int(byte)] = 0
                }
                for index in lower ..< upper {
                    let part = orders[from + index]
                    guard lengths[part] != depth else { continue }
                    let byte = Int(bytes[partStart[part] + depth])
                    orders[to + starts[byte]] = part
                    starts[byte] += 1
                }
            }
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
        self.partAtNode = partAtNode
        self.firstEdge = firstEdge
        self.edgeBytes = edgeBytes
        self.edgeTargets = edgeTargets
        self.partsByLength = partsByLength
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

    /// Reads `text` once; wherever a part ends, calls `body` with the longest part that ends there
    /// (every other one is an ancestor of it in `suffixParent`) and the offset just past it. Stops
    /// early when `body` returns false.
    func scan(_ text: [UInt8], _ body: (_ deepestPart: Int32, _ end: Int) -> Bool) {
        // One loop over unsafe buffers: in a debug build each array access outside would cost more
        // than the byte it reads.
        text.withUnsafeBufferPointer { text in
        firstEdge.withUnsafeBufferPointer { firstEdge in
        edgeBytes.withUnsafeBufferPointer { edgeBytes in
        edgeTargets.withUnsafeBufferPointer { edgeTargets in
        failure.withUnsafeBufferPointer { failure in
        deepestPart.withUnsafeBufferPointer { deepestPart in
        rootChild.withUnsafeBufferPointer { rootChild in
            var node = 0
            for offset in 0 ..< text.count {
                let byte = text[offset]
                var next = -1
                while next < 0 {
                    if node == 0 {
                        next = max(Int(rootChild[Int(byte)]), 0)
                        break
                    }
                    // The child by binary search among the node's sorted edges, else the failure's.
                    var lower = Int(firstEdge[node]), upper = Int(firstEdge[node + 1])
                    while lower < upper {
                        let middle = (lower + upper) >> 1
                        let found = edgeBytes[middle]
                        if found == byte {
                            next = Int(edgeTargets[middle])
                            break
                        }
                        if found < byte { lower = middle + 1 } else { upper = middle }
                    }
                    if next < 0 { node = Int(failure[node]) }
                }
                node = next
                let part = deepestPart[node]
                if part >= 0, !body(part, offset + 1) { return }
            }
        }
        }
        }
        }
        }
        }
        }
    }
}
