extension DocumentedInfoPlistKeys {
    /// The keys of Apple's "Data and storage" topic (documents, URL schemes, type declarations, the network and storage):
    /// https://developer.apple.com/documentation/bundleresources/data-and-storage. Each key's platforms are
    /// the ones its own page lists under Availability.
    static let dataAndStorage: [Entry] =
        documented(
            on: everyPlatform,
            [
                "CFBundleDocumentTypes",
                "CFBundleURLTypes",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "visionos"],
            [
                "UISupportsDocumentBrowser",
                "LSSupportsOpeningDocumentsInPlace",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "visionos"],
            [
                "UTExportedTypeDeclarations",
                "UTImportedTypeDeclarations",
                "NSAppTransportSecurity",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "tvos", "visionos"],
            [
                "NSBonjourServices"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "visionos", "watchos"],
            [
                "UIFileSharingEnabled"
            ])
}
