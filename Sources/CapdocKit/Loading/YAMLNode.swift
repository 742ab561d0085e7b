/// A YAML node with the position of its first character, as capdoc reads Content.
///
/// Values stay text and are typed by the readers, which know what each field should be. A node is
/// a position in its `YAMLDocument`, which holds every node of a file in a few flat arrays: a
/// Content file has hundreds of thousands of nodes, and one object (or array) per node would cost
/// more to build, copy and free than reading the file does.
struct YAMLNode: Sendable {
    let document: YAMLDocument
    let index: Int32

    private var record: YAMLDocument.Record { document.records[Int(index)] }

    public var location: SourceLocation {
        let record = record
        return SourceLocation(path: document.path, line: Int(record.line), column: Int(record.column))
    }

    var isScalar: Bool { record.kind <= YAMLDocument.Record.quotedScalar }
    var isMapping: Bool { record.kind == YAMLDocument.Record.mapping }
    var isSequence: Bool { record.kind == YAMLDocument.Record.sequence }

    /// A scalar's text; nil for a collection.
    public var text: String? {
        let record = record
        return record.kind <= YAMLDocument.Record.quotedScalar ? document.texts[Int(record.start)] : nil
    }

    /// A plain scalar: not quoted, not a block scalar (`|`, `>`).
    var isPlain: Bool { record.kind == YAMLDocument.Record.plainScalar }

    /// A mapping's pairs, in order; nil for another node.
    var pairs: YAMLPairs? {
        let record = record
        guard record.kind == YAMLDocument.Record.mapping else { return nil }
        return YAMLPairs(document: document, start: Int(record.start), count: Int(record.count) / 2)
    }

    /// A sequence's items; nil for another node.
    var items: YAMLItems? {
        let record = record
        guard record.kind == YAMLDocument.Record.sequence else { return nil }
        return YAMLItems(document: document, start: Int(record.start), count: Int(record.count))
    }

    /// The word used in "expected a list, found a mapping".
    var kindDescription: String {
        switch record.kind {
        case YAMLDocument.Record.mapping: "a mapping"
        case YAMLDocument.Record.sequence: "a list"
        default: "a scalar"
        }
    }

    /// A plain `null`, `~` or empty scalar.
    var isNull: Bool {
        guard isPlain, let text else { return false }
        // Most values are longer: the length settles them without comparing text.
        let length = text.utf8.count
        guard length <= 1 || length == 4 else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// The pairs of a mapping node.
struct YAMLPairs: RandomAccessCollection, Sendable {
    let document: YAMLDocument
    /// Where the mapping's keys and values, alternately, start in the document's `children`.
    let start: Int
    public let count: Int

    public var startIndex: Int { 0 }
    var endIndex: Int { count }

    public subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
        (key(position), value(position))
    }

    public func key(_ position: Int) -> YAMLNode {
        YAMLNode(document: document, index: document.children[start + 2 * position])
    }

    public func value(_ position: Int) -> YAMLNode {
        YAMLNode(document: document, index: document.children[start + 2 * position + 1])
    }
}

/// The items of a sequence node.
struct YAMLItems: RandomAccessCollection, Sendable {
    let document: YAMLDocument
    let start: Int
    public let count: Int

    public var startIndex: Int { 0 }
    var endIndex: Int { count }

    public subscript(position: Int) -> YAMLNode {
        YAMLNode(document: document, index: document.children[start + position])
    }
}

/// Every node of one YAML file. An alias is a second reference to the node its anchor named, so
/// the nodes form a graph without cycles, which a reader walks like a tree.
final class YAMLDocument: Sendable {
    struct Record: Sendable {
        static let plainScalar: UInt8 = 0
        static let quotedScalar: UInt8 = 1
        static let mapping: UInt8 = 2
        static let sequence: UInt8 = 3

        var kind: UInt8
        var line: Int32
        var column: Int32
        /// A scalar's index in `texts`; where a collection's children start in `children`.
        var start: Int32
        /// How many entries of `children` a collection has (a mapping's keys and values, alternately).
        var count: Int32
    }

    let path: String
    let records: [Record]
    let texts: [String]
    let children: [Int32]

    init(path: String, records: [Record], texts: [String], children: [Int32]) {
        self.path = path
        self.records = records
        self.texts = texts
        self.children = children
    }
}
