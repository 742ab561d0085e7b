/// A target of an Xcode project, as `project.targets` lists it. Its settings are resolved by
/// `XcodeProject.settings(target:configuration:)`.
public struct XcodeTarget: Sendable, Hashable {
    /// The `isa` of the target object.
    public enum Kind: String, Sendable, Hashable {
        /// Builds a product: an app, an extension, a framework, a test bundle…
        case native = "PBXNativeTarget"
        /// Only groups other targets or runs scripts; ships nothing.
        case aggregate = "PBXAggregateTarget"
        /// Runs an external build tool; ships nothing Xcode knows of.
        case legacy = "PBXLegacyTarget"
    }

    public let name: String
    public let kind: Kind
    /// `com.apple.product-type.application`…; empty for aggregate and legacy targets.
    let productType: String
    /// The target's `productName` field (not the `PRODUCT_NAME` setting).
    let productName: String?
    /// The object id in `project.pbxproj`.
    let identifier: String
    let configurations: XcodeConfigurationList
    /// The source files it compiles.
    var sources = XcodeTargetSources()
    /// The libraries the project object says it links (`XcodeTargetLibraries`); its
    /// `OTHER_LDFLAGS`, which depend on the configuration, are read with its settings.
    var libraries: Set<String> = []

    /// The target's own configuration names (usually the project's).
    var configurationNames: [String] { configurations.names }
}
