/// Info.plist keys that Apple documents but the model does not hold (the model holds only the
/// keys of its domain), each with the platforms Apple's page for it lists.
///
/// The misspelling rule (`KeySpelling`) compares every key it does not know with the model's keys,
/// so a real key a few letters from one of them would be called a typo: `WKBackgroundModes`, the
/// watchOS key, is two letters from `UIBackgroundModes`. Every key here is a key Apple documents
/// at `page(of:)` (Bundle Resources, Information Property List); none is guessed. The list is
/// not every key Apple documents: it holds the keys of watch and Mac bundles, whose prefixes (`WK`,
/// `NS`, `LS`) the model's keys share, and the keys `PlatformNames` and `BundleKind` read. A key added
/// here must have its page, and the platforms that page lists (model platform ids).
enum DocumentedInfoPlistKeys {
    struct Entry: Sendable, Hashable {
        var key: String
        var platforms: [String]
    }

    /// Apple's page for a key of the Information Property List.
    static func page(of key: String) -> String {
        "https://developer.apple.com/documentation/bundleresources/information-property-list/" + key.lowercased()
    }

    static let entries: [Entry] = watchOS + macOS + bundleTypes

    /// The keys of Watch apps and WatchKit extensions (Apple's pages list watchOS only).
    static let watchOS: [Entry] = [
        "WKApplication", "WKWatchKitApp", "WKWatchOnly", "WKAppBundleIdentifier", "WKCompanionAppBundleIdentifier",
        "WKBackgroundModes", "WKRunsIndependentlyOfCompanionApp", "CLKComplicationPrincipalClass",
        "CLKComplicationSupportedFamilies", "PUICAutoLaunchAudioOptOut",
    ].map { Entry(key: $0, platforms: ["watchos"]) }

    /// The keys of Mac apps and bundles (Apple's pages list macOS only).
    static let macOS: [Entry] = [
        "LSMinimumSystemVersion", "LSApplicationCategoryType", "LSUIElement", "LSBackgroundOnly",
        "LSMultipleInstancesProhibited", "LSRequiresNativeExecution", "NSMainNibFile", "NSHumanReadableCopyright",
        "NSHighResolutionCapable", "NSSupportsAutomaticTermination", "NSSupportsSuddenTermination",
        "NSRequiresAquaSystemAppearance", "NSAppleScriptEnabled", "NSAppleEventsUsageDescription", "NSServices",
        "NSDockTilePlugIn", "NSSystemExtensionUsageDescription",
    ].map { Entry(key: $0, platforms: ["macos"]) }

    /// The keys that say what a bundle is and where it runs, which `PlatformNames` and
    /// `BundleKind` read.
    static let bundleTypes: [Entry] = [
        Entry(key: "LSRequiresIPhoneOS", platforms: ["ios", "ipados"]),
        Entry(key: "NSExtension", platforms: ["ios", "ipados", "macos", "visionos"]),
        Entry(key: "NSAppClip", platforms: ["ios", "ipados"]),
    ]

    /// Every key of the list, for the spelling rule.
    static let keys: Set<String> = Set(entries.map(\.key))

    /// The keys Apple documents on a platform.
    static func keys(on platform: String) -> [String] {
        entries.filter { $0.platforms.contains(platform) }.map(\.key)
    }
}
