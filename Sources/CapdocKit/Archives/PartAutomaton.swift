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
        // Written through pointers into buffers of the largest size they can need (a node per byte
        // and the root), then copied out at their size: in a debug build an append costs more than
        // the work of a node.
        let count = parts.count
        let capacity = totalLength + 1
        let partAtNode = Buffer<Int32>(capacity), firstEdge = Buffer<Int32>(capacity + 1)
        let edgeBytes = Buffer<UInt8>(capacity), edgeTargets = Buffer<Int32>(capacity)
        let partsByLength = Buffer<Int32>(count)
        // Each node still to lay out is a range of the parts that pass through it, and its depth.
        // The ranges of one depth are in one half of `orders`; a node's children go to the other
        // half, which its own depth no longer needs.
        let lowers = Buffer<Int32>(capacity), uppers = Buffer<Int32>(capacity), depths = Buffer<Int32>(capacity)
        let orders = Buffer<Int32>(2 * count)
        let counts = Buffer<Int>(256), starts = Buffer<Int>(256), present = Buffer<UInt8>(256)
        defer {
            [lowers, uppers, depths, orders].forEach { $0.free() }
            [counts, starts].forEach { $0.free() }
            present.free()
        }
        for part in 0..<count { orders[part] = Int32(part) }
        for byte in 0..<256 { counts[byte] = 0 }
        lowers[0] = 0; uppers[0] = Int32(count); depths[0] = 0
        var nodes = 1, edges = 0, terminals = 0
        var node = 0
        bytes.withUnsafeBufferPointer { bytes in
            partStart.withUnsafeBufferPointer { partStart in
                partLength.withUnsafeBufferPointer { lengths in
                    while node < nodes {
                        let lower = Int(lowers[node]), upper = Int(uppers[node]), depth = Int(depths[node])
                        let from = (depth & 1) * count, to = count - from
                        // The part that ends here (at most one: the parts are distinct), and how many of the
                        // others go on with each byte.
                        var terminal: Int32 = -1
                        var presentCount = 0
                        for index in lower..<upper {
                            let part = Int(orders[from + index])
                            if lengths[part] == depth {
                                terminal = Int32(part)
                                continue
                            }
                            let byte = Int(bytes[partStart[part] + depth])
                            if counts[byte] == 0 {
                                present[presentCount] = UInt8(byte)
                                presentCount += 1
                            }
                            counts[byte] += 1
                        }
                        partAtNode[node] = terminal
                        if terminal >= 0 {
                            partsByLength[terminals] = terminal
                            terminals += 1
                        }
                        firstEdge[node] = Int32(edges)
                        node += 1
                        guard presentCount > 0 else { continue }
                        // The children in byte order, each with its range (a counting sort).
                        // A few bytes: insertion sort; many: read them off the counts in order (at most
                        // 256 steps for at least 16 children, so either way a few steps per node).
                        if presentCount > 16 {
                            presentCount = 0
                            for byte in 0..<256 where counts[byte] > 0 {
                                present[presentCount] = UInt8(byte)
                                presentCount += 1
                            }
                        } else if presentCount > 1 {
                            present.sortPrefix(presentCount)
                        }
                        var start = lower
                        for index in 0..<presentCount {
                            let byte = Int(present[index])
                            starts[byte] = start
                            edgeBytes[edges] = UInt8(byte)
                            edgeTargets[edges] = Int32(nodes)
                            edges += 1
                            lowers[nodes] = Int32(start)
                            start += counts[byte]
                            uppers[nodes] = Int32(start)
                            depths[nodes] = Int32(depth + 1)
                            nodes += 1
                            counts[byte] = 0
                        }
                        for index in lower..<upper {
                            let part = Int(orders[from + index])
                            guard lengths[part] != depth else { continue }
                            let byte = Int(bytes[partStart[part] + depth])
                            orders[to + starts[byte]] = Int32(part)
                            starts[byte] += 1
                        }
                    }
                }
            }
        }
        firstEdge[nodes] = Int32(edges)
        self.partAtNode = partAtNode.take(nodes)
        self.firstEdge = firstEdge.take(nodes + 1)
        self.edgeBytes = edgeBytes.take(edges)
        self.edgeTargets = edgeTargets.take(edges)
        self.partsByLength = partsByLength.take(terminals)
        for edge in Int(self.firstEdge[0])..<Int(self.firstEdge[1]) {
            rootChild[Int(self.edgeBytes[edge])] = self.edgeTargets[edge]
        }
    }

    /// Breadth first, so that a node's failure (a shallower node) is linked before it.
    private mutating func linkFailures() {
        let nodeCount = partAtNode.count
        failure = [Int32](repeating: 0, count: nodeCount)
        deepestPart = [Int32](repeating: -1, count: nodeCount)
        deepestPart[0] = partAtNode[0]
        for node in 0..<nodeCount {
            if node > 0 {
                deepestPart[node] = partAtNode[node] >= 0 ? partAtNode[node] : deepestPart[Int(failure[node])]
                if partAtNode[node] >= 0 { suffixParent[Int(partAtNode[node])] = deepestPart[Int(failure[node])] }
            }
            for edge in Int(firstEdge[node])..<Int(firstEdge[node + 1]) {
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
                                    for offset in 0..<text.count {
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

/// Memory written through a pointer while the trie is built, freed by `take` or `free`.
private struct Buffer<Element> {
    let pointer: UnsafeMutablePointer<Element>

    init(_ capacity: Int) { pointer = .allocate(capacity: max(capacity, 1)) }

    subscript(index: Int) -> Element {
        get { pointer[index] }
        nonmutating set { pointer[index] = newValue }
    }

    /// The first `count` elements as an array; the memory is freed.
    func take(_ count: Int) -> [Element] {
        defer { free() }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    func free() { pointer.deallocate() }
}

private extension Buffer where Element: Comparable {
    /// Sorts the first `count` elements in place (insertion sort: for a few elements).
    func sortPrefix(_ count: Int) {
        for index in 1..<count {
            let element = pointer[index]
            var place = index
            while place > 0, pointer[place - 1] > element {
                pointer[place] = pointer[place - 1]
                place -= 1
            }
            pointer[place] = element
        }
    }
}
