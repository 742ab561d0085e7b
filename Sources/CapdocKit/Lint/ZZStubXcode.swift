#if CAPDOC_STUBS
public struct XcodeTarget: Sendable { public var name: String }
public struct GeneratedKey: Sendable { public var value: String; public var file: String; public var line: Int }
public struct ResolvedTarget: Sendable {
    public var target: String = ""; public var productType: String = ""; public var infoPlistFile: String?
    public var generatesInfoPlist = false; public var generatedKeys: [String: GeneratedKey] = [:]
    public var settings: [String: String] = [:]; public var sdkRoot: String?; public var supportedPlatforms: [String] = []
    public var supportsMacCatalyst = false; public var deploymentTargets: [String: String] = [:]
}
public struct XcodeProject: Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String }
    public var targets: [XcodeTarget] = []; public var defaultConfiguration = "Release"; public var configurationNames: [String] = ["Release"]
    public static func read(at path: String) throws -> XcodeProject { throw Failure(description: "stub") }
    public func settings(target: XcodeTarget, configuration: String) -> ResolvedTarget { ResolvedTarget() }
}
#endif
