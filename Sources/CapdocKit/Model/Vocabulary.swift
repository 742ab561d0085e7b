/// The kinds of entity in the vocabulary. Their raw values name them in messages and outputs.
public enum EntityKind: String, Sendable, CaseIterable, Codable {
    case platform, level, status, service, key, request, api, state, trigger, choice, source

    /// The plural used for file names, URLs and JSON members.
    var plural: String {
        switch self {
        case .status: "statuses"
        case .platform, .level, .service, .key, .request, .api, .state, .trigger, .choice, .source: rawValue + "s"
        }
    }
}

/// A named entry of the vocabulary: a platform, a level, a service, an Info.plist key, …
///
/// Entries carry names and prose only; facts about them live in sources as claims.
public struct Entity: Sendable, Hashable {
    public var kind: EntityKind
    public var id: Located<String>
    public var name: String
    /// CommonMark.
    public var summary: String
    /// Kind-specific fields (`symbol`, `objc`, `api`, `type`, `label`, `status`), by field name.
    public var attributes: [String: String]
    /// `apis` of a service.
    public var apis: [String]

    public init(kind: EntityKind, id: Located<String>, name: String, summary: String,
                attributes: [String: String] = [:], apis: [String] = []) {
        self.kind = kind
        self.id = id
        self.name = name
        self.summary = summary
        self.attributes = attributes
        self.apis = apis
    }
}

/// All vocabulary entries, in file order, with lookup by kind and id.
public struct Vocabulary: Sendable {
    private(set) var entities: [EntityKind: [Entity]] = [:]
    private var index: [EntityKind: [String: Int]] = [:]
    /// The words of the domain and its optional concepts (`domain.yaml`).
    public var domain = Domain()

    public init() {}

    /// Adds an entry; returns the earlier entry with the same id if there is one (and keeps the first).
    @discardableResult
    mutating func add(_ entity: Entity) -> Entity? {
        if let existing = index[entity.kind]?[entity.id.value] {
            return entities[entity.kind]![existing]
        }
        index[entity.kind, default: [:]][entity.id.value] = entities[entity.kind, default: []].count
        entities[entity.kind, default: []].append(entity)
        return nil
    }

    public func all(_ kind: EntityKind) -> [Entity] { entities[kind] ?? [] }

    /// Keeps only the first `count` entries of a kind.
    mutating func truncate(_ kind: EntityKind, to count: Int) {
        guard let list = entities[kind], list.count > count else { return }
        entities[kind] = Array(list.prefix(count))
        index[kind] = Dictionary(uniqueKeysWithValues: entities[kind]!.enumerated().map { ($1.id.value, $0) })
    }

    public func ids(_ kind: EntityKind) -> [String] { all(kind).map(\.id.value) }

    func entity(_ kind: EntityKind, _ id: String) -> Entity? {
        guard let position = index[kind]?[id] else { return nil }
        return entities[kind]![position]
    }

    /// An entry's name, read where it is stored: pages name an entity for every link to it (each of
    /// 20,000 services on each of 99 deployment-target pages), and `entity(_:_:)` copied the whole
    /// entry, retaining each of its strings and attributes, to read one.
    func name(_ kind: EntityKind, _ id: String) -> String? {
        guard let position = index[kind]?[id], let list = entities[kind] else { return nil }
        return list[position].name
    }

    public func position(_ kind: EntityKind, _ id: String) -> Int? { index[kind]?[id] }

    public func contains(_ kind: EntityKind, _ id: String) -> Bool { index[kind]?[id] != nil }

    /// The entries of a kind that have an attribute (`keys.yaml` `widget-opt-in`, …), in order.
    func entities(_ kind: EntityKind, with attribute: String) -> [Entity] {
        all(kind).filter { $0.attributes[attribute] != nil }
    }

    /// The ids of a kind and their positions: for looking up many ids of one kind.
    func positions(of kind: EntityKind) -> [String: Int] { index[kind] ?? [:] }
}
