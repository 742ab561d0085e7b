/// One API the caller wants found, spelled as in Swift or in Objective-C.
///
/// The spellings are those of Apple's documentation, so that the list of APIs can be written by
/// someone who knows the framework rather than the scanner:
///
/// - Swift: `requestLocation()`, `startMonitoring(for:)`, `PHAsset.fetchAssets(with:)`,
///   `CLServiceSession(authorization: .always)` (a call with that argument value), or a bare name
///   such as `CLMonitor` (any use of the type).
/// - Objective-C: a selector (`requestLocation`, `startMonitoringForRegion:`,
///   `didReceiveLocationPushPayload:completion:`) or a class or protocol name (`CLGeocoder`).
///
/// A spelling the scanner cannot read matches nothing; ``CodeScanner/unreadablePatterns`` lists
/// those, so that a typo in the list shows instead of silently finding no code.
public struct APIPattern: Sendable, Hashable {
    /// What the caller calls this API; every ``CodeReference`` this pattern finds carries it.
    public var api: String
    /// The Swift spelling, or nil if the API is only looked for in Objective-C.
    public var swift: String?
    /// The Objective-C spelling, or nil if the API is only looked for in Swift.
    public var objectiveC: String?

    public init(api: String, swift: String?, objectiveC: String?) {
        self.api = api
        self.swift = swift
        self.objectiveC = objectiveC
    }
}
