/// What kind of bundle an Info.plist belongs to: it decides who makes the authorization requests.
public enum BundleKind: Sendable, Hashable, CustomStringConvertible {
    case app
    case watchApp
    case appClip
    case widgetExtension
    /// Any other app extension; `point` is its extension point (`com.apple.intents-service`).
    case appExtension(point: String?)
    /// A framework: code that runs in the apps that link it.
    case framework
    /// A loadable bundle (`CFBundlePackageType` `BNDL`: a screen saver, a plug-in) that a host
    /// process loads: it runs under that host's authorization. `wrapperExtension`: `saver`…
    case loadableBundle(wrapperExtension: String?)

    static let widgetExtensionPoint = "com.apple.widgetkit-extension"

    /// Whether the bundle's own code asks for authorization, so that its Info.plist must hold the
    /// usage strings. An extension runs under its containing app's authorization, and the prompt
    /// shows the containing app's strings (the widget pages say so for widgets).
    var makesRequests: Bool {
        switch self {
        case .app, .watchApp, .appClip: true
        case .widgetExtension, .appExtension, .framework, .loadableBundle: false
        }
    }

    public var description: String {
        switch self {
        case .app: "app"
        case .watchApp: "watch app"
        case .appClip: "App Clip"
        case .widgetExtension: "widget extension"
        case let .appExtension(point): point.map { "app extension (\($0))" } ?? "app extension"
        case .framework: "framework"
        case .loadableBundle("saver"): "screen saver"
        case let .loadableBundle(wrapper): wrapper.map { "loadable bundle (.\($0))" } ?? "loadable bundle"
        }
    }

    /// Whose authorization a bundle that makes no requests runs under: its containing app's, or its host's.
    var authorizedBy: String {
        switch self {
        case .loadableBundle, .framework: "the authorization of the app that loads it"
        default: "its containing app's authorization"
        }
    }

    /// A short id for JSON and SARIF: `app`, `watch-app`, `app-clip`, `widget-extension`, `app-extension`, `framework`.
    public var id: String {
        switch self {
        case .app: "app"
        case .watchApp: "watch-app"
        case .appClip: "app-clip"
        case .widgetExtension: "widget-extension"
        case .appExtension: "app-extension"
        case .framework: "framework"
        case .loadableBundle: "loadable-bundle"
        }
    }

    /// The kind an Info.plist declares: `NSExtension` (or ExtensionKit's `EXAppExtensionAttributes`)
    /// for extensions, `NSAppClip` for App Clips, the WatchKit keys for watch apps.
    public init(plist: [String: PlistValue]) {
        if case let .dictionary(extensionInfo)? = plist["NSExtension"] {
            let point: String? = if case let .string(id)? = extensionInfo["NSExtensionPointIdentifier"] { id } else { nil }
            // A WatchKit extension (watchOS 2–6) holds the watch app's code: it makes the requests.
            if point == "com.apple.watchkit" { self = .watchApp; return }
            self = point == Self.widgetExtensionPoint ? .widgetExtension : .appExtension(point: point)
            return
        }
        if case let .dictionary(attributes)? = plist["EXAppExtensionAttributes"] {
            let point: String? = if case let .string(id)? = attributes["EXExtensionPointIdentifier"] { id } else { nil }
            self = point == Self.widgetExtensionPoint ? .widgetExtension : .appExtension(point: point)
            return
        }
        if case .dictionary? = plist["NSAppClip"] { self = .appClip; return }
        for key in ["WKApplication", "WKWatchKitApp", "WKWatchOnly"] where plist[key] == .boolean(true) {
            self = .watchApp
            return
        }
        if plist["CFBundlePackageType"] == .string("FMWK") { self = .framework; return }
        // A screen saver's or plug-in's Info.plist says BNDL (an app's says APPL).
        if plist["CFBundlePackageType"] == .string("BNDL") { self = .loadableBundle(wrapperExtension: nil); return }
        self = .app
    }

    /// The kind an Xcode product type builds; nil for the types that are not bundles an app ships
    /// (tests, static libraries, command-line tools). Extensions need the plist to tell a widget.
    /// `wrapperExtension`: the target's `WRAPPER_EXTENSION` (`saver` for a screen saver).
    public init?(productType: String, plist: [String: PlistValue], wrapperExtension: String? = nil) {
        let prefix = "com.apple.product-type."
        guard productType.hasPrefix(prefix) else { return nil }
        switch productType.dropFirst(prefix.count) {
        case "application":
            self = BundleKind(plist: plist) == .watchApp ? .watchApp : .app
        case "application.watchapp2", "application.watchapp", "watchkit2-extension", "watchkit-extension":
            self = .watchApp
        case "application.on-demand-install-capable":
            self = .appClip
        case "app-extension", "extensionkit-extension", "app-extension.messages", "app-extension.intents-service":
            let declared = BundleKind(plist: plist)
            switch declared {
            case .widgetExtension, .appExtension: self = declared
            default: self = .appExtension(point: nil)
            }
        case "framework":
            self = .framework
        case "bundle":
            self = .loadableBundle(wrapperExtension: wrapperExtension.flatMap { $0.isEmpty ? nil : $0 })
        default:
            return nil
        }
    }
}
