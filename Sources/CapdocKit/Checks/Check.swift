/// What a check sees: the loaded model, the merge of its claims, and the optional archives.
public struct CheckContext: Sendable {
    public var model: ContentModel
    public var merge: MergeResult
    /// Where each key-list claim names its keys, by claim reference.
    var keyReferences: [String: [Located<String>]]
    /// Archived page texts for quote verification; nil when `--archives` was not given.
    public var archives: ArchiveLibrary?
}

/// A consistency check: a stable id, its documentation, and what it finds.
///
/// Structural checks are reported by the loader as it reads (their `run` finds nothing more);
/// the others run over the loaded and merged model.
public protocol Check: Sendable {
    /// The stable id printed in brackets after each diagnostic, e.g. `contradiction`.
    static var id: CheckID { get }
    static var severity: Severity { get }
    /// One line: what the check finds.
    static var summary: String { get }
    /// CommonMark for the checks reference: why it matters and how to fix a finding.
    static var documentation: String { get }
    /// The optional concept the check is about (a relaunch, the flow), as one of its fact kinds: a
    /// domain without it has no use for the check, and its checks page does not list it. nil: any domain.
    static var concept: FactKind? { get }
    static func run(_ context: CheckContext) -> [Diagnostic]
}

public extension Check {
    static var severity: Severity { .error }
    static var concept: FactKind? { nil }
    /// Whether the check means anything for a domain: it has the check's concept.
    static func applies(to domain: Domain) -> Bool { concept.map(domain.has) ?? true }
    static func run(_ context: CheckContext) -> [Diagnostic] { [] }
}

/// Every check, in the order of the reference page.
enum CheckRegistry {
    public static let all: [any Check.Type] = [
        YAMLSyntaxCheck.self,
        UnknownFieldCheck.self,
        WrongTypeCheck.self,
        MissingFieldCheck.self,
        DuplicateIDCheck.self,
        UnsafeIDCheck.self,
        ControlCharacterCheck.self,
        ManPageCollisionCheck.self,
        UnsafeFileCheck.self,
        VocabularyLimitCheck.self,
        ProseNestingCheck.self,
        UnknownIDCheck.self,
        InvalidVersionRangeCheck.self,
        InvalidGateCheck.self,
        MissingQuoteCheck.self,
        QuoteNotInArchiveCheck.self,
        ContradictionCheck.self,
        GateContradictionCheck.self,
        StaleAdjudicationCheck.self,
        LevelNotOnPlatformCheck.self,
        EquivalentLevelsDifferCheck.self,
        RelaunchNotOnPlatformCheck.self,
        KeyNotOnPlatformCheck.self,
        StatusNotOnPlatformCheck.self,
        PromptKeyNotRequiredCheck.self,
        PromptConflictCheck.self,
        UnreachableStateCheck.self,
        UndecidedCellCheck.self,
        VersionPagesLimitedCheck.self,
    ]

    public static func check(id: String) -> (any Check.Type)? { all.first { $0.id.rawValue == id } }
}
