extension DocumentedInfoPlistKeys {
    /// The keys of Apple's "App services" topic (the services an app offers: alarms, the Always On display, printing, accessories, Live Activities, user activities):
    /// https://developer.apple.com/documentation/bundleresources/app-services. Each key's platforms are
    /// the ones its own page lists under Availability.
    static let appServices: [Entry] =
        documented(
            on: ["ios", "ipados", "mac-catalyst"],
            [
                "NSAlarmKitUsageDescription",
                "UISupportedExternalAccessoryProtocols",
                "NSSupportsLiveActivities",
                "NSSupportsLiveActivitiesFrequentUpdates",
            ])
        + documented(
            on: ["watchos"],
            [
                "WKSupportsAlwaysOnDisplay"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "visionos"],
            [
                "UIApplicationSupportsPrintCommand"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos"],
            [
                "NSUserActivityTypes"
            ])
}
