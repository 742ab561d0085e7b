/// The kinds of entity in the vocabulary. Their raw values name them in messages and outputs.
public enum EntityKind: String, Sendable, CaseIterable, Codable {
    case platform, level, status, service, key, request, api, bundle, state, trigger, choice, source

    /// The kind's place in `allCases`: the vocabulary keeps its tables in arrays by it, since a
    /// String-backed enum hashes its raw value as a dictionary key (pages look entities up millions of times).
    var ordinal: Int {
        switch self {
        case .platform: 0
        case .level: 1
        case .status: 2
        case .service: 3
        case .key: 4
        case .request: 5
        case .api: 6
        case .bundle: 7
        case .state: 8
        case .trigger: 9
        case .choice: 10
        case .source: 11
        }
    }

    /// The plural used for file names, URLs and JSON members.
    public var plural: String {
        switch self {
        case .status: "statuses"
        case .platform, .level, .service, .key, .request, .api, .bundle, .state, .trigger, .choice, .source: rawValue + "s"
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
    /// Other names developers search for it by (`geofence` for region monitoring): editorial search
    /// terms for the site's search box and A–Z index, not facts, so they cite nothing.
    public var aliases: [String]

    public init(
        kind: EntityKind, id: Located<String>, name: String, summary: String,
        attributes: [String: String] = [:], apis: [String] = [], aliases: [String] = []
    ) {
        self.kind = kind
        self.id = id
        self.name = name
        self.summary = summary
        self.attributes = attributes
        self.apis = apis
        self.aliases = aliases
    }
}

/// All vocabulary entries, in file order, with lookup by kind and id.
public struct Vocabulary: Sendable {
    /// The entries of each kind in file order, and each id's place among them: arrays by
    /// `EntityKind.ordinal`.
    private var entities: [[Entity]] = Array(repeating: [], count: EntityKind.allCases.count)
    private var index: [IDTable] = Array(repeating: IDTable(), count: EntityKind.allCases.count)
    /// The words of the domain and its optional concepts (`domain.yaml`).
    public var domain = Domain()

    public init() {}

    /// Adds an entry; returns the earlier entry with the same id if there is one (and keeps the first).
    @discardableResult
    mutating func add(_ entity: Entity) -> Entity? {
        let kind = entity.kind.ordinal
        if let existing = index[kind][entity.id.value] {
            return entities[kind][existing]
        }
        index[kind].append(entity.id.value)
        entities[kind].append(entity)
        return nil
    }

    public func all(_ kind: EntityKind) -> [Entity] { entities[kind.ordinal] }

    /// Keeps only the first `count` entries of a kind.
    mutating func truncate(_ kind: EntityKind, to count: Int) {
        let list = entities[kind.ordinal]
        guard list.count > count else { return }
        entities[kind.ordinal] = Array(list.prefix(count))
        index[kind.ordinal] = IDTable(entities[kind.ordinal].lazy.map(\.id.value))
    }

    public func ids(_ kind: EntityKind) -> [String] { all(kind).map(\.id.value) }

    /// The first version of a platform (`first-version` in `platforms.yaml`): no answer speaks of the
    /// time before it. Nil where the platform declares none.
    public func firstVersion(of platform: String) -> Version? {
        entity(.platform, platform)?.attributes["first-version"].flatMap(Version.init)?.styled(versionStyle(of: platform))
    }

    /// How the platform writes its versions (`version-style` in `platforms.yaml`; dotted by default).
    public func versionStyle(of platform: String) -> Version.Style {
        entity(.platform, platform)?.attributes["version-style"].flatMap(Version.Style.init(rawValue:)) ?? .dotted
    }

    /// A version in the examples of explanatory text ("13.0+: yes from 13.0 on"), written as the
    /// Content's first platform writes versions: API level "13", not "13.0", for Android's.
    public func exampleVersion(_ text: String) -> String {
        Version(text).map { $0.styled(versionStyle(of: ids(.platform).first ?? "")).description } ?? text
    }

    /// A version the user typed for `platform` (`--os 29`), printing in the platform's style.
    public func version(_ text: String, on platform: String) -> Version? {
        Version(text)?.styled(versionStyle(of: platform))
    }

    /// The versions of a platform that get a deployment-target page (`versions` in `platforms.yaml`,
    /// separated by spaces). Nil where the platform declares none.
    public func declaredVersions(of platform: String) -> Set<Version>? {
        let style = versionStyle(of: platform)
        return entity(.platform, platform)?.attributes["versions"].map {
            Set($0.split(separator: " ").compactMap { Version(String($0))?.styled(style) })
        }
    }

    func entity(_ kind: EntityKind, _ id: String) -> Entity? {
        guard let position = index[kind.ordinal][id] else { return nil }
        return entities[kind.ordinal][position]
    }

    /// An entry's name, read where it is stored: pages name an entity for every link to it (each of
    /// 20,000 services on each of 99 deployment-target pages), and `entity(_:_:)` copied the whole
    /// entry, retaining each of its strings and attributes, to read one.
    func name(_ kind: EntityKind, _ id: String) -> String? {
        guard let position = index[kind.ordinal][id] else { return nil }
        return entities[kind.ordinal][position].name
    }

    public func position(_ kind: EntityKind, _ id: String) -> Int? { index[kind.ordinal][id] }

    public func contains(_ kind: EntityKind, _ id: String) -> Bool { index[kind.ordinal][id] != nil }

    /// The entries of a kind that have an attribute (`keys.yaml` `widget-opt-in`, …), in order.
    func entities(_ kind: EntityKind, with attribute: String) -> [Entity] {
        all(kind).filter { $0.attributes[attribute] != nil }
    }

    /// The ids of a kind and their positions: for looking up many ids of one kind.
    func positions(of kind: EntityKind) -> IDTable { index[kind.ordinal] }
}
