/// A name given on the command line that the model does not know: an id to `query`, a platform or
/// request to `lint-plist`, a term to `explain`. One type, so that the three commands say it in one
/// way, and the way `capdoc check` says it of Content: `unknown service 'visit' (did you mean 'visits'?)`.
/// The command line turns it into exit status 64 (a usage error) in one place.
public struct UnknownID: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of entity looked for; nil for a term that may name an entity of any kind (`explain`).
    public var kind: EntityKind?
    public var id: String
    /// The nearest known names, nearest first (`Suggestions.nearest`).
    public var suggestions: [String]

    public init(kind: EntityKind?, id: String, suggestions: [String]) {
        self.kind = kind
        self.id = id
        self.suggestions = suggestions
    }

    /// The unknown `id` of `kind`, with the nearest of `candidates`.
    public init(kind: EntityKind?, id: String, candidates: [String]) {
        self.init(kind: kind, id: id, suggestions: Suggestions.nearest(to: id, in: candidates))
    }

    public var description: String { "unknown \(kind?.rawValue ?? "term") '\(id)'\(Suggestions.phrase(suggestions))" }
}

extension Vocabulary {
    /// Throws `UnknownID` unless `id` is a known entry of `kind`.
    public func require(_ kind: EntityKind, _ id: String) throws(UnknownID) {
        guard !contains(kind, id) else { return }
        throw UnknownID(kind: kind, id: id, candidates: ids(kind))
    }
}
