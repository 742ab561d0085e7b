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
    public static let yamlSyntax = CheckID(rawValue: "yaml-syntax")
    public static let unknownField = CheckID(rawValue: "unknown-field")
    public static let wrongType = CheckID(rawValue: "wrong-type")
    public static let missingField = CheckID(rawValue: "missing-field")
    public static let duplicateID = CheckID(rawValue: "duplicate-id")
    public static let unsafeID = CheckID(rawValue: "unsafe-id")
    public static let controlCharacter = CheckID(rawValue: "control-character")
    public static let manPageCollision = CheckID(rawValue: "man-page-collision")
    public static let unsafeFile = CheckID(rawValue: "unsafe-file")
    public static let vocabularyLimit = CheckID(rawValue: "vocabulary-limit")
    public static let proseNesting = CheckID(rawValue: "prose-nesting")
    public static let unknownID = CheckID(rawValue: "unknown-id")
    public static let invalidVersionRange = CheckID(rawValue: "invalid-version-range")
    public static let invalidGate = CheckID(rawValue: "invalid-gate")
    public static let missingQuote = CheckID(rawValue: "missing-quote")
    public static let quoteNotInArchive = CheckID(rawValue: "quote-not-in-archive")
    public static let contradiction = CheckID(rawValue: "contradiction")
    public static let gateContradiction = CheckID(rawValue: "gate-contradiction")
    public static let staleAdjudication = CheckID(rawValue: "stale-adjudication")
    public static let levelNotOnPlatform = CheckID(rawValue: "level-not-on-platform")
    public static let relaunchNotOnPlatform = CheckID(rawValue: "relaunch-not-on-platform")
    public static let keyNotOnPlatform = CheckID(rawValue: "key-not-on-platform")
    public static let statusNotOnPlatform = CheckID(rawValue: "status-not-on-platform")
    public static let promptKeyNotRequired = CheckID(rawValue: "prompt-key-not-required")
    public static let promptConflict = CheckID(rawValue: "prompt-conflict")
    public static let unreachableState = CheckID(rawValue: "unreachable-state")
    public static let undecidedCell = CheckID(rawValue: "undecided-cell")
}
