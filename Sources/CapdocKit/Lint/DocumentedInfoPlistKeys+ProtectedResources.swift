extension DocumentedInfoPlistKeys {
    /// The keys of Apple's "Protected resources" topic (the usage descriptions of the other protected resources, and the security keys):
    /// https://developer.apple.com/documentation/bundleresources/protected-resources. Each key's platforms are
    /// the ones its own page lists under Availability.
    /// `NSSystemExtensionUsageDescription`, a usage description Apple lists with the system
    /// extension keys, is here with the other usage descriptions.
    static let protectedResources: [Entry] =
        documented(
            on: everyPlatform,
            [
                "NSBluetoothAlwaysUsageDescription",
                "NSMicrophoneUsageDescription",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst"],
            [
                "NSBluetoothPeripheralUsageDescription",
                "NSFaceIDUsageDescription",
                "NSGKFriendListUsageDescription",
                "NSNearbyInteractionAllowOnceUsageDescription",
                "NFCReaderUsageDescription",
                "NSSensorKitUsageDescription",
                "NSFinancialDataUsageDescription",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "visionos", "watchos"],
            [
                "NSCalendarsFullAccessUsageDescription",
                "NSCalendarsWriteOnlyAccessUsageDescription",
                "NSRemindersFullAccessUsageDescription",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "tvos", "visionos"],
            [
                "NSCameraUsageDescription",
                "NSLocalNetworkUsageDescription",
            ])
        + documented(
            on: ["visionos"],
            [
                "NSMainCameraUsageDescription",
                "NSWorldSensingUsageDescription",
                "NSHandsTrackingUsageDescription",
                "NSAccessoryTrackingUsageDescription",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "visionos"],
            [
                "NSContactsUsageDescription",
                "NSAppleMusicUsageDescription",
                "NSMotionUsageDescription",
                "NSPhotoLibraryUsageDescription",
                "NSSpeechRecognitionUsageDescription",
            ])
        + documented(
            on: ["macos"],
            [
                "NSDesktopFolderUsageDescription",
                "NSDocumentsFolderUsageDescription",
                "NSDownloadsFolderUsageDescription",
                "NSNetworkVolumesUsageDescription",
                "NSRemovableVolumesUsageDescription",
                "NSFileProviderDomainUsageDescription",
                "NSAppleScriptEnabled",
                "NSAppDataUsageDescription",
                "NSAppleEventsUsageDescription",
                "NSSystemAdministrationUsageDescription",
                "ITSAppUsesNonExemptEncryption",
                "ITSEncryptionExportComplianceCode",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "visionos"],
            [
                "NSHealthClinicalHealthRecordsShareUsageDescription",
                "NSHealthShareUsageDescription",
                "NSHealthUpdateUsageDescription",
                "NSPhotoLibraryAddUsageDescription",
                "NSSiriUsageDescription",
                "NSIdentityUsageDescription",
                "UIRequiresPersistentWiFi",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "visionos", "watchos"],
            [
                "NSHomeKitUsageDescription",
                "NSFallDetectionUsageDescription",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "watchos"],
            [
                "NSNearbyInteractionUsageDescription"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "tvos", "visionos"],
            [
                "NSUserTrackingUsageDescription"
            ])
        + documented(
            on: ["tvos"],
            [
                "NSVideoSubscriberAccountUsageDescription"
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos", "watchos"],
            [
                "NSCalendarsUsageDescription",
                "NSRemindersUsageDescription",
            ])
        + documented(
            on: ["ios", "ipados", "mac-catalyst", "macos"],
            [
                "NSSystemExtensionUsageDescription"
            ])
}
