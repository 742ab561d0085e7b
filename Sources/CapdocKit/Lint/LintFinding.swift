/// Where a finding is: a file, and the line and column when known (1-based; columns in UTF-8 bytes).
public struct LintLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file`, `file:line` or `file:line:col`, as compilers print positions.
    public var description: String {
        guard let line else { return file }
        guard let column else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}

/// One thing `capdoc lint-plist` found, with the sources that state the rule.
public struct LintFinding: Sendable, Hashable {
    /// The rules, each with a stable id used in every output format.
    public enum Rule: String, Sendable, CaseIterable {
        case missingUsageKey = "missing-usage-key"
        case emptyUsageKey = "empty-usage-key"
        case placeholderUsageKey = "placeholder-usage-key"
        case wrongKeyType = "wrong-key-type"
        case invalidTemporaryDictionary = "invalid-temporary-dictionary"
        case misspelledKey = "misspelled-key"
        case misplacedKey = "misplaced-key"
        case serviceNeedsLevel = "service-needs-level"
        case requestNotOnPlatform = "request-not-on-platform"
        case containingAppKeyMissing = "containing-app-key-missing"
        case levelNotAllowedInBundle = "level-not-allowed-in-bundle"
        case backgroundModeInBundle = "background-mode-in-bundle"
        case missingLocationEntitlement = "missing-location-entitlement"
        case deprecatedKey = "deprecated-key"
        case keyNotOnPlatform = "key-not-on-platform"

        public var severity: Severity {
            switch self {
            case .missingUsageKey, .emptyUsageKey, .placeholderUsageKey, .wrongKeyType, .invalidTemporaryDictionary, .misspelledKey,
                .misplacedKey, .serviceNeedsLevel, .requestNotOnPlatform, .containingAppKeyMissing, .levelNotAllowedInBundle,
                .backgroundModeInBundle, .missingLocationEntitlement:
                .error
            case .deprecatedKey, .keyNotOnPlatform: .warning
            }
        }

        /// One line, for SARIF's `shortDescription` and reference docs.
        public var summary: String {
            switch self {
            case .missingUsageKey: "A key that a requested authorization needs is missing; the request fails immediately."
            case .emptyUsageKey: "A usage-description string is empty or shows nothing (only white space or invisible characters)."
            case .placeholderUsageKey:
                "A purpose string is a placeholder (the key's own name, TODO, '… goes here', lorem ipsum): App Review rejects purpose strings that do not say why the app uses the data."
            case .wrongKeyType: "A key of the model has the wrong type (a usage description must be a string)."
            case .invalidTemporaryDictionary: "A dictionary of usage strings is not a dictionary of non-empty strings."
            case .misspelledKey: "A key is a misspelling, a wrong case or Xcode's display name of a key of the model: the system ignores it."
            case .misplacedKey: "A key of the model is at the wrong level of the Info.plist, where the system does not look for it."
            case .serviceNeedsLevel: "The code uses a service that does not work under the authorization the app requests."
            case .requestNotOnPlatform: "The code makes a request that does not exist on the platform it is compiled for."
            case .containingAppKeyMissing: "A widget sets its opt-in key, but its containing app lacks the usage string that authorization needs."
            case .levelNotAllowedInBundle: "The bundle (an App Clip) asks for an access level that a bundle of its kind may not hold."
            case .backgroundModeInBundle: "The bundle (an App Clip) declares a background mode, but a bundle of its kind may not run in the background."
            case .missingLocationEntitlement:
                "A sandboxed Mac app uses location without the com.apple.security.personal-information.location entitlement, which the App Sandbox requires."
            case .deprecatedKey: "A key is deprecated at the deployment target."
            case .keyNotOnPlatform: "A key is not read on the platform."
            }
        }
    }

    public var rule: Rule
    public var severity: Severity
    /// The Info.plist key the finding is about (or the service, for `service-needs-level`).
    public var key: String
    public var message: String
    /// Where to fix it: the key's line, the call, or the plist when the key is missing.
    public var location: LintLocation
    /// Other places that explain it: the calls that make a request whose key is missing.
    var related: [LintLocation]
    /// Ids of the sources that state the rule, sorted and unique.
    public var sources: [String]
    /// References (`source#claim`) of the claims that state it, sorted and unique.
    public var claims: [String]

    public init(
        rule: Rule, key: String, message: String, location: LintLocation, related: [LintLocation] = [],
        sources: [String], claims: [String]
    ) {
        self.rule = rule
        self.severity = rule.severity
        self.key = key
        self.message = message
        self.location = location
        self.related = related
        self.sources = Array(Set(sources)).sorted()
        self.claims = Array(Set(claims)).sorted()
    }

    /// Errors first, then by rule, key, place and message: the order of every output.
    public static func ordered(_ findings: [LintFinding]) -> [LintFinding] {
        let rank = Dictionary(uniqueKeysWithValues: Rule.allCases.enumerated().map { ($1, $0) })
        return findings.sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            if a.rule != b.rule { return rank[a.rule]! < rank[b.rule]! }
            if a.key != b.key { return a.key < b.key }
            if a.location.file != b.location.file { return a.location.file < b.location.file }
            if (a.location.line ?? 0) != (b.location.line ?? 0) { return (a.location.line ?? 0) < (b.location.line ?? 0) }
            return a.message < b.message
        }
    }
}

/// What `capdoc lint-plist` found in one Info.plist (a file, or a target's generated one).
public struct LintResult: Sendable, Hashable {
    /// The plist file, or `Project.xcodeproj` target `T` for a generated Info.plist.
    public var file: String
    /// The Xcode target, when the plist came from a project.
    public var target: String?
    public var platform: String
    public var deploymentTarget: Version?
    public var bundle: BundleKind
    /// The requests checked, given or inferred, in vocabulary order.
    public var requests: [String]
    /// The requests inferred from the keys and the code, when `--requests` was left out; nil when given.
    var inferredRequests: [String]?
    /// What each inferred request was inferred from: keys present, a background mode (`KEY: MODE`,
    /// `keys.yaml` `background-mode`), or calls (`App/Services.swift:12`), sorted.
    var inferredFrom: [String: [String]]
    public var findings: [LintFinding]

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// An input `lint-plist` could not lint (unreadable plist, project or sources): reported, and exit 2.
public struct LintFailure: Sendable, Hashable, Error {
    public var location: LintLocation
    public var message: String

    public init(location: LintLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// Everything one `lint-plist` run found, over all its inputs.
public struct LintRun: Sendable, Hashable {
    public var results: [LintResult]
    public var failures: [LintFailure]

    public init(results: [LintResult], failures: [LintFailure]) {
        self.results = results
        self.failures = failures
    }

    public var errorCount: Int { results.reduce(0) { $0 + $1.errorCount } }
    public var warningCount: Int { results.reduce(0) { $0 + $1.warningCount } }
}
