/// What makes two mapping keys the same key, for the duplicate-key check: YAML's node equality.
///
/// Two scalars are equal when their texts are (Swift's `String` equality); collections are compared
/// by structure. Tags take no part: the composer refuses every tag but a kind's default
/// (`YAMLComposer.Failure.tagged`), so every scalar is a string.
enum YAMLKey: Hashable {
    case scalar(String)
    /// Interned by `YAMLKeyInterner`: two equal collections are the same object.
    case collection(YAMLKeyCollection)

    static func == (a: YAMLKey, b: YAMLKey) -> Bool {
        switch (a, b) {
        case let (.scalar(textA), .scalar(textB)): textA == textB
        case let (.collection(a), .collection(b)): a === b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case let .scalar(text):
            hasher.combine(text)
        case let .collection(collection):
            hasher.combine(ObjectIdentifier(collection))
        }
    }

    /// A scalar key's text, by which a message names it; nil for a collection.
    var scalarText: String? {
        switch self {
        case let .scalar(text): text
        case .collection: nil
        }
    }
}

/// A mapping or sequence as a key: its children (a mapping's as key, value, key, value…).
final class YAMLKeyCollection {
    let isMapping: Bool
    let children: [YAMLKey]

    fileprivate init(_ shape: YAMLKeyInterner.Shape) {
        isMapping = shape.isMapping
        children = shape.children
    }
}

/// Makes equal collections one object, so that comparing keys never walks a structure twice (an
/// alias repeats a collection without copying it; equality by identity stays linear).
struct YAMLKeyInterner {
    fileprivate struct Shape: Hashable {
        let isMapping: Bool
        let children: [YAMLKey]
    }

    private var collections: [Shape: YAMLKeyCollection] = [:]

    mutating func collection(isMapping: Bool, children: [YAMLKey]) -> YAMLKey {
        let shape = Shape(isMapping: isMapping, children: children)
        if let existing = collections[shape] { return .collection(existing) }
        let collection = YAMLKeyCollection(shape)
        collections[shape] = collection
        return .collection(collection)
    }
}
