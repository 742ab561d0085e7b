/// What makes two mapping keys the same key, for the duplicate-key check: YAML's node equality,
/// which needs what `YAMLNode` does not keep (tags).
///
/// Two scalars are equal when their texts are (Swift's `String` equality) and their resolved tags
/// are: an untagged, quoted or `!`-tagged scalar is a string (`nil` here), `!!int 1` is not.
/// Collections are compared by structure, tags included.
enum YAMLKey: Hashable {
    case scalar(String, tag: String?)
    /// Interned by `YAMLKeyInterner`: two equal collections are the same object.
    case collection(YAMLKeyCollection)

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

    /// A scalar key's text, by which a message names it; nil for a collection.
    var scalarText: String? {
        switch self {
        case let .scalar(text, _): text
        case .collection: nil
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
