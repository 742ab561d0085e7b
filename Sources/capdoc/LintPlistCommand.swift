import ArgumentParser
import CapdocCodeScan
import CapdocKit
import Foundation

extension LintFormat: ExpressibleByArgument {}

struct LintPlistCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lint-plist",
            abstract: "Checks apps' Info.plists (XML or binary files, or the targets of an Xcode project) against the model's Info.plist keys.",
            discussion: """
                Errors: a key that a request needs is missing, a usage string is empty, invisible or a placeholder, a sandboxed \
                Mac app lacks the entitlement its requests need, a key has the wrong \
                type, is misspelled or misplaced, a dictionary of usage strings is not a dictionary of non-empty strings, \
                the code uses a service that does not work under the authorization the app requests or makes a request \
                the platform it is compiled for does not have, a widget opts in \
                but its containing app lacks the usage strings. Warnings: a key is deprecated at the deployment target, \
                or not read on the platform. Without --requests, the requests are inferred from the keys present, the \
                background modes and the calls in --sources (each counted on the platforms and targets that compile it; \
                with --dependencies, the dependencies' calls too), and the output says which. App extensions \
                make no requests of their own. Findings go to standard output, problems reading an input to standard \
                error (and into JSON and SARIF). Exit status: 0 no errors, 1 errors found (also when another input could \
                not be linted), 2 an input could not be linted (unreadable plist, project, strings file or sources) and no \
                errors were found in the others, 64 bad options, 74 the output could not be written.
                """,
            // Content whose keys go elsewhere than an Info.plist (an Android manifest) has nothing to lint here.
            shouldDisplay: HelpWords.current.lintsPlists
        )
    }

    @Argument(help: "Info.plist files.")
    var paths: [String] = []

    @Option(name: .customLong("project"), help: "An Xcode project (.xcodeproj) whose targets to lint; repeatable.")
    var projects: [String] = []

    @Option(name: .customLong("target"), help: "Only this target of the projects; repeatable.")
    var targets: [String] = []

    @Option(help: "The build configuration of the projects (their default when left out).")
    var configuration: String?

    @Option(
        name: .customLong("sources"),
        help: "A folder of the app's Swift and Objective-C code, searched for \(HelpWords.current.domain.framework) calls; repeatable.")
    var sources: [String] = []

    @Flag(
        help:
            "Also scan the dependencies in and beside the --sources folders and beside the projects: Pods/, Carthage/Checkouts/, .build/checkouts/, SourcePackages/checkouts/; their calls need the keys too (ITMS-90683)."
    )
    var dependencies = false

    @Option(
        name: .customLong("derived-data"),
        help:
            "Xcode's derived data folder of the project, whose SourcePackages/checkouts holds its Swift packages, to scan too; repeatable. With --dependencies, each --project's folder in Xcode's default one, ~/Library/Developer/Xcode/DerivedData, when left out."
    )
    var derivedData: [String] = []

    @Option(
        help:
            "The platform the app is built for: a model id (ios, macos, mac-catalyst, …) or Xcode's name (iphoneos, macosx, xros, …); read from each input when left out."
    )
    var platform: String?

    @Option(
        name: .customLong("deployment-target"), help: "The app's deployment target, e.g. 11.0; read from each input when left out, else the newest versions.")
    var deploymentTarget: String?

    @Option(help: "The requests the app makes, comma-separated (when-in-use, always, temporary-full-accuracy); inferred when left out.")
    var requests: String?

    @Option(help: "The output format: human, json, or sarif (SARIF 2.1.0, for code hosts).")
    var format: LintFormat = .human

    @Option(
        name: .customLong("docs-url"),
        help:
            "Where docs/lint-plist.md is published: SARIF's informationUri, and each rule's helpUri (its heading there, #rule-id); also read from CAPDOC_DOCS_URL."
    )
    var docsURL: String?

    @OptionGroup var model: ModelOptions

    func validate() throws {
        if let deploymentTarget, Version(deploymentTarget) == nil {
            throw ValidationError("'\(deploymentTarget)' is not a deployment target (expected dotted numbers such as 11.0)")
        }
        if paths.isEmpty && projects.isEmpty {
            throw ValidationError("nothing to lint: give Info.plist files, or --project App.xcodeproj")
        }
        if !targets.isEmpty && projects.isEmpty {
            throw ValidationError("--target needs --project")
        }
        if dependencies && sources.isEmpty && projects.isEmpty && derivedData.isEmpty {
            throw ValidationError("--dependencies needs --sources or --project: the dependencies are looked for beside them")
        }
        if let url = docsURL ?? ProcessInfo.processInfo.environment["CAPDOC_DOCS_URL"], !url.isEmpty, !Self.isAbsoluteURL(url) {
            throw ValidationError("'\(url)' is not an absolute http(s) address for --docs-url (SARIF wants one)")
        }
    }

    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "https" || scheme == "http"
    }

    func run() throws {
        let report = try model.load()
        // Content whose keys go in another file (an Android manifest) says nothing about an Info.plist:
        // linting one against it would pass anything.
        if let file = report.model.vocabulary.domain.keyFile, file != "Info.plist" {
            Terminal.errorLine(
                "error: the Content's \(report.model.vocabulary.domain.keys) go in \(file), not in an Info.plist: lint-plist has nothing to check against it")
            throw ExitCode(ExitStatus.usage)
        }
        let linter = PlistLinter(report: report)
        let names = PlatformNames(vocabulary: report.model.vocabulary)
        var options = LintOptions(deploymentTarget: deploymentTarget.flatMap(Version.init))
        // An unknown platform or request ends capdoc in `CapdocCommand.main`, as an unknown id does in every command.
        if let platform {
            guard let id = names.platform(named: platform) else { throw UnknownID(kind: .platform, id: platform, candidates: names.accepted) }
            options.platform = id
        }
        options.requests = try requests.map { list in
            var seen: Set<String> = []
            let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && seen.insert($0).inserted }
            for id in ids { try linter.require(.request, id) }
            return ids
        }

        var failures: [LintFailure] = []
        options.code = sources.isEmpty && !dependencies && derivedData.isEmpty ? [] : scanSources(linter: linter, failures: &failures)
        let inputs = LintInputReader(vocabulary: report.model.vocabulary)
        var subjects: [LintSubject] = []
        for path in paths {
            switch inputs.subjects(plistAt: path, options: options) {
            case let .success(found): subjects += found
            case let .failure(failure): failures.append(failure)
            }
        }
        // The bundles of one project, for the rule that spans them (a widget and its containing app).
        var projectOf: [Int: [LintSubject]] = [:]
        var projectWarnings: [String] = []
        for project in projects {
            do {
                let found = try inputs.subjects(projectAt: project, targets: targets, configuration: configuration, options: options)
                for index in subjects.count..<(subjects.count + found.subjects.count) { projectOf[index] = found.subjects }
                subjects += found.subjects
                failures += found.failures
                projectWarnings += found.warnings
            } catch {
                Terminal.errorLine("error: \(error)")
                throw ExitCode(ExitStatus.usage)
            }
        }

        if format == .human {
            for warning in Set(projectWarnings + subjects.flatMap(\.settingWarnings)).sorted() { Terminal.errorLine("warning: \(warning)") }
        }
        var results: [LintResult] = []
        for (index, subject) in subjects.enumerated() {
            do {
                var result = try linter.lint(subject)
                if let siblings = projectOf[index] {
                    result.findings = LintFinding.ordered(result.findings + linter.containingAppFindings(widget: subject, apps: siblings))
                }
                results.append(result)
            } catch {
                // Ids were checked above, so only an input's own platform could be unknown here.
                failures.append(LintFailure(location: LintLocation(file: subject.file), message: "\(error)"))
            }
        }

        let run = LintRun(results: results, failures: failures)
        let formatter = LintReportFormatter(
            colour: format == .human && Terminal.colourAllowed(for: 1),
            workingDirectory: FileManager.default.currentDirectoryPath,
            docsURL: (docsURL ?? ProcessInfo.processInfo.environment["CAPDOC_DOCS_URL"]).flatMap { $0.isEmpty ? nil : $0 })
        Terminal.write(formatter.format(run, as: format), format == .human ? .styled : .json)
        if format == .human { Terminal.error(formatter.humanFailures(run)) }
        // Errors found outrank an input that could not be read: a CI step that fails on 1 must
        // not pass over the findings because another input was unreadable.
        if run.errorCount > 0 { throw ExitCode(ExitStatus.contentErrors) }
        if !run.failures.isEmpty { throw ExitCode(ExitStatus.couldNotLint) }
    }

    /// The calls of the domain's framework in the `--sources` folders (and, with `--dependencies`,
    /// in the dependencies beside them and the projects), as requests and services of the model,
    /// each with the platforms that compile it.
    private func scanSources(linter: PlistLinter, failures: inout [LintFailure]) -> [CodeUse] {
        let apis = linter.codeAPIs
        // The scanner reports a pattern's index as its api, to map it back to the model's entry.
        let patterns = apis.enumerated().map { index, api in APIPattern(api: String(index), swift: api.swift, objectiveC: api.objectiveC) }
        let scanner = CodeScanner(patterns: patterns)
        let platforms = CompilePlatform.platforms(linter.compileConditions)
        var uses: [CodeUse] = []
        var seen: Set<String> = []
        func add(_ scan: CodeScan) {
            // Files that could have held calls but were not read are worth a warning (the lint may
            // miss a request made there); folders of dependencies, frameworks and tests are left out
            // by design.
            let notScanned = scan.skipped.filter { !$0.hasSuffix("not the app's code") && !$0.hasSuffix("does not ship in the app") }
            if format == .human {
                for item in notScanned { Terminal.errorLine("warning: not scanned: \(item)") }
            }
            for reference in scan.references {
                guard let index = Int(reference.api), apis.indices.contains(index) else { continue }
                let api = apis[index]
                let location = LintLocation(file: reference.file, line: reference.line, column: reference.column)
                // Two spellings of one API (`fetchAssets(with:)`, `PHAsset.fetchAssets(with:)`) on one line are one use.
                guard seen.insert("\(api.use) \(reference.file):\(reference.line)").inserted else { continue }
                let compiledFor = Set(platforms.filter { $0.value.mayCompile(reference.condition) }.keys)
                var runsFrom: [String: Version] = [:]
                for (platform, compiled) in platforms {
                    if let version = compiled.versionsRequired(by: reference.condition).compactMap(Version.init).max() { runsFrom[platform] = version }
                }
                uses.append(
                    CodeUse(
                        use: api.use, api: api.swift ?? api.objectiveC ?? "", location: location,
                        platforms: compiledFor.count == platforms.count ? nil : compiledFor, dependency: reference.dependency,
                        runsFrom: runsFrom))
            }
        }
        for folder in sources {
            do {
                add(try scanner.scan(directory: folder))
            } catch {
                failures.append(LintFailure(location: LintLocation(file: folder), message: "\(error)"))
            }
        }
        guard dependencies || !derivedData.isEmpty else { return uses }
        for dependency in findDependencies(failures: &failures) {
            do {
                add(try scanner.scan(dependency: dependency))
            } catch {
                failures.append(LintFailure(location: LintLocation(file: dependency.path), message: "\(error)"))
            }
        }
        return uses
    }

    /// The folder a path is in; the working folder for `.` and for a name in it, never above it
    /// (Foundation on Linux traps on the parent of the empty path that `.` standardizes to).
    static func parent(of path: String) -> String {
        let standardized = (path as NSString).standardizingPath
        guard !standardized.isEmpty, standardized != "." else { return "." }
        let parent = (standardized as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The dependencies beside the `--sources` folders and the projects, and in the derived data;
    /// each folder once, however many roots reach it.
    private func findDependencies(failures: inout [LintFailure]) -> [Dependency] {
        // A sources folder (`App`) usually sits beside the dependencies (`Pods`, next to `App.xcodeproj`).
        var roots: [String] = []
        for folder in sources where !folder.hasSuffix(".swift") && !folder.hasSuffix(".m") && !folder.hasSuffix(".mm") {
            roots += [folder, Self.parent(of: folder)]
        }
        roots += projects.map { project in
            Self.parent(of: project.hasSuffix("project.pbxproj") ? (project as NSString).deletingLastPathComponent : project)
        }
        if !dependencies { roots = [] }  // --derived-data alone: only the packages there
        var candidates = roots.flatMap(Dependency.find(in:))
        if dependencies && derivedData.isEmpty {
            // Where Xcode keeps each project's packages unless told otherwise.
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            for project in projects {
                for folder in XcodeDerivedData.folders(forProject: project, in: XcodeDerivedData.defaultFolder(home: home)) {
                    roots.append(folder)
                    candidates += Dependency.find(inDerivedData: folder)
                }
            }
        }
        for folder in derivedData {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
                roots.append(folder)
                candidates += Dependency.find(inDerivedData: folder)
            } else {
                failures.append(LintFailure(location: LintLocation(file: folder), message: "no derived data folder at '\(folder)'"))
            }
        }
        var found: [Dependency] = []
        var seenPaths: Set<String> = []
        for dependency in candidates where seenPaths.insert((dependency.path as NSString).standardizingPath).inserted {
            found.append(dependency)
        }
        if format == .human {
            if found.isEmpty {
                Terminal.errorLine(
                    "note: no dependencies found (Pods/, Carthage/Checkouts/, .build/checkouts/, SourcePackages/checkouts/) in \(roots.joined(separator: ", "))"
                )
            } else {
                let names = found.map { "\($0.name) (\($0.manager.rawValue))" }
                Terminal.errorLine("note: scanned the dependencies \(names.joined(separator: ", "))")
            }
        }
        return found
    }
}
