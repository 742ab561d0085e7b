import CYAML

/// Builds the `YAMLDocument` of a one-document YAML file from libyaml's events, in one pass.
///
/// An alias stands for the node its anchor last named (an undefined one is an error), a mapping may
/// not repeat a key (YAML's node equality: text and tag), a file holds one document, and collections
/// nest at most `mostNestingLevels` deep. They are built without recursion, on an explicit stack.
struct YAMLComposer {
    enum Failure: Error {
        case libyaml(LibYAMLError)
        case undefinedAlias(line: Int, column: Int)
        case anotherDocument(line: Int, column: Int)
        case nestedTooDeep(line: Int, column: Int)
        /// A node carries an explicit tag (`!!binary`, `!custom`): Content's values are plain
        /// scalars, lists and mappings, and a tag would change a value's meaning without a word.
        case tagged(String, line: Int, column: Int)
        /// A mapping repeats a key: the first key that repeats an earlier one (its text; nil for a
        /// collection as a key), where it is first written and where it is written again.
        case duplicatedKey(name: String?, first: SourceLocation, repeated: SourceLocation)
    }

    /// An open collection.
    private struct Frame {
        let record: Int32
        let isMapping: Bool
        let anchor: String?
        /// Where its children start in `pending`.
        let firstChild: Int
        /// Where a mapping's key fingerprints start in `fingerprints`.
        let firstFingerprint: Int
        /// How many nodes it stands for once aliases are expanded (saturating).
        var size = 1
        /// A mapping's next child is a key.
        var expectsKey = true
        /// Some key of a mapping has no fingerprint: its keys are compared as YAML compares them.
        var comparesKeysFully = false
    }

    private let events: LibYAMLEvents
    private let path: String
    private var records: [YAMLDocument.Record] = []
    private var texts: [String] = []
    private var children: [Int32] = []
    /// The children of the open collections, one after another: each takes its own at its end.
    private var pending: [Int32] = []
    private var fingerprints = KeyFingerprints()
    /// The nodes that anchors name, and how many nodes each stands for.
    private var anchors: [String: (node: Int32, size: Int)] = [:]
    private var keyIdentities = YAMLKeyIdentities()

    init(events: LibYAMLEvents, path: String, expectedBytes: Int) {
        self.events = events
        self.path = path
        // Content has about one node per twelve bytes, most of them scalars: room for a little more
        // saves the arrays most of their regrowing.
        records.reserveCapacity(expectedBytes / 10)
        texts.reserveCapacity(expectedBytes / 12)
        children.reserveCapacity(expectedBytes / 10)
    }

    /// The document's root and how many nodes it stands for, or nil for a file without a document.
    mutating func compose() throws(Failure) -> (root: YAMLNode, size: Int)? {
        try next()  // the stream's start
        try next()
        if events.type == YAML_STREAM_END_EVENT { return nil }
        try next()  // past the document's start
        let (root, size) = try composeRoot()
        try next()  // the document's end
        try next()
        if events.type != YAML_STREAM_END_EVENT {
            throw .anotherDocument(line: events.line, column: events.column)
        }
        let document = YAMLDocument(path: path, records: records, texts: texts, children: children)
        return (YAMLNode(document: document, index: root), size)
    }

    private func next() throws(Failure) {
        guard events.next() else { throw .libyaml(events.error) }
    }

    /// Composes the node whose first event is the current one (the last event of it is then current):
    /// its index and how many nodes it stands for.
    private mutating func composeRoot() throws(Failure) -> (Int32, Int) {
        var stack: [Frame] = []
        while true {
            let node: Int32, size: Int
            let event = events.event
            switch event.pointee.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.pointee.data.scalar
                node = Int32(records.count)
                let tag = scalar.quoted_implicit != 0 ? nil : Self.resolvedTag(scalar.tag, default: Self.stringTag)
                if let tag { throw .tagged(tag, line: events.line, column: events.column) }
                if let last = stack.indices.last, stack[last].isMapping, stack[last].expectsKey,
                    !fingerprints.push(scalar.value, count: scalar.length)
                {
                    stack[last].comparesKeysFully = true
                }
                records.append(
                    record(
                        scalar.style == YAML_PLAIN_SCALAR_STYLE ? YAMLDocument.Record.plainScalar : YAMLDocument.Record.quotedScalar,
                        start: Int32(texts.count)))
                texts.append(Self.text(scalar.value, count: scalar.length))
                size = 1
                if let anchor = Self.name(scalar.anchor) { anchors[anchor] = (node, size) }
            case YAML_ALIAS_EVENT:
                guard let anchored = Self.name(event.pointee.data.alias.anchor).flatMap({ anchors[$0] }) else {
                    throw .undefinedAlias(line: events.line, column: events.column)
                }
                // An anchored key may be a collection: compare it fully.
                if let last = stack.indices.last, stack[last].isMapping, stack[last].expectsKey { stack[last].comparesKeysFully = true }
                (node, size) = anchored
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                // Bounds the stack, and what a deep file costs every later stage that walks it.
                if stack.count >= Self.mostNestingLevels {
                    throw .nestedTooDeep(line: events.line, column: events.column)
                }
                let isMapping = event.pointee.type == YAML_MAPPING_START_EVENT
                let start = event.pointee.data.sequence_start  // the same layout as mapping_start
                let index = Int32(records.count)
                if start.implicit == 0, let tag = Self.resolvedTag(start.tag, default: isMapping ? Self.mappingTag : Self.sequenceTag) {
                    throw .tagged(tag, line: events.line, column: events.column)
                }
                if let last = stack.indices.last, stack[last].isMapping, stack[last].expectsKey { stack[last].comparesKeysFully = true }
                // Its children's place and number are known at its end.
                records.append(record(isMapping ? YAMLDocument.Record.mapping : YAMLDocument.Record.sequence, start: 0))
                stack.append(
                    Frame(
                        record: index, isMapping: isMapping, anchor: Self.name(start.anchor),
                        firstChild: pending.count, firstFingerprint: fingerprints.count))
                try next()
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                try close(frame)
                (node, size) = (frame.record, frame.size)
            default:
                // libyaml gives only node events inside a document.
                throw .libyaml(.memory)
            }
            guard let last = stack.indices.last else { return (node, size) }
            pending.append(node)
            let (sum, overflow) = stack[last].size.addingReportingOverflow(size)
            stack[last].size = overflow ? .max : sum
            if stack[last].isMapping { stack[last].expectsKey.toggle() }
            try next()
        }
    }

    /// A node's record at the current event's position.
    private func record(_ kind: UInt8, start: Int32) -> YAMLDocument.Record {
        let mark = events.event.pointee.start_mark
        return YAMLDocument.Record(
            kind: kind, line: Int32(clamping: mark.line + 1), column: Int32(clamping: mark.column + 1),
            start: start, count: 0)
    }

    /// Ends the open collection: places its children, checks a mapping's keys, registers its anchor.
    private mutating func close(_ frame: Frame) throws(Failure) {
        let count = pending.count - frame.firstChild
        records[Int(frame.record)].start = Int32(children.count)
        records[Int(frame.record)].count = Int32(count)
        children.append(contentsOf: pending[frame.firstChild...])
        pending.removeSubrange(frame.firstChild...)
        if frame.isMapping {
            let fingerprintsRepeat = fingerprints.popAnyRepeated(from: frame.firstFingerprint)
            if fingerprintsRepeat || frame.comparesKeysFully, let duplicate = duplicatedKey(in: frame.record) { throw duplicate }
        }
        if let anchor = frame.anchor { anchors[anchor] = (frame.record, frame.size) }
    }

    /// The error for a mapping that repeats a key, at the first repeat; nil when every key differs.
    private mutating func duplicatedKey(in mapping: Int32) -> Failure? {
        let record = records[Int(mapping)]
        let keyNodes = stride(from: Int(record.start), to: Int(record.start + record.count), by: 2).map { children[$0] }
        let nodes = YAMLKeyIdentities.Nodes(records: records, texts: texts, children: children)
        let keys = keyNodes.map { keyIdentities.key(of: $0, in: nodes) }
        guard let (first, repeated) = DuplicateKeys.firstRepeat(keys) else { return nil }
        return .duplicatedKey(name: keys[first].scalarText, first: location(of: keyNodes[first]), repeated: location(of: keyNodes[repeated]))
    }

    private func location(of node: Int32) -> SourceLocation {
        let record = records[Int(node)]
        return SourceLocation(path: path, line: Int(record.line), column: Int(record.column))
    }

    // MARK: - Event fields

    static let mostNestingLevels = 1000

    static let stringTag = "tag:yaml.org,2002:str"
    static let sequenceTag = "tag:yaml.org,2002:seq"
    static let mappingTag = "tag:yaml.org,2002:map"

    /// A node's resolved tag, nil for the default of its kind: no tag, an empty one, the non-specific
    /// `!`, and the default itself (`!!str` on a scalar).
    private static func resolvedTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, default defaultTag: String) -> String? {
        guard let tag, tag.pointee != 0 else { return nil }
        let name = String(decodingCString: tag, as: UTF8.self)
        return name == "!" || name == defaultTag ? nil : name
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(decodingCString: $0, as: UTF8.self) }
    }

    /// A scalar's text. A leading byte order mark is an encoding mark, not text: it is dropped.
    private static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let bytes, count > 0 else { return "" }
        var buffer = UnsafeBufferPointer(start: bytes, count: count)
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            buffer = UnsafeBufferPointer(rebasing: buffer.dropFirst(3))
        }
        return String(decoding: buffer, as: UTF8.self)
    }
}
