/// Resolves one target's settings for one configuration: gathers the levels in Xcode's order,
/// keeps the definitions whose conditions hold, expands, and reads the settings `lint-plist`
/// needs.
struct XcodeTargetResolver {
    let project: XcodeProject
    let target: XcodeTarget
    let configuration: String

    /// `sdk`: the SDK to resolve `[sdk=…]` conditions for; nil: the target's own (see
    /// `ResolvedTarget.sdk`).
    func resolve(sdk requestedSDK: String?) -> ResolvedTarget {
        var warnings: [String] = []
        var fileProblems: [String] = []
        let levels = orderedAssignments(warnings: &warnings, fileProblems: &fileProblems)
        // SDKROOT and SUPPORTED_PLATFORMS decide the SDK, so they are read before it is known
        // (only `[sdk=*]` conditions hold then).
        let sdk =
            requestedSDK
            ?? {
                let evaluator = XcodeSettingEvaluator(stacks: definitionStacks(levels, sdk: nil))
                return Self.sdkName(sdkRoot: evaluator.value(of: "SDKROOT"), platforms: evaluator.value(of: "SUPPORTED_PLATFORMS"))
            }()
        let stacks = definitionStacks(levels, sdk: sdk)
        let evaluator = XcodeSettingEvaluator(stacks: stacks)

        var settings: [String: String] = [:]
        for name in stacks.keys.sorted() { settings[name] = evaluator.value(of: name) }

        var generatedKeys: [String: GeneratedKey] = [:]
        let prefix = ResolvedTarget.generatedKeyPrefix
        for (name, stack) in stacks where name.hasPrefix(prefix) && name.count > prefix.count {
            guard let top = stack.last else { continue }
            generatedKeys[String(name.dropFirst(prefix.count))] = GeneratedKey(value: settings[name] ?? "", file: top.file, line: top.line)
        }

        var places: [String: GeneratedKey] = [:]
        for (name, stack) in stacks {
            guard let top = stack.last, top.line > 0 else { continue }
            places[name] = GeneratedKey(value: settings[name] ?? "", file: top.file, line: top.line)
        }

        var deploymentTargets: [String: String] = [:]
        for name in ResolvedTarget.deploymentTargetSettings {
            if let value = settings[name], !value.isEmpty { deploymentTargets[name] = value }
        }
        let infoPlistFile = settings["INFOPLIST_FILE"].flatMap { $0.isEmpty ? nil : project.paths.display(XcodePath.join(project.sourceRoot, $0)) }
        let sdkRoot = settings["SDKROOT"].flatMap { $0.isEmpty ? nil : $0 }

        var resolved = ResolvedTarget(
            target: target.name, configuration: configuration, productType: target.productType,
            infoPlistFile: infoPlistFile, generatesInfoPlist: Self.isYes(settings["GENERATE_INFOPLIST_FILE"]),
            generatedKeys: generatedKeys, settings: settings, sdkRoot: sdkRoot, sdk: sdk,
            supportedPlatforms: Self.words(settings["SUPPORTED_PLATFORMS"] ?? ""),
            supportsMacCatalyst: Self.isYes(settings["SUPPORTS_MACCATALYST"]),
            deploymentTargets: deploymentTargets, warnings: Self.unique(warnings + evaluator.warnings))
        resolved.settingPlaces = places
        let placed = Self.unique(warnings + evaluator.warnings).map { warning in
            fileProblems.contains(warning) ? warning : "\(project.projectFile): target '\(target.name)', configuration '\(configuration)': \(warning)"
        }
        resolved.warningLines = placed
        return resolved
    }

    /// The definitions in the order Xcode applies them, lowest first: capdoc's defaults, the
    /// project's `.xcconfig`, the project's settings, the target's `.xcconfig`, the target's settings.
    /// `fileProblems`: those of the warnings that begin with the `.xcconfig` file they are about.
    private func orderedAssignments(warnings: inout [String], fileProblems: inout [String]) -> [XcodeSettingAssignment] {
        var levels = defaults()
        let owners: [(String, XcodeConfigurationList)] = [("the project", project.configurations), ("target '\(target.name)'", target.configurations)]
        for (owner, list) in owners {
            guard let (found, fellBack) = list.configuration(named: configuration) else {
                if !list.configurations.isEmpty {
                    warnings.append("\(owner) has no configuration '\(configuration)' and no default one; its settings are left out")
                }
                continue
            }
            if fellBack { warnings.append("\(owner) has no configuration '\(configuration)'; its default, '\(found.name)', is used") }
            switch found.baseConfiguration {
            case let .file(path)?:
                let (assignments, problems) = project.xcconfigs.assignments(from: path, paths: project.paths)
                levels += assignments
                warnings += problems
                fileProblems += problems
            case let .unresolved(why)?:
                warnings.append("\(owner), configuration '\(found.name)': \(why); its settings are left out")
            case nil:
                break
            }
            levels += found.settings
        }
        return levels
    }

    /// The settings Xcode always has that Info.plist paths and values refer to.
    private func defaults() -> [XcodeSettingAssignment] {
        let values: [(String, String)] = [
            ("SRCROOT", project.sourceRoot),
            ("SOURCE_ROOT", project.sourceRoot),
            ("PROJECT_DIR", project.sourceRoot),
            ("PROJECT_FILE_PATH", project.paths.projectFolder),
            ("PROJECT_NAME", project.name),
            ("TARGET_NAME", target.name),
            ("TARGETNAME", target.name),
            ("PRODUCT_NAME", "$(TARGET_NAME)"),
            ("CONFIGURATION", configuration),
        ]
        return values.map { XcodeSettingAssignment(name: $0.0, conditions: [], value: $0.1, file: "", line: 0) }
    }

    /// Each setting's definitions whose conditions hold, lowest first.
    private func definitionStacks(_ levels: [XcodeSettingAssignment], sdk: String?) -> [String: [XcodeSettingAssignment]] {
        let values = XcodeConditionValues(sdk: sdk, configuration: configuration)
        var stacks: [String: [XcodeSettingAssignment]] = [:]
        for assignment in levels where values.matches(assignment.conditions) {
            stacks[assignment.name, default: []].append(assignment)
        }
        return stacks
    }

    /// `iphoneos` from `iphoneos`, `iphoneos17.2` or a path to `iPhoneOS17.2.sdk`; for `auto` or
    /// nothing, the first supported platform.
    static func sdkName(sdkRoot: String, platforms: String) -> String? {
        var name = XcodePath.lastComponent(sdkRoot).lowercased()
        if name.hasSuffix(".sdk") { name.removeLast(4) }
        while let last = name.last, last.isNumber || last == "." { name.removeLast() }
        if name.isEmpty || name == "auto" || name == "." { return words(platforms).first }
        return name
    }

    /// Xcode's reading of a boolean setting.
    static func isYes(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["yes", "true", "1"].contains(value.lowercased())
    }

    /// The project and a target often share an `.xcconfig`: say what is wrong with it once.
    private static func unique(_ warnings: [String]) -> [String] {
        var seen: Set<String> = []
        return warnings.filter { seen.insert($0).inserted }
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }
}
