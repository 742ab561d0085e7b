import Foundation

/// What the command line says about every input: nil fields are read from each input instead.
public struct LintOptions: Sendable {
    public var platform: String?
    public var deploymentTarget: Version?
    public var requests: [String]?
    /// The calls found in the app's code; applied to the bundles that make requests.
    public var code: [CodeUse]

    public init(platform: String? = nil, deploymentTarget: Version? = nil, requests: [String]? = nil, code: [CodeUse] = []) {
        self.platform = platform
        self.deploymentTarget = deploymentTarget
        self.requests = requests
        self.code = code
    }
}

/// Turns the inputs of `lint-plist` (Info.plist files, Xcode projects) into `LintSubject`s: reads
/// them, finds the platform, deployment target, bundle kind, key positions and localizations.
/// An input that cannot be read becomes a `LintFailure`, so that the others are still linted.
public struct LintInputReader: Sendable {
    let vocabulary: Vocabulary
    let names: PlatformNames

    public init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        self.names = PlatformNames(vocabulary: vocabulary)
    }

    // MARK: Info.plist files

    public func subject(plistAt path: String, options: LintOptions) -> Result<LintSubject, LintFailure> {
        let document: PlistDocument
        do {
            document = try PlistReader().read(contentsOf: path)
        } catch {
            return .failure(LintFailure(location: LintLocation(file: path), message: error.description))
        }
        guard let platform = options.platform ?? names.platform(declaredBy: document.root) else {
            return .failure(
                LintFailure(
                    location: LintLocation(file: path),
                    message:
                        "cannot tell which platform '\(path)' is built for (it has no DTPlatformName, CFBundleSupportedPlatforms, "
                        + "LSMinimumSystemVersion or WatchKit key); pass --platform (\(names.accepted.joined(separator: ", ")))"))
        }
        var failures: [LintFailure] = []
        let localizations = localizations(LocalizedInfoPlistReader.find(besideInfoPlist: path), failures: &failures)
        if let failure = failures.first { return .failure(failure) }
        let bundle = BundleKind(plist: document.root)
        return .success(
            LintSubject(
                file: path, plist: document.root, keyLocations: document.keyLocations, platform: platform,
                deploymentTarget: options.deploymentTarget ?? names.deploymentTarget(declaredBy: document.root),
                bundle: bundle, requests: options.requests, localizations: localizations,
                code: bundle.makesRequests ? options.code : []))
    }

    private func localizations(_ paths: [String], failures: inout [LintFailure]) -> [LocalizedInfoPlist] {
        var result: [LocalizedInfoPlist] = []
        for path in paths {
            do {
                if path.hasSuffix(".xcstrings") {
                    result += try LocalizedInfoPlistReader.read(catalogAt: path)
                } else {
                    result.append(try LocalizedInfoPlistReader.read(stringsAt: path))
                }
            } catch {
                failures.append(LintFailure(location: LintLocation(file: path), message: "\(error)"))
            }
        }
        return result
    }

    // MARK: Xcode projects

    /// An option naming something the project lacks: a usage error (exit 64).
    public struct UnknownTarget: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The subjects of a project's targets that ship a bundle (apps, extensions, watch apps, App
    /// Clips), each as its configuration builds it; a target that supports Mac Catalyst is linted
    /// for iOS and for Mac Catalyst. `targets` empty: every target.
    public func subjects(
        projectAt path: String, targets: [String], configuration: String?,
        options: LintOptions
    ) throws(UnknownTarget) -> (subjects: [LintSubject], failures: [LintFailure]) {
        let project: XcodeProject
        do {
            project = try XcodeProject.read(at: path)
        } catch {
            return ([], [LintFailure(location: LintLocation(file: error.path), message: error.message)])
        }
        let names = project.targets.map(\.name)
        for wanted in targets where !names.contains(wanted) {
            throw UnknownTarget(
                description:
                    "the project '\(path)' has no target '\(wanted)'\(Suggestions.phrase(for: wanted, in: names)); its targets: \(names.joined(separator: ", "))"
            )
        }
        let configurationName = configuration ?? project.defaultConfiguration
        guard project.configurationNames.contains(configurationName) else {
            throw UnknownTarget(
                description: "the project '\(path)' has no configuration '\(configurationName)'; it has \(project.configurationNames.joined(separator: ", "))")
        }
        var collected: [LintSubject] = []
        var failures: [LintFailure] = []
        let membership = CodeMembership(project: project, code: options.code)
        for target in project.targets where targets.isEmpty || targets.contains(target.name) {
            var options = options
            options.code = membership.code(of: target)
            let resolved = project.settings(target: target, configuration: configurationName)
            switch subject(of: resolved, project: path, options: options, platform: nil) {
            case let .success(found?):
                collected.append(found)
                // An iPad app built for the Mac too is linted as Xcode builds it for the Mac: with
                // the settings conditioned on the macOS SDK (`[sdk=macosx*]`).
                if options.platform == nil, resolved.supportsMacCatalyst, found.platform == self.names.platform(named: "iphoneos"),
                    vocabulary.contains(.platform, Self.catalyst)
                {
                    let forMac = project.settings(target: target, configuration: configurationName, sdk: "macosx")
                    switch subject(of: forMac, project: path, options: options, platform: Self.catalyst) {
                    case let .success(catalyst?): collected.append(catalyst)
                    case .success(nil): break
                    case let .failure(failure): failures.append(failure)
                    }
                }
            case .success(nil): break
            case let .failure(failure): failures.append(failure)
            }
        }
        return (collected, failures)
    }

    static let catalyst = "mac-catalyst"

    /// The Info.plist a target ships, as a subject: its `INFOPLIST_FILE` merged with the keys
    /// Xcode generates from `INFOPLIST_KEY_*` settings. nil for a target that ships no bundle
    /// (tests, libraries, tools, aggregates). `platform` overrides the one the settings give.
    private func subject(
        of resolved: ResolvedTarget, project: String, options: LintOptions,
        platform forced: String?
    ) -> Result<LintSubject?, LintFailure> {
        var plist: [String: PlistValue] = [:]
        var keyLocations: [String: LintLocation] = [:]
        var localizationPaths: [String] = []
        if let file = resolved.infoPlistFile {
            let document: PlistDocument
            do {
                document = try PlistReader().read(contentsOf: file)
            } catch {
                return .failure(LintFailure(location: LintLocation(file: file), message: "target '\(resolved.target)': \(error.description)"))
            }
            plist = document.root
            keyLocations = document.keyLocations
            localizationPaths = LocalizedInfoPlistReader.find(besideInfoPlist: file)
        } else if !resolved.generatesInfoPlist {
            // A target with neither ships no Info.plist of its own (a library or tool).
            return .success(nil)
        }
        if resolved.generatesInfoPlist {
            for (key, generated) in resolved.generatedKeys {
                plist[key] = value(of: generated.value, forKey: key)
                keyLocations[key] = LintLocation(file: generated.file, line: generated.line > 0 ? generated.line : nil)
            }
            if resolved.infoPlistFile == nil, let root = resolved.settings["SRCROOT"] {
                // Xcode's templates keep a generated plist's localizations in the target's folder.
                localizationPaths = LocalizedInfoPlistReader.find(besideInfoPlist: root + "/" + resolved.target + "/Info.plist")
            }
        }
        guard let bundle = BundleKind(productType: resolved.productType, plist: plist) else { return .success(nil) }
        guard let platform = forced ?? options.platform ?? platform(of: resolved) else {
            return .failure(
                LintFailure(
                    location: LintLocation(file: project),
                    message:
                        "target '\(resolved.target)': cannot tell its platform from SDKROOT or SUPPORTED_PLATFORMS; pass --platform"))
        }
        var failures: [LintFailure] = []
        let localizations = localizations(localizationPaths, failures: &failures)
        if let failure = failures.first { return .failure(failure) }
        return .success(
            LintSubject(
                file: project, target: resolved.target, plist: plist, keyLocations: keyLocations, platform: platform,
                deploymentTarget: options.deploymentTarget ?? deploymentTarget(of: resolved, platform: platform),
                bundle: bundle, requests: options.requests, localizations: localizations,
                code: bundle.makesRequests ? options.code : []))
    }

    private func platform(of resolved: ResolvedTarget) -> String? {
        if let sdk = resolved.sdkRoot, let id = names.platform(named: sdk) { return id }
        for name in resolved.supportedPlatforms { if let id = names.platform(named: name) { return id } }
        return nil
    }

    private func deploymentTarget(of resolved: ResolvedTarget, platform: String) -> Version? {
        guard let setting = vocabulary.entity(.platform, platform)?.attributes["deployment-setting"],
            let value = resolved.deploymentTargets[setting] ?? resolved.settings[setting]
        else { return nil }
        return Version(value)
    }

    /// A build setting's text as the plist value Xcode writes for the key: `YES`/`NO` for boolean keys.
    private func value(of text: String, forKey key: String) -> PlistValue {
        switch vocabulary.entity(.key, key)?.attributes["type"] {
        case "boolean" where ["YES", "NO", "true", "false"].contains(text):
            return .boolean(text == "YES" || text == "true")
        default:
            return .string(text)
        }
    }
}
