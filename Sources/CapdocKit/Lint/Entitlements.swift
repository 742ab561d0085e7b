/// The code-signing entitlements a bundle ships (the `.entitlements` file its target names in
/// `CODE_SIGN_ENTITLEMENTS`), as far as the rules read them.
///
/// The two keys are Apple's (Bundle Resources, Entitlements): `com.apple.security.app-sandbox`
/// (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.app-sandbox)
/// turns the App Sandbox on for a Mac app, and a sandboxed app reaches Location Services only with
/// `com.apple.security.personal-information.location`
/// (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.personal-information.location).
/// The model holds neither: they are not Info.plist keys.
struct Entitlements: Sendable, Hashable {
    static let appSandbox = "com.apple.security.app-sandbox"
    static let location = "com.apple.security.personal-information.location"
    static let locationPage = "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.security.personal-information.location"

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
    var allowsLocation: Bool { values[Self.location] == .boolean(true) }
}
