/// A target's build settings for one configuration, resolved and expanded as Xcode would, and
/// what they say about the Info.plist the target ships.
struct ResolvedTarget: Sendable, Hashable {
    /// The target's name.
    public var target: String
    /// The configuration the settings are for.
    public var configuration: String
    /// `com.apple.product-type.application`…; empty for aggregate and legacy targets.
    var productType: String
    /// `INFOPLIST_FILE`, expanded, as a path from the working folder (a relative setting is
    /// relative to the project's folder, `SRCROOT`); nil when unset or empty.
    var infoPlistFile: String?
    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode writes the Info.plist (merging `infoPlistFile`
    /// into it, if any) from the `INFOPLIST_KEY_*` settings.
    var generatesInfoPlist: Bool
    /// Every `INFOPLIST_KEY_<Key>` setting, by `<Key>` as written after the prefix (Xcode adds
    /// these keys only when `generatesInfoPlist`).
    var generatedKeys: [String: GeneratedKey]
    /// Every setting with a value for this target and configuration, expanded, with capdoc's
    /// defaults (`SRCROOT`, `PROJECT_DIR`, `PROJECT_NAME`, `TARGET_NAME`, `PRODUCT_NAME`,
    /// `CONFIGURATION`…).
    var settings: [String: String]
    /// `SDKROOT` (`iphoneos`, `macosx`, `auto`…); nil when unset or empty.
    var sdkRoot: String?
    /// The SDK that settings conditional on `[sdk=…]` were resolved for (`iphoneos`), from
    /// `SDKROOT`, or the first of `SUPPORTED_PLATFORMS` when `SDKROOT` is `auto` or unset.
    var sdk: String?
    /// `SUPPORTED_PLATFORMS`, split on blanks.
    var supportedPlatforms: [String]
    /// `SUPPORTS_MACCATALYST = YES`.
    var supportsMacCatalyst: Bool
    /// The `*_DEPLOYMENT_TARGET` settings that are set (iOS, macOS, watchOS, tvOS, visionOS).
    var deploymentTargets: [String: String]
    /// Where each setting that a file sets is written (its top definition): the place to fix
    /// `INFOPLIST_FILE`, `GENERATE_INFOPLIST_FILE` or `CODE_SIGN_ENTITLEMENTS`.
    var settingPlaces: [String: GeneratedKey] = [:]
    /// What could not be followed (a missing `.xcconfig`, an unsupported operator…): the settings
    /// are resolved without it.
    public var warnings: [String]
    /// The same, each as a line to print with the file it is about first: a `.xcconfig`'s problems
    /// at their place, the others at the project file, with the target and configuration.
    public var warningLines: [String] = []

    public init(
        target: String, configuration: String = "", productType: String = "", infoPlistFile: String? = nil,
        generatesInfoPlist: Bool = false, generatedKeys: [String: GeneratedKey] = [:], settings: [String: String] = [:],
        sdkRoot: String? = nil, sdk: String? = nil, supportedPlatforms: [String] = [], supportsMacCatalyst: Bool = false,
        deploymentTargets: [String: String] = [:], warnings: [String] = []
    ) {
        self.target = target
        self.configuration = configuration
        self.productType = productType
        self.infoPlistFile = infoPlistFile
        self.generatesInfoPlist = generatesInfoPlist
        self.generatedKeys = generatedKeys
        self.settings = settings
        self.sdkRoot = sdkRoot
        self.sdk = sdk
        self.supportedPlatforms = supportedPlatforms
        self.supportsMacCatalyst = supportsMacCatalyst
        self.deploymentTargets = deploymentTargets
        self.warnings = warnings
    }

    /// The settings `deploymentTargets` reads.
    static let deploymentTargetSettings = [
        "IPHONEOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET", "WATCHOS_DEPLOYMENT_TARGET",
        "TVOS_DEPLOYMENT_TARGET", "XROS_DEPLOYMENT_TARGET",
    ]

    /// The prefix of the settings Xcode turns into keys of a generated Info.plist.
    static let generatedKeyPrefix = "INFOPLIST_KEY_"
}

/// An Info.plist key Xcode generates from an `INFOPLIST_KEY_<Key>` setting, and where that
/// setting is written.
struct GeneratedKey: Sendable, Hashable {
    /// The setting's value, expanded.
    public var value: String
    /// The `project.pbxproj` or `.xcconfig` that sets it (as messages show paths).
    public var file: String
    /// 1-based line of the setting in `file`; 0 when unknown.
    public var line: Int

    public init(value: String, file: String, line: Int) {
        self.value = value
        self.file = file
        self.line = line
    }
}
