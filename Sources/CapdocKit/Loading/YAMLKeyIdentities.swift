/// The key identities of a document's nodes, built when a mapping's keys need the full check (a
/// aliased, non-ASCII or collection key, or two keys with the same fingerprint).
///
/// They are kept for the whole document: an alias may bring the same collection in as a key of many
/// mappings, and its identity is then built once.
struct YAMLKeyIdentities {
    private var interner = YAMLKeyInterner()
    private var collections: [Int32: YAMLKey] = [:]

    /// The nodes so far, as the composer holds them (passed in, not kept, so that the composer's
    /// arrays are never shared while it appends to them).
    struct Nodes {
        let records: [YAMLDocument.Record]
        let texts: [String]
        let children: [Int32]
    }

    mutating func key(of node: Int32, in nodes: Nodes) -> YAMLKey {
        if let scalar = Self.scalarKey(node, in: nodes) { return scalar }
        // Children before their collection, without recursion: a key may nest as deep as a document.
        var stack: [(node: Int32, childrenDone: Bool)] = [(node, false)]
        while let (current, childrenDone) = stack.popLast() {
            if collections[current] != nil { continue }
            let record = nodes.records[Int(current)]
            let range = Int(record.start)..<Int(record.start + record.count)
            if childrenDone {
                let keys = nodes.children[range].map { child in Self.scalarKey(child, in: nodes) ?? collections[child]! }
                collections[current] = interner.collection(isMapping: record.kind == YAMLDocument.Record.mapping, children: keys)
            } else {
                stack.append((current, true))
                for child in nodes.children[range] where Self.scalarKey(child, in: nodes) == nil && collections[child] == nil {
                    stack.append((child, false))
                }
            }
        }
        return collections[node]!
    }

    private static func scalarKey(_ node: Int32, in nodes: Nodes) -> YAMLKey? {
        let record = nodes.records[Int(node)]
        guard record.kind <= YAMLDocument.Record.quotedScalar else { return nil }
        return .scalar(nodes.texts[Int(record.start)])
    }
}
