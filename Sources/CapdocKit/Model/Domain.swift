/// What the Content is about, in its own words, and which optional concepts it has: `domain.yaml`.
///
/// capdoc compiles any platform capability matrix; the words that name one (its title, the man page
/// of its matrix, the noun for its services, what a usage string must explain) are Content, so that
/// a second domain needs no change to the program, and no page of it speaks of the first.
public struct Domain: Sendable, Hashable {
    /// How the domain spells a key's name, which is also its id (`key-style`).
    public enum KeyStyle: String, Sendable, Hashable, CaseIterable {
        /// An ASCII letter, then letters and digits: Info.plist keys (`NSLocationWhenInUseUsageDescription`).
        case plist
        /// An ASCII letter, then letters, digits, `_` and single `.` between words: constants and
        /// dotted names (`ACCESS_FINE_LOCATION`, `android.permission.CAMERA`).
        case constant
    }

    /// The subject, as titles name it ("… authorization").
    public var name: String
    /// The subject with its vendor, for descriptions ("Apple … authorization").
    public var fullName: String
    /// The man page of the whole matrix, after the `capdoc-` every page's name starts with
    /// (`ManPageNames.overview`); kebab-case.
    var manPage: String
    /// The services as a table caption names them, capitalized ("Library features").
    public var services: String
    /// What a usage string must explain, after "must say" ("why the app uses the photo library").
    var purpose: String
    /// The placeholder of a usage string in the pages' Info.plist snippets ("Why your app …").
    var usageExample: String
    /// What the person reading a usage string wants told, after "replace the placeholders with"
    /// ("what your app does with the photos").
    var usageHint: String
    /// The API that reports an app's authorization status, as captions name it ("Statuses … can report").
    public var statusAPI: String
    /// Who publishes the sources, as "… 's page" and "… 's documents" name them ("Apple").
    public var vendor: String
    /// One key a request needs, as a kind of entity is named in lists and tables ("Info.plist key").
    public var key: String
    /// The keys, plural, for captions and sentences ("Info.plist keys").
    public var keys: String
    /// What the system tells of an authorization change, as the flow says "… is told" ("the delegate").
    public var callback: String
    /// What an app declares as the oldest version it runs on ("deployment target").
    public var deploymentTarget: String
    /// The file an app declares its keys in ("Info.plist"), and how one key is written there, with
    /// `{key}` for its name and `{value}` for a placeholder of its type (`key-snippet`): the request
    /// pages show what to paste. Without them, no page shows a snippet.
    public var keyFile: String?
    public var keySnippet: String?
    public var keyStyle: KeyStyle
    /// The framework whose calls `lint-plist --sources` looks for in an app's code.
    public var framework: String
    /// The entitlement a sandboxed Mac app needs to reach the services
    /// (`com.apple.security.personal-information.location`), which `lint-plist` requires of one that
    /// asks; nil: no entitlement rule (another permission has its own, or none).
    public var sandboxEntitlement: String?
    /// The home page's first paragraph: what the matrix answers (plain text).
    public var summary: String
    /// Whether the system relaunches terminated apps for some services: without it there are no
    /// relaunch columns, tables or checks, and a relaunch claim is an error.
    public var relaunch: Bool
    /// Whether the Content models the authorization flow (`flow.yaml`): without it there is no flow
    /// page and no flow check, and a flow claim is an error.
    public var flow: Bool
    /// Titles of fact kinds in this domain's words, where the generic title would not do.
    var factTitles: [FactKind: String]
    /// The Content's release (`version` in domain.yaml, such as "2026.11.28"), which the dataset
    /// carries so that a tool can pin the answers it read; nil where the Content names none.
    public var version: String?
    /// The hosts a source's URL may name (`source-hosts`); empty: any.
    public var sourceHosts: [String]

    public init(
        name: String = "", fullName: String = "", manPage: String = "overview", services: String = "Services",
        purpose: String = "why the app needs access", usageExample: String = "Why your app needs access",
        usageHint: String = "what your app does with the access", statusAPI: String = "the status API", vendor: String = "the vendor",
        key: String = "key", keys: String = "keys", callback: String = "the app", deploymentTarget: String = "deployment target",
        keyFile: String? = nil, keySnippet: String? = nil, keyStyle: KeyStyle = .plist,
        framework: String = "", sandboxEntitlement: String? = nil, summary: String = "",
        relaunch: Bool = false, flow: Bool = false, factTitles: [FactKind: String] = [:], version: String? = nil,
        sourceHosts: [String] = []
    ) {
        self.name = name
        self.fullName = fullName
        self.manPage = manPage
        self.services = services
        self.purpose = purpose
        self.usageExample = usageExample
        self.usageHint = usageHint
        self.statusAPI = statusAPI
        self.vendor = vendor
        self.key = key
        self.keys = keys
        self.callback = callback
        self.deploymentTarget = deploymentTarget
        self.keyFile = keyFile
        self.keySnippet = keySnippet
        self.keyStyle = keyStyle
        self.framework = framework
        self.sandboxEntitlement = sandboxEntitlement
        self.summary = summary
        self.relaunch = relaunch
        self.flow = flow
        self.factTitles = factTitles
        self.version = version
        self.sourceHosts = sourceHosts
    }

    /// A fact kind's title for readers: the domain's, or the generic one in the domain's nouns.
    public func title(_ kind: FactKind) -> String {
        if let own = factTitles[kind] { return own }
        switch kind {
        case .requestKeys: return "\(Self.capitalizedFirst(keys)) a request needs"
        case .keyExists: return "\(Self.capitalizedFirst(key)) read"
        case .keyDeprecated: return "\(Self.capitalizedFirst(key)) deprecated"
        default: return kind.title
        }
    }

    /// Whether the system tells the app of a transition, in words: "the delegate is told".
    public func toldWords(_ told: Bool?) -> String {
        switch told {
        case true?: "\(callback) is told"
        case false?: "\(callback) is not told"
        case nil: "whether \(callback) is told is not stated"
        }
    }

    /// "Apple's": the vendor as the owner of a page or a document.
    public var vendorPossessive: String { vendor.hasSuffix("s") ? vendor + "'" : vendor + "'s" }

    /// A noun phrase that starts a heading or a table's column: "Info.plist keys", "Manifest permissions".
    public static func capitalizedFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// Whether the domain has the concept a fact kind is about (relaunch facts need `relaunch`,
    /// prompts and transitions the flow).
    public func has(_ kind: FactKind) -> Bool {
        if kind == .launchesTerminatedApp { return relaunch }
        if kind.isFlow { return flow }
        return true
    }
}
