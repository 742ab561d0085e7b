/// What makes two mapping keys the same key, for the duplicate-key check: YAML's node equality,
/// which `YAMLNode` does not keep (tags), as Yams compared keys.
///
/// Two scalars are equal when their texts are (Swift's `String` equality) and their resolved tags
/// are: an untagged, quoted or `!`-tagged scalar is a string (`nil` here), `!!int 1` is not.
/// Collections are compared by structure, tags included.
enum YAMLKey: Hashable {
    case scalar(String, tag: String?)
    /// Interned by `YAMLKeyInterner`: two equal collections are the same object.
    case collection(YAMLKeyCollection)

    static let valueTag = "tag:yaml.org,2002:value"

    static func == (a: YAMLKey, b: YAMLKey) -> Bool {
        switch (a, b) {
        case let (.scalar(textA, tagA), .scalar(textB, tagB)): textA == textB && tagA == tagB
        case let (.collection(a), .collection(b)): a === b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case let .scalar(text, tag):
            hasher.combine(text)
            hasher.combine(tag)
        case let .collection(collection):
            hasher.combine(ObjectIdentifier(collection))
        }
    }

    var tag: String? {
        switch self {
        case let .scalar(_, tag): tag
        case let .collection(collection): collection.tag
        }
    }

    /// Yams' ordering of nodes, by which it chose the duplicated key it reported: scalars by text,
    /// mappings by their keys, sequences by their items; nodes of different kinds are unordered.
    static func precedes(_ a: YAMLKey, _ b: YAMLKey) -> Bool {
        switch (a, b) {
        case let (.scalar(textA, _), .scalar(textB, _)):
            return textA < textB
        case let (.collection(a), .collection(b)) where a.isMapping == b.isMapping:
            // A mapping's pairs compare by key only.
            let step = a.isMapping ? 2 : 1
            for (x, y) in zip(stride(from: 0, to: a.children.count, by: step), stride(from: 0, to: b.children.count, by: step)) {
                if precedes(a.children[x], b.children[y]) { return true }
                if precedes(b.children[y], a.children[x]) { return false }
            }
            return a.children.count < b.children.count
        default:
            return false
        }
    }

    /// The key's name as Yams reported it: a scalar's text, or for a mapping the value of its
    /// `!!value` key, if it has one.
    var reportedName: String? {
        switch self {
        case let .scalar(text, _):
            return text
        case let .collection(collection):
            guard collection.isMapping else { return nil }
            for index in stride(from: 0, to: collection.children.count, by: 2) where collection.children[index].tag == Self.valueTag {
                return collection.children[index + 1].reportedName
            }
            return nil
        }
    }
}

/// A mapping or sequence as a key: its resolved tag (`nil` for the default one) and its children
/// (a mapping's as key, value, key, value…).
final class YAMLKeyCollection {
    let isMapping: Bool
    let tag: String?
    let children: [YAMLKey]

    fileprivate init(_ shape: YAMLKeyInterner.Shape) {
        isMapping = shape.isMapping
        tag = shape.tag
        children = shape.children
    }
}

/// Makes equal collections one object, so that comparing keys never walks a structure twice (an
/// alias repeats a collection without copying it; equality by identity stays linear).
struct YAMLKeyInterner {
    fileprivate struct Shape: Hashable {
        let isMapping: Bool
        let tag: String?
        let children: [YAMLKey]
    }

    private var collections: [Shape: YAMLKeyCollection] = [:]

    mutating func collection(isMapping: Bool, tag: String?, children: [YAMLKey]) -> YAMLKey {
        let shape = Shape(isMapping: isMapping, tag: tag, children: children)
        if let existing = collections[shape] { return .collection(existing) }
        let collection = YAMLKeyCollection(shape)
        collections[shape] = collection
        return .collection(collection)
    }
}
