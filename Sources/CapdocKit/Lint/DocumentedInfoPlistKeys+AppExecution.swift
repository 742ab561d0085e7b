extension DocumentedInfoPlistKeys {
    /// The keys of Apple's "App execution" topic (launch, launch conditions, extensions, background execution and termination):
    /// https://developer.apple.com/documentation/bundleresources/app-execution. Each key's platforms are
    /// the ones its own page lists under Availability.
    static let appExecution: [Entry] =
        documented(
            on: ["macos"],
            [
                "NSPrincipalClass",
                "LSEnvironment",
                "LSMultipleInstancesProhibited",
                "LSRequiresNativeExecution",
                "NSServices",
                "LSBackgroundOnly",
                "NSDockTilePlugIn",
                "NSSupportsSuddenTermination",
            ])
        + documented(
            on: ["watchos"],
            [
                "CLKComplicationPrincipalClass",
                "WKPrefersNetworkUponForeground",
                "WKRunsIndependentlyOfCompanionApp",
                "WKWatchOnly",
                "PUICAutoLaunchAudioOptOut",
                "CLKComplicationSupportedFamilies",
                "WKExtensionDelegateClassName",
                "WKBackgroundModes",
            ])
        + documented(
            on: everyPlatform,
            [
                "CFBundleExecutable"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst"],
            [
                "UIApplicationShortcutItems",
                "NSAppClip",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "visionos"],
            [
                "NSExtension"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "visionos"],
            [
                "BGTaskSchedulerPermittedIdentifiers"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "visionos", "watchos"],
            [
                "UIApplicationExitsOnSuspend"
            ])
}
