/// A set of vocabulary ids as a claim writes it: a list, `all` (every member, named), or nothing.
///
/// The difference between `.all` and `.silent` matters for merging: a source that says "on every
/// platform" has spoken about each platform, a silent one has spoken generally (see Content/README.md).
public enum Selection: Sendable, Hashable {
    case silent
    case all
    case named([Located<String>])

    var isNamed: Bool {
        if case .silent = self { return false }
        return true
    }

    /// Whether it names a list of ids (not `all`, not silent).
    var isNamedList: Bool {
        if case .named = self { return true }
        return false
    }

    /// Whether its list names this id.
    func names(_ id: String) -> Bool {
        if case let .named(ids) = self { return ids.contains { $0.value == id } }
        return false
    }

    /// Whether it names exactly one id.
    var isSingle: Bool {
        if case let .named(ids) = self { return ids.count == 1 }
        return false
    }

    /// The ids this selection stands for, given the vocabulary's ids in order.
    public func resolve(in universe: [String]) -> [String] {
        switch self {
        case .silent, .all: universe
        case let .named(ids): ids.map(\.value)
        }
    }
}

/// The value a claim states.
public enum ClaimValue: Sendable, Hashable {
    case boolean(Bool)
    /// A set of Info.plist keys, kept sorted so that equal sets compare equal.
    case keys([String])
    /// CommonMark prose (notes), or a name compared as text (the delegate method).
    case text(String)
    /// Where a transition leads.
    case transition(TransitionOutcome)

    /// How the value reads in messages.
    var display: String {
        switch self {
        case let .boolean(flag): flag ? "true" : "false"
        case let .keys(keys): keys.isEmpty ? "no keys" : keys.joined(separator: ", ")
        case let .text(text): text
        case let .transition(outcome): outcome.display
        }
    }
}

/// The outcome of a transition: the state it leads to, the status `authorizationStatus` then
/// reports, and whether the delegate is told (nil: the source does not say).
///
/// A claim may leave the status out; it is then the `to` state's status from `flow.yaml`, and the
/// outcome compares equal to one that states that status.
public struct TransitionOutcome: Sendable, Hashable {
    public var to: String
    /// The reported status; nil only when the `to` state is unknown to the vocabulary.
    public var status: String?
    /// Whether the claim wrote the status itself (false: taken from the state).
    var statusStated: Bool
    public var delegate: Bool?

    public init(to: String, status: String?, statusStated: Bool, delegate: Bool?) {
        self.to = to
        self.status = status
        self.statusStated = statusStated
        self.delegate = delegate
    }

    public static func == (a: TransitionOutcome, b: TransitionOutcome) -> Bool {
        a.to == b.to && a.status == b.status && a.delegate == b.delegate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(to)
        hasher.combine(status)
        hasher.combine(delegate)
    }

    var display: String {
        let delegateText =
            switch delegate {
            case true?: "delegate told"
            case false?: "delegate not told"
            case nil: "delegate not stated"
            }
        return "to \(to) (reports \(status ?? "?"), \(delegateText))"
    }
}

/// An id written inside a claim's value or flow fields, with its position, for reference checks.
public struct ValueReference: Sendable, Hashable {
    public var kind: EntityKind
    public var id: Located<String>

    public init(_ kind: EntityKind, _ id: Located<String>) {
        self.kind = kind
        self.id = id
    }
}

/// What a claim covers: its subjects and its scope (platforms, levels, OS versions).
public struct ClaimScope: Sendable, Hashable {
    /// `.all` or named ids; `.silent` only for kinds without a subject.
    public var subjects: Selection
    public var platforms: Selection
    public var levels: Selection
    public var os: VersionRange

    public init(
        subjects: Selection, platforms: Selection = .silent, levels: Selection = .silent,
        os: VersionRange = .all
    ) {
        self.subjects = subjects
        self.platforms = platforms
        self.levels = levels
        self.os = os
    }
}

/// One fact as one document states it, with the quote that states it.
///
/// Cheap to copy, so that code reads claims as values (`for claim in claims`): the fact kind, which
/// checks and the merge test first and which is one byte, is stored inline; every other field is in
/// one shared, immutable `ClaimBox`. A copy is two words and one retain, however many strings and
/// arrays the claim holds. The properties read through the box; setting one builds a new box.
/// Worth −1.2% instructions at 2,000 services (callgrind, 2026-11-28; see `SharedBox`).
public struct Claim: Sendable, Hashable {
    public var fact: FactKind
    private var box: ClaimBox

    /// `source-id#claim-id`.
    public var reference: String { "\(sourceID)#\(id.value)" }

    var sourceID: String {
        get { box.fields.sourceID }
        set { box = box.with { $0.sourceID = newValue } }
    }

    public var id: Located<String> {
        get { box.fields.id }
        set { box = box.with { $0.id = newValue } }
    }

    /// Where the claim's mapping starts; diagnostics about the claim as a whole point here.
    public var location: SourceLocation {
        get { box.fields.location }
        set { box = box.with { $0.location = newValue } }
    }

    var scope: ClaimScope {
        get { box.fields.scope }
        set { box = box.with { $0.scope = newValue } }
    }

    public var value: Located<ClaimValue> {
        get { box.fields.value }
        set { box = box.with { $0.value = newValue } }
    }

    public var quote: Located<String> {
        get { box.fields.quote }
        set { box = box.with { $0.quote = newValue } }
    }

    /// The free topic of a note claim.
    var topic: String? {
        get { box.fields.topic }
        set { box = box.with { $0.topic = newValue } }
    }

    /// The encoder's remark (CommonMark).
    public var note: String? {
        get { box.fields.note }
        set { box = box.with { $0.note = newValue } }
    }

    /// Flow facts: the trigger, and for transitions the user's choice at the prompt (nil: no prompt appears).
    public var trigger: Located<String>? {
        get { box.fields.trigger }
        set { box = box.with { $0.trigger = newValue } }
    }

    public var choice: Located<String>? {
        get { box.fields.choice }
        set { box = box.with { $0.choice = newValue } }
    }

    /// Ids written in the value (a transition's `to` and `status`, a prompt's key), for reference checks.
    public var references: [ValueReference] {
        get { box.fields.references }
        set { box = box.with { $0.references = newValue } }
    }

    /// Deprecation facts: what the source says to use instead (an API or key name).
    public var replacement: String? {
        get { box.fields.replacement }
        set { box = box.with { $0.replacement = newValue } }
    }

    public init(
        sourceID: String, id: Located<String>, fact: FactKind, location: SourceLocation,
        scope: ClaimScope, value: Located<ClaimValue>, quote: Located<String>,
        topic: String? = nil, note: String? = nil, trigger: Located<String>? = nil,
        choice: Located<String>? = nil, references: [ValueReference] = [], replacement: String? = nil
    ) {
        self.fact = fact
        box = ClaimBox(
            ClaimFields(
                sourceID: sourceID, id: id, location: location, scope: scope, value: value,
                quote: quote, topic: topic, note: note, trigger: trigger, choice: choice,
                references: references, replacement: replacement))
    }

    /// The state a flow claim starts from.
    var fromState: String? {
        guard fact.isFlow, case let .named(ids) = scope.subjects, ids.count == 1 else { return nil }
        return ids[0].value
    }

    /// The fact cell's subject of a flow claim: `from|trigger` for prompts, `from|trigger|choice` for
    /// transitions (the choice empty when no prompt appears). See `FlowKey`.
    var flowKey: String? {
        guard let from = fromState, let trigger else { return nil }
        return fact == .prompt
            ? FlowKey.prompt(from: from, trigger: trigger.value)
            : FlowKey.transition(from: from, trigger: trigger.value, choice: choice?.value)
    }
}

/// The synthesized subjects of flow facts. Ids are kebab-case, so `|` never occurs in them.
enum FlowKey {
    public static func prompt(from: String, trigger: String) -> String { from + "|" + trigger }

    static func transition(from: String, trigger: String, choice: String?) -> String {
        from + "|" + trigger + "|" + (choice ?? "")
    }

    /// The parts of a key: from, trigger, and the choice (nil for prompts and for transitions without one).
    /// Found by the bytes of the separator, not `split`: the checks and the flow ask for the parts
    /// of each transition fact several times, and splitting made an array of strings each time (a
    /// tenth of a build of 32,000 transition facts, issue 41).
    static func parts(_ key: String) -> (from: String, trigger: String, choice: String?) {
        let bar = UInt8(ascii: "|")
        guard let first = key.utf8.firstIndex(of: bar) else { return (key, "", nil) }
        let from = String(key[..<first])
        let rest = key[key.utf8.index(after: first)...]
        guard let second = rest.utf8.firstIndex(of: bar) else { return (from, String(rest), nil) }
        let afterTrigger = rest[rest.utf8.index(after: second)...]
        let choice = afterTrigger[..<(afterTrigger.utf8.firstIndex(of: bar) ?? afterTrigger.endIndex)]
        return (from, String(rest[..<second]), choice.isEmpty ? nil : String(choice))
    }

    /// How a flow subject reads in messages: "from when-in-use on request-always, choosing keep-only-while-using".
    public static func describe(_ key: String) -> String {
        let (from, trigger, choice) = parts(key)
        return "from \(from) on \(trigger)" + (choice.map { ", choosing \($0)" } ?? "")
    }
}

/// A document that states facts: an Apple page, archived or current.
public struct Source: Sendable, Hashable {
    public var id: Located<String>
    public var title: String
    public var url: String
    public var kind: String
    public var date: String?
    /// File name of the archived page text, looked up in the `--archives` folder.
    public var archive: Located<String>?
    public var summary: String?
    public var claims: [Claim]
    public var path: String
    /// Which copy or version of the page this is ("current page", "2019 rendering"), for pages that
    /// share a title; nil for the only copy.
    var edition: String?
    /// `platform-list: complete`: the page's availability list names every platform its symbol exists
    /// on, so the platforms and versions it leaves out are claims too (`PlatformListCompletion`).
    public var platformList: Located<String>?

    /// The title with its edition, as readers see it: two copies of one page must not look the same.
    public var displayTitle: String { edition.map { "\(title) (\($0))" } ?? title }

    public init(
        id: Located<String>, title: String, url: String, kind: String, date: String?,
        archive: Located<String>?, summary: String?, claims: [Claim], path: String, edition: String? = nil,
        platformList: Located<String>? = nil
    ) {
        self.edition = edition
        self.platformList = platformList
        self.id = id
        self.title = title
        self.url = url
        self.kind = kind
        self.date = date
        self.archive = archive
        self.summary = summary
        self.claims = claims
        self.path = path
    }
}

/// A maintainer's ruling on a contradiction: which claim stands, over which others, and why.
public struct Adjudication: Sendable, Hashable {
    public var id: Located<String>
    var prevails: Located<String>
    public var over: [Located<String>]
    /// Optional limits: where the ruling applies. Silent platforms and an open range mean everywhere.
    public var platforms: Selection
    public var os: VersionRange
    /// CommonMark.
    public var reason: String
    public var location: SourceLocation

    public init(
        id: Located<String>, prevails: Located<String>, over: [Located<String>],
        platforms: Selection, os: VersionRange, reason: String, location: SourceLocation
    ) {
        self.id = id
        self.prevails = prevails
        self.over = over
        self.platforms = platforms
        self.os = os
        self.reason = reason
        self.location = location
    }
}

/// Everything loaded from `Content/`.
public struct ContentModel: Sendable {
    public var vocabulary: Vocabulary
    public var sources: [Source] {
        didSet { claims = sources.flatMap(\.claims) }
    }
    public var adjudications: [Adjudication]

    /// The newest full date (`YYYY-MM-DD`) of any source: the date the facts are as of.
    var newestSourceDate: String? { sources.compactMap(\.date).filter { $0.count == 10 }.max() }

    /// The dependencies between facts (`gates.yaml`).
    var gates: [Gate]
    /// The folder it was loaded from, as given.
    public var root: String
    /// All claims of all sources, in source order (sources sorted by id); kept, not recomputed,
    /// because every check walks it.
    public private(set) var claims: [Claim]

    public init(vocabulary: Vocabulary, sources: [Source], adjudications: [Adjudication], gates: [Gate] = [], root: String) {
        self.vocabulary = vocabulary
        self.sources = sources
        self.adjudications = adjudications
        self.gates = gates
        self.root = root
        self.claims = sources.flatMap(\.claims)
    }
}
