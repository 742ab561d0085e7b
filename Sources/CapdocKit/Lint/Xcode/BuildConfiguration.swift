/// One `XCBuildConfiguration` of a project or target: its own settings and its base `.xcconfig`.
struct XcodeBuildConfiguration: Sendable, Hashable {
    enum Base: Sendable, Hashable {
        /// Absolute path of the `.xcconfig`.
        case file(String)
        /// Named, but capdoc cannot tell which file it is (why).
        case unresolved(String)
    }

    let name: String
    /// In the order Xcode applies them.
    let settings: [XcodeSettingAssignment]
    let baseConfiguration: Base?
}

/// An `XCConfigurationList`: the configurations of a project or target.
struct XcodeConfigurationList: Sendable, Hashable {
    let configurations: [XcodeBuildConfiguration]
    let defaultName: String?

    var names: [String] { configurations.map(\.name) }

    /// The configuration named so, else (as Xcode builds a target that lacks the configuration
    /// asked for) the list's default one; `fellBack` tells which happened.
    func configuration(named name: String) -> (configuration: XcodeBuildConfiguration, fellBack: Bool)? {
        if let exact = configurations.first(where: { $0.name == name }) { return (exact, false) }
        if let defaultName, let fallback = configurations.first(where: { $0.name == defaultName }) { return (fallback, true) }
        return nil
    }

    /// Every base `.xcconfig` path the list names.
    var baseConfigurationFiles: [String] {
        configurations.compactMap { configuration in
            if case let .file(path)? = configuration.baseConfiguration { return path }
            return nil
        }
    }
}
