/// One Info.plist to lint, with everything the rules need to know about the bundle that ships it.
public struct LintSubject: Sendable {
    /// The plist file as the user named it (relative to the working folder), or the project file
    /// for a generated Info.plist.
    public var file: String
    /// The Xcode target, when the plist came from a project.
    public var target: String?
    public var plist: [String: PlistValue]
    /// Where each top-level key is written (its line in an XML plist, its build setting in a project).
    var keyLocations: [String: LintLocation]
    public var platform: String
    public var deploymentTarget: Version?
    public var bundle: BundleKind
    /// The requests the app makes, when given; nil: inferred from the keys and the code.
    public var requests: [String]?
    /// The localized strings files beside the plist (`de.lproj/InfoPlist.strings`, …).
    var localizations: [LocalizedInfoPlist]
    /// The calls of the domain's framework in the bundle's code (`--sources`).
    public var code: [CodeUse]
    /// Where a missing key is to be added: the line of the plist's top-level `<dict>`, or the
    /// target's `INFOPLIST_KEY_…` or `INFOPLIST_FILE` setting; nil when no line is known (a
    /// binary plist).
    var placeForNewKeys: LintLocation?
    /// Whether the same Info.plist is linted for other platforms too (a multiplatform target):
    /// each finding then says for which platform it holds.
    var severalPlatforms = false
    /// The code-signing entitlements the bundle ships (`CODE_SIGN_ENTITLEMENTS`), when known.
    var entitlements: Entitlements?
    /// What reading the project's settings for this subject could not use, each `file:line: what`
    /// (a deployment target that is no version): for the command to print as warnings.
    public var settingWarnings: [String] = []

    public init(
        file: String, target: String? = nil, plist: [String: PlistValue], keyLocations: [String: LintLocation] = [:],
        platform: String, deploymentTarget: Version? = nil, bundle: BundleKind? = nil, requests: [String]? = nil,
        localizations: [LocalizedInfoPlist] = [], code: [CodeUse] = []
    ) {
        self.file = file
        self.target = target
        self.plist = plist
        self.keyLocations = keyLocations
        self.platform = platform
        self.deploymentTarget = deploymentTarget
        self.bundle = bundle ?? BundleKind(plist: plist)
        self.requests = requests
        self.localizations = localizations
        self.code = code
    }

    /// Where a key is written, or the plist itself when it is not.
    func location(of key: String) -> LintLocation { keyLocations[key] ?? LintLocation(file: file) }

    /// Where a key that is not there would go.
    var newKeyLocation: LintLocation { placeForNewKeys ?? LintLocation(file: file) }
}

/// A call in the app's code that makes a request or uses a service of the model.
public struct CodeUse: Sendable, Hashable {
    public enum Use: Sendable, Hashable {
        case request(String)
        case service(String)
    }

    public var use: Use
    /// The API as the model names it (`requestAlwaysAuthorization()`, `CLMonitor`).
    public var api: String
    public var location: LintLocation
    /// The platforms the call is compiled for, as its `#if`s and `@available`s say
    /// (`compile-conditions` in platforms.yaml); nil: every platform.
    public var platforms: Set<String>?
    /// The dependency (a pod, a package, a Carthage project) whose code makes the call; nil for the app's own.
    public var dependency: String?
    /// Per platform, the OS version from which the call runs, as the `#available` checks it is
    /// behind and the `@available` declarations it is in say (`if #available(iOS 17, *)`): the
    /// rules about what the call does at run time (`service-needs-level`, `request-not-on-platform`)
    /// judge it from there, not from the deployment target. The keys a request needs are not: App
    /// Store Connect reads the binary, which calls the API whatever the check (ITMS-90683).
    public var runsFrom: [String: Version]

    public init(
        use: Use, api: String, location: LintLocation, platforms: Set<String>? = nil, dependency: String? = nil,
        runsFrom: [String: Version] = [:]
    ) {
        self.use = use
        self.api = api
        self.location = location
        self.platforms = platforms
        self.dependency = dependency
        self.runsFrom = runsFrom
    }

    /// "Trails/Recorder.swift:11:17", or "the dependency LocationKit at Pods/LocationKit/Tracker.m:12:5".
    var placeDescription: String {
        dependency.map { "the dependency \($0) at \(location)" } ?? location.description
    }
}

/// An API of the model to look for in code: a request's or a service's, in Swift and Objective-C.
public struct CodeAPI: Sendable, Hashable {
    public var use: CodeUse.Use
    /// The Swift spelling the model gives (`startMonitoring(for:)`), nil for Objective-C-only entries.
    public var swift: String?
    /// An Objective-C selector or type name (`startMonitoringForRegion:`), nil for Swift-only entries.
    public var objectiveC: String?
}
