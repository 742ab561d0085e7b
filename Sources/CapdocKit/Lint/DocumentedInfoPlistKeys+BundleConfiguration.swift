extension DocumentedInfoPlistKeys {
    /// The keys of Apple's "Bundle configuration" topic (what a bundle is, its name, version and the system it needs):
    /// https://developer.apple.com/documentation/bundleresources/bundle-configuration. Each key's platforms are
    /// the ones its own page lists under Availability.
    static let bundleConfiguration: [Entry] =
        documented(
            on: everyPlatform,
            [
                "CFBundlePackageType",
                "CFBundleIdentifier",
                "CFBundleName",
                "CFBundleDisplayName",
                "CFBundleSpokenName",
                "CFBundleVersion",
                "CFBundleShortVersionString",
                "CFBundleInfoDictionaryVersion",
                "CFBundleDevelopmentRegion",
                "CFBundleLocalizations",
                "CFBundleAllowMixedLocalizations",
            ])
        + documented(
            on: ["macos"],
            [
                "LSApplicationCategoryType",
                "NSHumanReadableCopyright",
            ])
        + documented(
            on: ["watchos"],
            [
                "WKAppBundleIdentifier",
                "WKCompanionAppBundleIdentifier",
                "WKApplication",
                "WKWatchKitApp",
            ])
        + documented(
            on: ["mac-catalyst", "macos"],
            [
                "LSMinimumSystemVersion"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "visionos", "watchos"],
            [
                "MinimumOSVersion"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst"],
            [
                "LSRequiresIPhoneOS"
            ])
}
