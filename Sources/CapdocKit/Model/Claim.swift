/// A set of vocabulary ids as a claim writes it: a list, `all` (every member, named), or nothing.
///
/// The difference between `.all` and `.silent` matters for merging: a source that says "on every
/// platform" has spoken about each platform, a silent one has spoken generally (see Content/README.md).
public enum Selection: Sendable, Hashable {
    case silent
    case all
    case named([Located<String>])

    public var isNamed: Bool {
        if case .silent = self { return false }
        return true
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
    /// CommonMark prose (notes).
    case text(String)

    /// How the value reads in messages.
    public var display: String {
        switch self {
        case let .boolean(flag): flag ? "true" : "false"
        case let .keys(keys): keys.isEmpty ? "no keys" : keys.joined(separator: ", ")
        case let .text(text): text
        }
    }
}

/// What a claim covers: its subjects and its scope (platforms, levels, OS versions).
public struct ClaimScope: Sendable, Hashable {
    /// `.all` or named ids; `.silent` only for kinds without a subject.
    public var subjects: Selection
    public var platforms: Selection
    public var levels: Selection
    public var os: VersionRange

    public init(subjects: Selection, platforms: Selection = .silent, levels: Selection = .silent,
                os: VersionRange = .all) {
        self.subjects = subjects
        self.platforms = platforms
        self.levels = levels
        self.os = os
    }
}

/// One fact as one document states it, with the quote that states it.
public struct Claim: Sendable, Hashable {
    /// `source-id#claim-id`.
    public var reference: String { "\(sourceID)#\(id.value)" }
    public var sourceID: String
    public var id: Located<String>
    public var fact: FactKind
    /// Where the claim's mapping starts; diagnostics about the claim as a whole point here.
    public var location: SourceLocation
    public var scope: ClaimScope
    public var value: Located<ClaimValue>
    public var quote: Located<String>
    /// The free topic of a note claim.
    public var topic: String?
    /// The encoder's remark (CommonMark).
    public var note: String?

    public init(sourceID: String, id: Located<String>, fact: FactKind, location: SourceLocation,
                scope: ClaimScope, value: Located<ClaimValue>, quote: Located<String>,
                topic: String? = nil, note: String? = nil) {
        self.sourceID = sourceID
        self.id = id
        self.fact = fact
        self.location = location
        self.scope = scope
        self.value = value
        self.quote = quote
        self.topic = topic
        self.note = note
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

    public init(id: Located<String>, title: String, url: String, kind: String, date: String?,
                archive: Located<String>?, summary: String?, claims: [Claim], path: String) {
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
    public var prevails: Located<String>
    public var over: [Located<String>]
    /// Optional limits: where the ruling applies. Silent platforms and an open range mean everywhere.
    public var platforms: Selection
    public var os: VersionRange
    /// CommonMark.
    public var reason: String
    public var location: SourceLocation

    public init(id: Located<String>, prevails: Located<String>, over: [Located<String>],
                platforms: Selection, os: VersionRange, reason: String, location: SourceLocation) {
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
    public var sources: [Source]
    public var adjudications: [Adjudication]
    /// The folder it was loaded from, as given.
    public var root: String

    public init(vocabulary: Vocabulary, sources: [Source], adjudications: [Adjudication], root: String) {
        self.vocabulary = vocabulary
        self.sources = sources
        self.adjudications = adjudications
        self.root = root
    }

    /// All claims of all sources, in source order (sources sorted by id).
    public var claims: [Claim] { sources.flatMap(\.claims) }
}
