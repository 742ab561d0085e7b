/// How serious a diagnostic is. Errors stop `capdoc build`; warnings do not, unless asked to.
public enum Severity: String, Sendable, Comparable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A secondary location attached to a diagnostic: "the other claim is here".
public struct DiagnosticNote: Hashable, Sendable {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }
}

/// One finding, compiler style: where, how serious, what, which check, and related places.
public struct Diagnostic: Hashable, Sendable, Error {
    public var location: SourceLocation
    public var severity: Severity
    public var message: String
    /// The stable id of the check that found it, e.g. `contradiction`.
    public var checkID: CheckID
    public var notes: [DiagnosticNote]

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation,
        check checkID: CheckID, notes: [DiagnosticNote] = []
    ) {
        self.location = location
        self.severity = severity
        self.message = message
        self.checkID = checkID
        self.notes = notes
    }

    /// The order in which diagnostics are printed: by file and position, then by check and text,
    /// so that output is deterministic however the checks ran.
    public static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            if a.location != b.location { return a.location < b.location }
            if a.checkID != b.checkID { return a.checkID < b.checkID }
            return a.message < b.message
        }
    }
}
