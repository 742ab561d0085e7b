/// Info.plist keys that Apple documents but the model does not hold (the model holds only the
/// keys of its domain), each with the platforms Apple's page for it lists.
///
/// The misspelling rule (`KeySpelling`) compares every key it does not know with the model's keys,
/// so a real key a few letters from one of them would be called a typo: `WKBackgroundModes`, the
/// watchOS key, is two letters from `UIBackgroundModes`. So that no key a real bundle carries is
/// ever called one, the list holds the top-level keys of Apple's Information Property List topics
/// (https://developer.apple.com/documentation/bundleresources/information-property-list: bundle
/// configuration, user interface, app execution, protected resources, data and storage, app
/// services), one file per topic. Every key here was read on its own page, whose address `page`
/// holds, with the platforms that page lists under Availability (model platform ids); none is
/// guessed. Left out: the keys nested in another key's dictionary (the system reads them only
/// there), and keys of drivers, plug-ins and frameworks no app bundle carries.
enum DocumentedInfoPlistKeys {
    struct Entry: Sendable, Hashable {
        var key: String
        var platforms: [String]
        /// Apple's page that documents the key.
        var page: String
    }

    /// Where Apple's pages for the keys of the Information Property List are.
    static let referenceRoot = "https://developer.apple.com/documentation/bundleresources/information-property-list/"

    /// Every platform of the model, for the keys whose page lists them all.
    static let everyPlatform = ["ios", "ipados", "mac-catalyst", "macos", "tvos", "visionos", "watchos"]

    /// Entries for keys documented on their own page of the reference (`…/information-property-list/<key>`).
    static func documented(on platforms: [String], _ keys: [String]) -> [Entry] {
        keys.map { Entry(key: $0, platforms: platforms, page: referenceRoot + $0.lowercased()) }
    }

    static let entries: [Entry] =
        bundleConfiguration + userInterface + appExecution + protectedResources + dataAndStorage + appServices
        + archivedReference

    /// Keys that the current reference has no page for but Apple's archived Information Property
    /// List Key Reference documents, with the platforms its key summary names.
    static let archivedReference: [Entry] = [
        Entry(
            key: "LSApplicationQueriesSchemes", platforms: ["ios"],
            page: "https://developer.apple.com/library/ios/documentation/general/Reference/InfoPlistKeyReference/Articles/LaunchServicesKeys.html"
        )
    ]

    /// Every key of the list, for the spelling rule.
    static let keys: Set<String> = Set(entries.map(\.key))

    /// The keys Apple documents on a platform.
    static func keys(on platform: String) -> [String] {
        entries.filter { $0.platforms.contains(platform) }.map(\.key)
    }
}
