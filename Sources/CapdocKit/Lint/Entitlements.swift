/// The code-signing entitlements a bundle ships (the `.entitlements` file its target names in
/// `CODE_SIGN_ENTITLEMENTS`), as far as the rules read them.
///
/// `com.apple.security.app-sandbox` (Bundle Resources, Entitlements:
/// https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.app-sandbox)
/// turns the App Sandbox on for a Mac app; a sandboxed app then reaches a protected resource only with
/// its entitlement, which `domain.yaml` names (`sandbox-entitlement`: for location,
/// `com.apple.security.personal-information.location`). Neither is an Info.plist key.
struct Entitlements: Sendable, Hashable {
    static let appSandbox = "com.apple.security.app-sandbox"
    /// Apple's page of an entitlement, by its key.
    static func page(_ key: String) -> String { "https://developer.apple.com/documentation/bundleresources/entitlements/" + key }

    /// The file as messages show it.
    var file: String
    var values: [String: PlistValue]
    var keyLocations: [String: LintLocation]
    /// The top-level `<dict>`, where a missing entitlement goes.
    var rootLocation: LintLocation

    init(document: PlistDocument) {
        file = document.path
        values = document.root
        keyLocations = document.keyLocations
        rootLocation = document.rootLocation ?? LintLocation(file: document.path)
    }

    init(file: String, values: [String: PlistValue], keyLocations: [String: LintLocation] = [:], rootLocation: LintLocation? = nil) {
        self.file = file
        self.values = values
        self.keyLocations = keyLocations
        self.rootLocation = rootLocation ?? LintLocation(file: file)
    }

    var isSandboxed: Bool { values[Self.appSandbox] == .boolean(true) }
    func allows(_ entitlement: String) -> Bool { values[entitlement] == .boolean(true) }
}
