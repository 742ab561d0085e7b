/// What a claim is about. Each kind fixes its subject, the scope dimensions it takes and its value type.
public enum FactKind: String, Sendable, CaseIterable, Codable {
    case levelSupported = "level-supported"
    case serviceOnPlatform = "service-on-platform"
    case serviceAvailable = "service-available"
    case launchesTerminatedApp = "launches-terminated-app"
    case requestAvailable = "request-available"
    case requestKeys = "request-keys"
    case explicitRequestRequired = "explicit-request-required"
    case levelsEquivalent = "levels-equivalent"
    case statusExists = "status-exists"
    case keyExists = "key-exists"
    case keyDeprecated = "key-deprecated"
    case authorizationCallback = "authorization-callback"
    case prompt
    case transition
    case note
    case serviceDeprecated = "service-deprecated"
    case requestDeprecated = "request-deprecated"
    case apiAvailable = "api-available"
    case apiDeprecated = "api-deprecated"
    case worksWithReducedAccuracy = "works-with-reduced-accuracy"
    case backgroundModeRequired = "background-mode-required"
    case backgroundDelivery = "background-delivery"
    case optOutKey = "opt-out-key"
    case bundleLevelSupported = "bundle-level-supported"
    case bundleBackground = "bundle-background"
    /// The title a prompt's button shows for a choice: sources name the buttons apart from what
    /// they do (an options table), and the titles change between OS versions where the choices stay.
    case choiceTitle = "choice-title"

    enum ValueType: Sendable {
        /// `keyList`: a list of Info.plist keys; `key`: one key (kept as a one-element list);
        /// `transition`: a mapping `{to, status, delegate}`.
        case boolean, keyList, key, text, transition
    }

    /// The vocabulary the subject comes from; nil for kinds without a subject.
    /// Notes have a free-form topic as their subject, see `hasFreeTopic`.
    var subjectKind: EntityKind? {
        switch self {
        case .levelSupported: .level
        case .serviceOnPlatform, .serviceAvailable, .launchesTerminatedApp, .serviceDeprecated, .explicitRequestRequired,
            .worksWithReducedAccuracy, .backgroundModeRequired, .backgroundDelivery, .optOutKey:
            .service
        case .requestAvailable, .requestKeys, .requestDeprecated: .request
        case .statusExists: .status
        case .keyExists, .keyDeprecated: .key
        case .apiAvailable, .apiDeprecated: .api
        case .prompt, .transition: .state
        case .bundleLevelSupported, .bundleBackground: .bundle
        case .choiceTitle: .choice
        case .levelsEquivalent, .authorizationCallback, .note: nil
        }
    }

    /// What the fact says, in words, for headings and tables that readers see (the raw value is Content's id).
    /// Generic: a domain names a kind in its own words in `domain.yaml` (`Domain.title`).
    public var title: String {
        switch self {
        case .levelSupported: "Access level offered"
        case .serviceOnPlatform: "Service's API exists"
        case .serviceAvailable: "Service works under the level"
        case .launchesTerminatedApp: "Relaunches a terminated app"
        case .requestAvailable: "Request method exists"
        case .requestKeys: "Keys a request needs"
        case .explicitRequestRequired: "Explicit authorization request required"
        case .levelsEquivalent: "Access levels equivalent"
        case .statusExists: "Status reported"
        case .keyExists: "Key read"
        case .keyDeprecated: "Key deprecated"
        case .authorizationCallback: "Callback for authorization changes"
        case .prompt: "Prompt shown"
        case .transition: "Outcome of a choice"
        case .note: "Note"
        case .serviceDeprecated: "Service's API deprecated"
        case .requestDeprecated: "Request method deprecated"
        case .apiAvailable: "API exists"
        case .apiDeprecated: "API deprecated"
        case .worksWithReducedAccuracy: "Works with reduced accuracy"
        case .backgroundModeRequired: "Background mode required"
        case .backgroundDelivery: "Delivers in the background"
        case .optOutKey: "Key that stops implicit requests"
        case .bundleLevelSupported: "Access level the bundle kind may hold"
        case .bundleBackground: "Bundle kind runs in the background"
        case .choiceTitle: "Button title"
        }
    }

    var hasFreeTopic: Bool { self == .note }

    /// The kind's position in `allCases`: the merge numbers its tables by it instead of hashing kinds.
    var ordinal: Int {
        switch self {
        case .levelSupported: 0
        case .serviceOnPlatform: 1
        case .serviceAvailable: 2
        case .launchesTerminatedApp: 3
        case .requestAvailable: 4
        case .requestKeys: 5
        case .explicitRequestRequired: 6
        case .levelsEquivalent: 7
        case .statusExists: 8
        case .keyExists: 9
        case .keyDeprecated: 10
        case .authorizationCallback: 11
        case .prompt: 12
        case .transition: 13
        case .note: 14
        case .serviceDeprecated: 15
        case .requestDeprecated: 16
        case .apiAvailable: 17
        case .apiDeprecated: 18
        case .worksWithReducedAccuracy: 19
        case .backgroundModeRequired: 20
        case .backgroundDelivery: 21
        case .optOutKey: 22
        case .bundleLevelSupported: 23
        case .bundleBackground: 24
        case .choiceTitle: 25
        }
    }

    /// Flow facts: their subject is the state a trigger starts from, and they take a `trigger`
    /// (and transitions a `choice`). Their fact cell is the state, trigger and choice together.
    var isFlow: Bool { self == .prompt || self == .transition }

    /// Whether claims of this kind may name the user's `choice` at a prompt.
    var takesChoice: Bool { self == .transition }

    /// Whether claims of this kind may (and facts must) be scoped by access level.
    /// An explicit request is per level: a service that authorizes itself sets When In Use only, so
    /// an app that needs Always still asks for it.
    var takesLevels: Bool {
        self == .serviceAvailable || self == .launchesTerminatedApp || self == .bundleLevelSupported || self == .explicitRequestRequired
    }

    var valueType: ValueType {
        switch self {
        case .requestKeys: .keyList
        case .prompt, .optOutKey: .key
        case .transition: .transition
        case .note, .authorizationCallback, .choiceTitle: .text
        case .levelSupported, .serviceOnPlatform, .serviceAvailable, .launchesTerminatedApp, .requestAvailable,
            .explicitRequestRequired, .levelsEquivalent, .statusExists, .keyExists, .keyDeprecated,
            .serviceDeprecated, .requestDeprecated, .apiAvailable, .apiDeprecated, .worksWithReducedAccuracy,
            .backgroundModeRequired, .backgroundDelivery, .bundleLevelSupported, .bundleBackground:
            .boolean
        }
    }

    /// Deprecation kinds: their claims may name a `replacement`, and their `from` bound is the
    /// version that deprecates the subject ("deprecated in 27.0").
    var isDeprecation: Bool {
        switch self {
        case .keyDeprecated, .serviceDeprecated, .requestDeprecated, .apiDeprecated: true
        case .levelSupported, .serviceOnPlatform, .serviceAvailable, .launchesTerminatedApp, .requestAvailable, .requestKeys,
            .explicitRequestRequired, .levelsEquivalent, .statusExists, .keyExists, .authorizationCallback, .prompt,
            .transition, .note, .apiAvailable, .worksWithReducedAccuracy, .backgroundModeRequired, .backgroundDelivery,
            .optOutKey, .bundleLevelSupported, .bundleBackground, .choiceTitle:
            false
        }
    }

    /// Kinds whose absence is no gap: most APIs are not deprecated and most services have no opt-out
    /// key, so where no source states one the pages say "Not stated", not "Unknown".
    var absenceIsNotStated: Bool { isDeprecation || self == .optOutKey }

    /// One line for references, in words of no domain.
    public var summary: String {
        switch self {
        case .levelSupported: "The platform offers this access level."
        case .serviceOnPlatform: "The service's API exists on the platform."
        case .serviceAvailable: "The service works for an app with this access level."
        case .launchesTerminatedApp: "The system relaunches a terminated app to deliver this service's events."
        case .requestAvailable: "The request's method exists on the platform."
        case .requestKeys: "The keys the request needs."
        case .explicitRequestRequired: "An app must call a request method before the service delivers its events."
        case .levelsEquivalent: "The access levels behave the same on the platform."
        case .statusExists: "The authorization status API can report this status on the platform."
        case .keyExists: "The key is read on the platform."
        case .keyDeprecated: "The key is deprecated."
        case .serviceDeprecated: "The service's API is deprecated."
        case .requestDeprecated: "The request's method is deprecated."
        case .apiAvailable: "The API (a type, property, method or entitlement) exists on the platform."
        case .apiDeprecated: "The API is deprecated."
        case .worksWithReducedAccuracy: "The service works when the user grants only reduced (approximate) accuracy."
        case .backgroundModeRequired: "The app needs a background mode (a key) for the service's updates to reach it in the background."
        case .backgroundDelivery: "The service delivers its updates to the app while the app runs in the background."
        case .optOutKey: "The key with which an app stops the service from requesting authorization implicitly."
        case .bundleLevelSupported: "A bundle of this kind (an App Clip, an extension) may hold this access level."
        case .bundleBackground: "A bundle of this kind may run in the background, with the background modes that need it."
        case .authorizationCallback: "The method that reports authorization changes, the user's choices among them."
        case .prompt: "The key whose usage string the prompt shows, when the trigger happens in the state."
        case .transition:
            "Where the trigger (and the user's choice at its prompt) leads from the state: the next state, the status reported, whether the app is told."
        case .note: "A remark about a topic on the platform (CommonMark)."
        case .choiceTitle: "The title of the prompt's button for the choice, as the platform shows it."
        }
    }
}
