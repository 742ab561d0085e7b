/// The stable id of a check, printed in brackets after each diagnostic (`[contradiction]`) and in
/// the `check` field of the JSON diagnostics. The ids live here, below the loader and the checks,
/// because both write them: the loader reports the structural checks as it reads, and a check
/// names its own id. Each check's `id` is one of these.
public struct CheckID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// By the id's text, as diagnostics have always been ordered.
    public static func < (a: CheckID, b: CheckID) -> Bool { a.rawValue < b.rawValue }

    // In the order of the checks reference.
    static let yamlSyntax = CheckID(rawValue: "yaml-syntax")
    static let unknownField = CheckID(rawValue: "unknown-field")
    static let wrongType = CheckID(rawValue: "wrong-type")
    static let missingField = CheckID(rawValue: "missing-field")
    static let duplicateID = CheckID(rawValue: "duplicate-id")
    static let unsafeID = CheckID(rawValue: "unsafe-id")
    static let controlCharacter = CheckID(rawValue: "control-character")
    static let manPageCollision = CheckID(rawValue: "man-page-collision")
    static let unsafeFile = CheckID(rawValue: "unsafe-file")
    static let vocabularyLimit = CheckID(rawValue: "vocabulary-limit")
    static let proseNesting = CheckID(rawValue: "prose-nesting")
    static let unknownID = CheckID(rawValue: "unknown-id")
    static let invalidVersionRange = CheckID(rawValue: "invalid-version-range")
    static let invalidGate = CheckID(rawValue: "invalid-gate")
    static let missingQuote = CheckID(rawValue: "missing-quote")
    static let quoteNotInArchive = CheckID(rawValue: "quote-not-in-archive")
    static let contradiction = CheckID(rawValue: "contradiction")
    static let gateContradiction = CheckID(rawValue: "gate-contradiction")
    static let staleAdjudication = CheckID(rawValue: "stale-adjudication")
    static let levelNotOnPlatform = CheckID(rawValue: "level-not-on-platform")
    static let equivalentLevelsDiffer = CheckID(rawValue: "equivalent-levels-differ")
    static let relaunchNotOnPlatform = CheckID(rawValue: "relaunch-not-on-platform")
    static let keyNotOnPlatform = CheckID(rawValue: "key-not-on-platform")
    static let statusNotOnPlatform = CheckID(rawValue: "status-not-on-platform")
    static let promptKeyNotRequired = CheckID(rawValue: "prompt-key-not-required")
    static let promptConflict = CheckID(rawValue: "prompt-conflict")
    static let unreachableState = CheckID(rawValue: "unreachable-state")
    static let undecidedCell = CheckID(rawValue: "undecided-cell")
    static let versionPagesLimited = CheckID(rawValue: "version-pages-limited")
}
