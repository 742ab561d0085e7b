import Foundation

/// Reads a platform as users and Xcode write it: a model id (`ios`), a name (`iOS`), or an Xcode
/// SDK or platform name (`iphoneos`, `macosx`, `xros`; `sdks` in platforms.yaml).
public struct PlatformNames: Sendable {
    let vocabulary: Vocabulary

    public init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
    }

    /// The platform id, or nil when nothing in the model names it.
    public func platform(named written: String) -> String? {
        let name = written.trimmingCharacters(in: .whitespaces)
        let lowered = name.lowercased()
        for id in vocabulary.ids(.platform) {
            if id == lowered { return id }
            guard let entity = vocabulary.entity(.platform, id) else { continue }
            if entity.name.lowercased() == lowered { return id }
            let sdks = entity.attributes["sdks"]?.split(separator: " ").map { $0.lowercased() } ?? []
            if sdks.contains(lowered) { return id }
        }
        // Xcode's platform display names ("iPhoneOS", "MacOSX", "XROS") and SDK paths' stems.
        let stem = lowered.replacingOccurrences(of: ".platform", with: "").replacingOccurrences(of: ".sdk", with: "")
        return stem == lowered ? nil : platform(named: stem)
    }

    /// Every name `platform(named:)` accepts, for messages.
    public var accepted: [String] {
        vocabulary.ids(.platform).flatMap { id -> [String] in
            [id] + (vocabulary.entity(.platform, id)?.attributes["sdks"]?.split(separator: " ").map(String.init) ?? [])
        }
    }

    /// `UIDeviceFamily`: an integer or an array of integers (1 iPhone, 2 iPad, 3 Apple TV, 4 Apple Watch).
    static func deviceFamilies(_ value: PlistValue?) -> [Int64] {
        switch value {
        case let .integer(family)?: return [family]
        case let .array(values)?: return values.compactMap { if case let .integer(family) = $0 { family } else { nil } }
        default: return []
        }
    }

    /// The deployment target a built Info.plist records for a platform: `LSMinimumSystemVersion` is
    /// a macOS version, read only for macOS (Mac Catalyst counts in iOS versions); `MinimumOSVersion`
    /// for the others, and for macOS without the former. Nil when absent or a build-setting
    /// reference such as `$(MACOSX_DEPLOYMENT_TARGET)`.
    public func deploymentTarget(declaredBy plist: [String: PlistValue], platform: String) -> Version? {
        let keys = platform == self.platform(named: "macosx") ? ["LSMinimumSystemVersion", "MinimumOSVersion"] : ["MinimumOSVersion"]
        for key in keys {
            if case let .string(text)? = plist[key], let version = Version(text) { return version }
        }
        return nil
    }
}
