import ArgumentParser
import CapdocKit
import Foundation

extension LintFormat: ExpressibleByArgument {}

struct LintPlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint-plist",
        abstract: "Checks an app's Info.plist (XML or binary) against the model's location keys.",
        discussion: """
            Errors: a key that a request needs is missing, a usage description is empty or not a string, \
            NSLocationTemporaryUsageDescriptionDictionary is not a dictionary of non-empty strings. Warnings: a key \
            is deprecated at the deployment target, or not read on the platform. Without --requests, the requests \
            are inferred from the keys present, and the output says which. Findings go to standard output; \
            problems reading the plist or the content to standard error. Exits 0 without errors, 1 with errors \
            (or an unreadable plist), 64 on usage errors.
            """
    )

    @Argument(help: "The Info.plist file.")
    var path: String

    @Option(help: "The platform id the app is built for (ios, ipados, macos, …).")
    var platform: String

    @Option(name: .customLong("deployment-target"), help: "The app's deployment target, e.g. 11.0; the newest versions when left out.")
    var deploymentTarget: String?

    @Option(help: "The requests the app makes, comma-separated (when-in-use, always, temporary-full-accuracy); inferred from the keys when left out.")
    var requests: String?

    @Option(help: "The output format: human, json, or sarif (SARIF 2.1.0, for code hosts).")
    var format: LintFormat = .human

    @Option(help: "The content folder.")
    var content: String = "Content"

    func validate() throws {
        if let deploymentTarget, Version(deploymentTarget) == nil {
            throw ValidationError("'\(deploymentTarget)' is not a deployment target (expected dotted numbers such as 11.0)")
        }
    }

    func run() throws {
        let target = deploymentTarget.flatMap(Version.init)
        let requestList: [String]? = requests.map { list in
            var seen: Set<String> = []
            return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && seen.insert($0).inserted }
        }

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: content, isDirectory: &isDirectory), isDirectory.boolValue else {
            Terminal.error("error: no content folder at '\(content)'; pass --content DIR (capdoc's Content/ folder)\n")
            throw ExitCode(ExitStatus.contentErrors)
        }
        let report = Checker().check(contentAt: content)
        guard report.errorCount == 0 else {
            Terminal.error(DiagnosticRenderer(colour: Terminal.colourAllowed(for: 2)).human(report.diagnostics.filter { $0.severity == .error }))
            Terminal.error("error: '\(content)' has \(report.errorCount) errors; fix them with `capdoc check` first (or pass --content DIR)\n")
            throw ExitCode(ExitStatus.contentErrors)
        }
        let linter = PlistLinter(report: report)
        do {
            try linter.require(.platform, platform)
            for request in requestList ?? [] { try linter.require(.request, request) }
        } catch {
            Terminal.error("error: \(error)\n")
            throw ExitCode(ExitStatus.usage)
        }

        let document: PlistDocument
        do {
            document = try PlistReader().read(contentsOf: path)
        } catch {
            Terminal.error("error: \(error)\n")
            throw ExitCode(ExitStatus.contentErrors)
        }

        let result: LintResult
        do {
            result = try linter.lint(document.root, file: path, platform: platform, deploymentTarget: target, requests: requestList)
        } catch {
            Terminal.error("error: \(error)\n")
            throw ExitCode(ExitStatus.usage)
        }
        let formatter = LintReportFormatter(colour: format == .human && Terminal.colourAllowed(for: 1))
        Terminal.write(formatter.format(result, as: format))
        if result.errorCount > 0 { throw ExitCode(ExitStatus.contentErrors) }
    }
}
