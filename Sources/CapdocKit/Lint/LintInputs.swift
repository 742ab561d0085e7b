import CapdocFiles
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

    /// The subjects of one Info.plist: one per platform `--platform` or its keys name
    /// (`platforms(declaredBy:)`), each marked when there are several, so that its findings say
    /// for which platform they hold.
    public func subjects(plistAt path: String, options: LintOptions) -> Result<[LintSubject], LintFailure> {
        let document: PlistDocument
        do {
            document = try PlistReader().read(contentsOf: path)
        } catch {
            return .failure(LintFailure(location: LintLocation(file: path), message: error.description))
        }
        let platforms = options.platform.map { [$0] } ?? names.platforms(declaredBy: document.root)
        guard !platforms.isEmpty else {
            return .failure(
                LintFailure(
                    location: LintLocation(file: path),
                    message:
                        "cannot tell which platform '\(path)' is built for (it has no DTPlatformName, CFBundleSupportedPlatforms, "
                        + "UIDeviceFamily, LSRequiresIPhoneOS, LSMinimumSystemVersion or WatchKit key); pass --platform "
                        + "(\(names.accepted.joined(separator: ", ")))"))
        }
        var failures: [LintFailure] = []
        let localizations = localizations(LocalizedInfoPlistReader.find(besideInfoPlist: path), failures: &failures)
        if let failure = failures.first { return .failure(failure) }
        var bundle = BundleKind(plist: document.root)
        // A built screen saver (`Name.saver/Contents/Info.plist`) says so by its folder.
        if case .loadableBundle = bundle, path.contains(".saver/") { bundle = .loadableBundle(wrapperExtension: "saver") }
        return .success(
            platforms.map { platform in
                var subject = LintSubject(
                    file: path, plist: document.root, keyLocations: document.keyLocations, platform: platform,
                    deploymentTarget: options.deploymentTarget ?? names.deploymentTarget(declaredBy: document.root, platform: platform),
                    bundle: bundle, requests: options.requests, localizations: localizations,
                    code: bundle.makesRequests ? options.code : [])
                subject.placeForNewKeys = document.rootLocation
                subject.severalPlatforms = platforms.count > 1
                return subject
            })
    }

    /// The subject of an Info.plist whose keys (or `--platform`) name one platform; for several,
    /// the first one's (`subjects(plistAt:options:)` gives them all).
    public func subject(plistAt path: String, options: LintOptions) -> Result<LintSubject, LintFailure> {
        subjects(plistAt: path, options: options).map { $0[0] }
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
                // The position is the failure's location; the message is only the reason (the path was printed twice).
                failures.append(LintFailure(location: LintLocation(file: error.path, line: error.line, column: error.column), message: error.reason))
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
    /// Clips), each as its configuration builds it, once per platform it builds for
    /// (`platformPasses`). `targets` empty: every target.
    public func subjects(
        projectAt path: String, targets: [String], configuration: String?,
        options: LintOptions
    ) throws(UnknownTarget) -> (subjects: [LintSubject], failures: [LintFailure], warnings: [String]) {
        let project: XcodeProject
        do {
            project = try XcodeProject.read(at: path)
        } catch {
            return ([], [LintFailure(location: LintLocation(file: error.path), message: error.message)], [])
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
        // What each target links: the project's objects, and the OTHER_LDFLAGS of its settings
        // (CocoaPods' configuration files), read only when some call is a dependency's.
        var linked: [String: Set<String>] = [:]
        if options.code.contains(where: { $0.dependency != nil }) {
            for target in project.targets {
                let flags = project.settings(target: target, configuration: configurationName).settings["OTHER_LDFLAGS"] ?? ""
                linked[target.name] = target.libraries.union(XcodeTargetLibraries.linkedBy(linkerFlags: flags))
            }
        }
        let membership = CodeMembership(project: project, code: options.code, linked: linked)
        for target in project.targets where targets.isEmpty || targets.contains(target.name) {
            var options = options
            options.code = membership.code(of: target)
            let resolved = project.settings(target: target, configuration: configurationName)
            let passes = options.platform == nil ? platformPasses(of: resolved) : []
            guard !passes.isEmpty else {
                // --platform given, or no platform known: one pass, as the settings are.
                switch subject(of: resolved, project: project, file: path, options: options, pass: nil) {
                case let .success(found?): collected.append(found)
                case .success(nil): break
                case let .failure(failure): failures.append(failure)
                }
                continue
            }
            for pass in passes {
                // Each platform with the settings conditioned on its SDK (`[sdk=xros*]`).
                let settings = pass.sdk == resolved.sdk ? resolved : project.settings(target: target, configuration: configurationName, sdk: pass.sdk)
                var pass = pass
                pass.several = passes.count > 1
                switch subject(of: settings, project: project, file: path, options: options, pass: pass) {
                case let .success(found?): collected.append(found)
                case .success(nil): break
                case let .failure(failure): failures.append(failure)
                }
            }
        }
        // What the project's file and its `.xcconfig` files hold that could not be read, each at its file:
        // for the command to print as warnings (they were gathered and never shown).
        return (collected, failures, project.warnings)
    }

    static let catalyst = "mac-catalyst"
    static let visionOS = "visionos"

    /// One platform a target is built for, and the SDK its settings are resolved for.
    struct PlatformPass {
        var platform: String
        var sdk: String
        /// The deployment target when the settings have none for the platform: an iPad app
        /// runs on every visionOS.
        var deploymentTarget: Version?
        var several = false
    }

    /// Every platform a target builds for, as Xcode reads the settings: `SDKROOT` (unless
    /// `auto`), each of `SUPPORTED_PLATFORMS`, Mac Catalyst for an iOS target with
    /// `SUPPORTS_MACCATALYST`, and visionOS for one with `SUPPORTS_XR_DESIGNED_FOR_IPHONE_IPAD`
    /// (the iPad app runs there as it is, so its iOS settings apply).
    func platformPasses(of resolved: ResolvedTarget) -> [PlatformPass] {
        var passes: [PlatformPass] = []
        func add(_ platform: String?, sdk: String? = nil, deploymentTarget: Version? = nil) {
            guard let platform, vocabulary.contains(.platform, platform), !passes.contains(where: { $0.platform == platform }) else { return }
            let ownSDK = vocabulary.entity(.platform, platform)?.attributes["sdks"]?.split(separator: " ").first.map(String.init)
            guard let sdk = sdk ?? ownSDK else { return }
            passes.append(PlatformPass(platform: platform, sdk: sdk, deploymentTarget: deploymentTarget))
        }
        if let sdk = resolved.sdkRoot.flatMap({ XcodeTargetResolver.sdkName(sdkRoot: $0, platforms: "") }) {
            add(names.platform(named: sdk), sdk: resolved.sdk)
        }
        for name in resolved.supportedPlatforms { add(names.platform(named: name)) }
        guard let ios = names.platform(named: "iphoneos"), let iosPass = passes.first(where: { $0.platform == ios }) else { return passes }
        if resolved.supportsMacCatalyst { add(Self.catalyst, sdk: "macosx") }
        if XcodeTargetResolver.isYes(resolved.settings["SUPPORTS_XR_DESIGNED_FOR_IPHONE_IPAD"]) {
            let first = vocabulary.entity(.platform, Self.visionOS)?.attributes["first-version"].flatMap(Version.init)
            add(Self.visionOS, sdk: iosPass.sdk, deploymentTarget: first)
        }
        return passes
    }

    /// The Info.plist a target ships, as a subject: its `INFOPLIST_FILE` merged with the keys
    /// Xcode generates from `INFOPLIST_KEY_*` settings. nil for a target that ships no bundle
    /// (tests, libraries, tools, aggregates). `pass` gives the platform; nil: `--platform`.
    private func subject(
        of resolved: ResolvedTarget, project: XcodeProject, file projectPath: String, options: LintOptions, pass: PlatformPass?
    ) -> Result<LintSubject?, LintFailure> {
        var plist: [String: PlistValue] = [:]
        var keyLocations: [String: LintLocation] = [:]
        var localizationPaths: [String] = []
        var placeForNewKeys: LintLocation?
        if let file = resolved.infoPlistFile {
            // Inside the project, no folder link is followed on the way to it (issue 41).
            let absolute = XcodePath.join(project.paths.workingFolder, file)
            if let link = LinkedComponent.first(in: absolute, below: project.paths.containingFolder) {
                let error = XcodeProjectError(path: file, reason: .linkInPath(project.paths.display(link)))
                return .failure(LintFailure(location: LintLocation(file: file), message: "target '\(resolved.target)': \(error.message)"))
            }
            let document: PlistDocument
            do {
                document = try PlistReader().read(contentsOf: file)
            } catch {
                return .failure(LintFailure(location: LintLocation(file: file), message: "target '\(resolved.target)': \(error.description)"))
            }
            plist = document.root
            keyLocations = document.keyLocations
            placeForNewKeys = document.rootLocation ?? place(of: "INFOPLIST_FILE", in: resolved)
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
            if resolved.infoPlistFile == nil {
                // Beside the target's other generated keys, where Xcode's editor adds one.
                let first = resolved.generatedKeys.values.filter { $0.line > 0 }.min { ($0.file, $0.line) < ($1.file, $1.line) }
                placeForNewKeys = first.map { LintLocation(file: $0.file, line: $0.line) } ?? place(of: "GENERATE_INFOPLIST_FILE", in: resolved)
            }
            if resolved.infoPlistFile == nil, let root = resolved.settings["SRCROOT"] {
                // Xcode's templates keep a generated plist's localizations in the target's folder.
                localizationPaths = LocalizedInfoPlistReader.find(besideInfoPlist: root + "/" + resolved.target + "/Info.plist")
            }
        }
        guard let bundle = BundleKind(productType: resolved.productType, plist: plist, wrapperExtension: resolved.settings["WRAPPER_EXTENSION"])
        else { return .success(nil) }
        guard let platform = pass?.platform ?? options.platform else {
            return .failure(
                LintFailure(
                    location: place(of: "SDKROOT", in: resolved) ?? LintLocation(file: project.projectFile),
                    message:
                        "target '\(resolved.target)': cannot tell its platform from SDKROOT or SUPPORTED_PLATFORMS; pass --platform"))
        }
        var failures: [LintFailure] = []
        let localizations = localizations(localizationPaths, failures: &failures)
        if let failure = failures.first { return .failure(failure) }
        var entitlements: Entitlements?
        if let path = resolved.settings["CODE_SIGN_ENTITLEMENTS"], !path.isEmpty {
            let file = project.paths.display(XcodePath.join(project.sourceRoot, path))
            do {
                entitlements = Entitlements(document: try PlistReader().read(contentsOf: file))
            } catch {
                return .failure(LintFailure(location: LintLocation(file: file), message: "target '\(resolved.target)': \(error.description)"))
            }
        }
        var subject = LintSubject(
            file: projectPath, target: resolved.target, plist: plist, keyLocations: keyLocations, platform: platform,
            deploymentTarget: options.deploymentTarget ?? deploymentTarget(of: resolved, platform: platform) ?? pass?.deploymentTarget,
            bundle: bundle, requests: options.requests, localizations: localizations,
            code: bundle.makesRequests ? options.code : [])
        subject.placeForNewKeys = placeForNewKeys
        subject.severalPlatforms = pass?.several ?? false
        subject.entitlements = entitlements
        subject.settingWarnings = (unreadableDeploymentTarget(of: resolved, platform: platform).map { [$0] } ?? []) + resolved.warningLines
        return .success(subject)
    }

    /// Where a setting of the target is written, when a file sets it.
    private func place(of setting: String, in resolved: ResolvedTarget) -> LintLocation? {
        resolved.settingPlaces[setting].map { LintLocation(file: $0.file, line: $0.line) }
    }

    /// The deployment-target setting, where it is set to something that is no version (`13.x`,
    /// `$(UNDEFINED)`): said with its place, since the lint then checks for the newest versions.
    private func unreadableDeploymentTarget(of resolved: ResolvedTarget, platform: String) -> String? {
        guard let setting = vocabulary.entity(.platform, platform)?.attributes["deployment-setting"],
            let value = resolved.deploymentTargets[setting] ?? resolved.settings[setting], !value.isEmpty, Version(value) == nil
        else { return nil }
        let place = self.place(of: setting, in: resolved).map { "\($0.file)\($0.line.map { ":\($0)" } ?? "")" } ?? resolved.target
        return "\(place): \(setting) = '\(value)' is not a version; target '\(resolved.target)' is linted for the newest versions"
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
