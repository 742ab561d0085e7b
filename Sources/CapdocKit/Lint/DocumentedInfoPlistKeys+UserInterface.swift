extension DocumentedInfoPlistKeys {
    /// The keys of Apple's "User interface" topic (scenes, storyboards, launch screens, icons, orientations, styles and the status bar):
    /// https://developer.apple.com/documentation/bundleresources/user-interface. Each key's platforms are
    /// the ones its own page lists under Availability.
    static let userInterface: [Entry] =
        documented(
            on: ["ios", "ipados", "mac-catalyst", "visionos"],
            [
                "UIApplicationSceneManifest",
                "UIApplicationSupportsIndirectInputEvents",
            ])
        + documented(
            on: ["visionos"],
            [
                "UIApplicationPreferredDefaultSceneSessionRole"
            ])
        + documented(
            on: ["macos"],
            [
                "NSMainStoryboardFile",
                "LSUIElement",
                "UISupportsTrueScreenSizeOnMac",
                "UILaunchToFullScreenByDefaultOnMac",
                "CFBundleIconName",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos"],
            [
                "UIMainStoryboardFile",
                "UIUserInterfaceStyle",
                "UILaunchImages",
            ])
        + documented(
            on: everyPlatform,
            [
                "NSMainNibFile",
                "CFBundleIconFile",
                "NSAccentColorName",
                "NSHighResolutionCapable",
            ])
        + documented(
            on: ["ios", "ipados"],
            [
                "UILaunchScreen",
                "UILaunchScreens",
                "UIPreferredDefaultInterfaceOrientation",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "watchos"],
            [
                "UILaunchStoryboardName",
                "UIPrerenderedIcon",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst"],
            [
                "UILaunchStoryboards",
                "UIInterfaceOrientation",
                "UISupportedInterfaceOrientations",
                "UIRequiresFullScreen",
                "UIStatusBarHidden",
                "UIStatusBarStyle",
                "UIViewControllerBasedStatusBarAppearance",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "visionos", "watchos"],
            [
                "CFBundleIcons",
                "UIAppFonts",
            ])
        + documented(
            on: ["ios", "ipados", "tvos", "visionos", "watchos"],
            [
                "CFBundleIconFiles"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "tvos"],
            [
                "UIDesignRequiresCompatibility"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos"],
            [
                "NSWidgetBackgroundColorName"
            ])
        + documented(
            on: ["tvos"],
            [
                "UIAppSupportsHDR"
            ])
}
