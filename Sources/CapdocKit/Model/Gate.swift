/// A dependency between facts, declared in `Content/gates.yaml`: a fact of the gated kinds holds
/// only where the fact it requires is true. A service works under a level only where its API exists
/// and the platform offers the level; a request needs keys only where its method exists.
///
/// Gates are data, not Swift: a maintainer adds one by editing Content (see Content/README.md).
public struct Gate: Sendable, Hashable {
    /// The fields in one shared box, as `Fact` keeps its own: a closed gate is the answer of every cell
    /// it closes, so answers and segments copy gates at every step of a timeline, and inline each
    /// copy retained the gate's strings one by one. A gate is read, never changed, once loaded.
    private let box: SharedBox<GateFields>

    public var id: Located<String> { box.fields.id }
    /// The kinds of fact it gates.
    var gated: [FactKind] { box.fields.gated }
    /// The kind of fact that must be true.
    public var requires: FactKind { box.fields.requires }
    /// Where the required fact's subject comes from; nil when the required kind has no subject.
    public var subject: GateSubject? { box.fields.subject }
    /// What an answer is where the gate is closed: a stable kebab-case id (`not-on-platform`) and
    /// its wording (`Not on platform`). Several gates may share an outcome.
    public var outcome: String { box.fields.outcome }
    public var name: String { box.fields.name }
    /// CommonMark: why the dependency holds.
    public var summary: String { box.fields.summary }
    public var location: SourceLocation { box.fields.location }
    /// The accuracy the gate applies under (nil: every answer). A gate for `reduced` says what an
    /// app the user granted only approximate locations cannot use.
    public var accuracy: Accuracy? { box.fields.accuracy }

    public init(
        id: Located<String>, gated: [FactKind], requires: FactKind, subject: GateSubject?, outcome: String,
        name: String, summary: String, location: SourceLocation, accuracy: Accuracy? = nil
    ) {
        box = SharedBox(
            GateFields(
                id: id, gated: gated, requires: requires, subject: subject, outcome: outcome, name: name,
                summary: summary, location: location, accuracy: accuracy))
    }

    /// Whether the gate applies to an answer asked under this accuracy.
    func applies(under accuracy: Accuracy) -> Bool { self.accuracy == nil || self.accuracy == accuracy }
}

/// What a gate is made of (`Gate` keeps it in a shared box).
struct GateFields: Sendable, Hashable {
    var id: Located<String>
    var gated: [FactKind]
    var requires: FactKind
    var subject: GateSubject?
    var outcome: String
    var name: String
    var summary: String
    var location: SourceLocation
    var accuracy: Accuracy?
}

/// Where a gate finds the subject of the fact it requires, from the gated fact's cell: the cell's
/// `subject`, its `level`, or — for flow facts — the `from` state or the `trigger`; optionally
/// followed by an attribute of that entity in the vocabulary (`trigger.request`: the request of the
/// trigger in `flow.yaml`; `subject.level`: the level of a status in `statuses.yaml`).
public struct GateSubject: Sendable, Hashable, CustomStringConvertible {
    public enum Part: String, Sendable, CaseIterable {
        case subject, level, from, trigger
    }

    var part: Part
    var attribute: String?

    public init(part: Part, attribute: String? = nil) {
        self.part = part
        self.attribute = attribute
    }

    /// `subject`, `level`, `trigger.request`, …
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(pieces.count), let part = Part(rawValue: pieces[0]) else { return nil }
        if pieces.count == 2 {
            guard Self.attributeKinds.keys.contains(where: { $0.attribute == pieces[1] }) else { return nil }
        }
        self.init(part: part, attribute: pieces.count == 2 ? pieces[1] : nil)
    }

    public var description: String { part.rawValue + (attribute.map { "." + $0 } ?? "") }

    /// The vocabulary attributes that name another entity, and that entity's kind.
    static let attributeKinds: [AttributeKey: EntityKind] = [
        AttributeKey(.status, "level"): .level,
        AttributeKey(.request, "level"): .level,
        AttributeKey(.trigger, "request"): .request,
        AttributeKey(.state, "status"): .status,
    ]

    struct AttributeKey: Sendable, Hashable {
        public var kind: EntityKind
        var attribute: String
        public init(_ kind: EntityKind, _ attribute: String) {
            self.kind = kind
            self.attribute = attribute
        }
    }

    /// The kind of entity the part names for facts of `kind` (nil: the part does not apply to it).
    public static func kind(of part: Part, for kind: FactKind) -> EntityKind? {
        switch part {
        case .subject: kind.isFlow ? nil : kind.subjectKind
        case .level: kind.takesLevels ? .level : nil
        case .from: kind.isFlow ? .state : nil
        case .trigger: kind.isFlow ? .trigger : nil
        }
    }

    /// The kind of entity this path names for facts of `kind`, or nil when it does not apply.
    func entityKind(for kind: FactKind) -> EntityKind? {
        guard let base = Self.kind(of: part, for: kind) else { return nil }
        guard let attribute else { return base }
        return Self.attributeKinds[AttributeKey(base, attribute)]
    }
}
