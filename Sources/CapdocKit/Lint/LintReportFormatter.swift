import Foundation

/// The output formats of `capdoc lint-plist`.
public enum LintFormat: String, Sendable, CaseIterable {
    case human, json, sarif
}

/// Writes a `LintRun` as text for people, JSON for scripts, or SARIF 2.1.0 for code hosts.
/// Every format is deterministic: results in input order, findings in `LintFinding.ordered` order,
/// JSON keys sorted (written by `JSONValue`, capdoc's one JSON writer).
public struct LintReportFormatter: Sendable {
    static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The SARIF rule of an input that could not be linted (unreadable plist, project or sources).
    static let couldNotLintRule = "could-not-lint"

    public var colour: Bool
    /// The folder the command ran in: SARIF paths are written relative to the root of its
    /// repository (`%SRCROOT%`, see `SARIFPaths`), as code hosts resolve them against the checkout.
    public var workingDirectory: String?
    /// `%SRCROOT%` when not the repository of `workingDirectory` (tests).
    var sarifRoot: String?
    /// The address of docs/lint-plist.md as published (`--docs-url`): SARIF's `informationUri`,
    /// and each rule's `helpUri`, the page's heading for the rule (`#missing-usage-key`). nil:
    /// neither is written, since SARIF wants absolute addresses and capdoc knows no published one.
    public var docsURL: String?

    public init(colour: Bool = false, workingDirectory: String? = nil, docsURL: String? = nil) {
        self.colour = colour
        self.workingDirectory = workingDirectory
        self.docsURL = docsURL
    }

    /// The report on standard output. In the human format, failures go to standard error instead
    /// (`humanFailures`); JSON and SARIF carry them in the document.
    public func format(_ run: LintRun, as format: LintFormat) -> String {
        switch format {
        case .human: human(run)
        case .json: json(run).serialized()
        case .sarif: sarif(run).serialized()
        }
    }

    // MARK: Human

    /// Per input: the line that says which requests were inferred and from what, then
    /// `PLACE: error: message [rule]` with indented `source:` and `requested at:` lines, then a
    /// summary line; a total line when there were several inputs.
    public func human(_ run: LintRun) -> String {
        var output = ""
        for result in run.results { output += human(result) }
        if run.results.count + run.failures.count > 1 {
            output +=
                "checked \(count(run.results.count, "Info.plist")): \(count(run.errorCount, "error")), "
                + "\(count(run.warningCount, "warning"))"
                + (run.failures.isEmpty ? "" : ", \(run.failures.count) could not be linted") + "\n"
        }
        return output
    }

    /// The failures, one `PLACE: error: message` line each, for standard error.
    public func humanFailures(_ run: LintRun) -> String {
        run.failures.map { "\(DisplayText.lineStart(path: $0.location.description)): error: \(shown($0.message))\n" }.joined()
    }

    func human(_ result: LintResult) -> String {
        var output = ""
        let name = displayName(result)
        if let inferred = result.inferredRequests {
            if inferred.isEmpty {
                output +=
                    result.bundle.makesRequests
                    ? "\(name): inferred requests: none (no key or call that a request needs is present)\n"
                    : "\(name): inferred requests: none (\(Self.article(result.bundle.description)) \(result.bundle) runs under \(result.bundle.authorizedBy); lint that app's Info.plist for the requests)\n"
            } else {
                let evidence = Set(result.inferredFrom.values.flatMap { $0 }).sorted()
                output += "\(name): inferred requests: \(shown(inferred.joined(separator: ", "))) (from \(shown(evidence.joined(separator: ", "))))\n"
            }
        }
        for finding in result.findings {
            output += headline(finding)
            let cited = finding.claims.isEmpty ? finding.sources : finding.claims
            output += "  source: \(cited.isEmpty ? "none (no source in the model states it)" : shown(cited.joined(separator: ", ")))\n"
            for place in finding.related { output += "  requested at: \(shown(place.description))\n" }
        }
        // The words of the messages that depend on it (deprecated-key), so that both read alike.
        let target = result.deploymentTarget.map { " \($0)" } ?? " (no deployment target given: checked for the newest versions)"
        let requests = result.requests.isEmpty ? "none" : result.requests.joined(separator: ", ")
        output +=
            "checked \(name) for \(shown(result.platform))\(target), \(result.bundle), requests: \(shown(requests)): "
            + "\(count(result.errorCount, "error")), \(count(result.warningCount, "warning"))\n"
        return output
    }

    /// "an" before a vowel ("an app extension", "an App Clip"), else "a".
    static func article(_ noun: String) -> String {
        guard let first = noun.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    private func displayName(_ result: LintResult) -> String {
        DisplayText.lineStart(path: result.target.map { "\(result.file) (target \($0))" } ?? result.file)
    }

    /// A path, key, target or message as one line that cannot act on the terminal: Info.plist keys
    /// and strings, target names and file names come from the app, and may hold control characters.
    private func shown(_ text: String) -> String { DisplayText.line(text) }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private func headline(_ finding: LintFinding) -> String {
        let label = finding.severity.rawValue
        let tail = "\(shown(finding.message)) [\(finding.rule.rawValue)]"
        let location = DisplayText.lineStart(path: finding.location.description)
        guard colour else { return "\(location): \(label): \(tail)\n" }
        let code = finding.severity == .error ? "31" : "35"
        return "\u{1B}[1m\(location): \u{1B}[\(code)m\(label):\u{1B}[0m\u{1B}[1m \(tail)\u{1B}[0m\n"
    }

    // MARK: JSON

    /// `{"results": [...], "failures": [...], "summary": {...}}`; each result has `file`, `target`,
    /// `platform`, `deploymentTarget`, `bundle`, `requests`, `inferredRequests` (null when the
    /// requests were given), `inferredFrom`, `findings`, `summary`.
    public func json(_ run: LintRun) -> JSONValue {
        .object([
            "results": .array(run.results.map(json)),
            "failures": .array(run.failures.map { .object(["location": json($0.location), "message": .string($0.message)]) }),
            "summary": .object([
                "errors": .number(run.errorCount), "warnings": .number(run.warningCount),
                "checked": .number(run.results.count), "couldNotLint": .number(run.failures.count),
            ]),
        ])
    }

    /// What was linted, and for what: the members JSON results and SARIF's `checked` share.
    private func subject(_ result: LintResult) -> [String: JSONValue] {
        [
            "file": .string(result.file),
            "target": result.target.map(JSONValue.string) ?? .null,
            "platform": .string(result.platform),
            "deploymentTarget": result.deploymentTarget.map { .string($0.description) } ?? .null,
            "bundle": .string(result.bundle.id),
            "requests": strings(result.requests),
            "inferredRequests": result.inferredRequests.map(strings) ?? .null,
        ]
    }

    func json(_ result: LintResult) -> JSONValue {
        .object(
            subject(result).merging([
                "inferredFrom": result.inferredRequests == nil ? .null : .object(result.inferredFrom.mapValues(strings)),
                "findings": .array(
                    result.findings.map { finding in
                        .object([
                            "rule": .string(finding.rule.rawValue),
                            "severity": .string(finding.severity.rawValue),
                            "key": .string(finding.key),
                            "message": .string(finding.message),
                            "location": json(finding.location),
                            "related": .array(finding.related.map(json)),
                            "sources": strings(finding.sources),
                            "claims": strings(finding.claims),
                        ])
                    }),
                "summary": .object(["errors": .number(result.errorCount), "warnings": .number(result.warningCount)]),
            ]) { _, added in added })
    }

    private func json(_ location: LintLocation) -> JSONValue {
        .object([
            "file": .string(location.file),
            "line": location.line.map(JSONValue.number) ?? .null,
            "column": location.column.map(JSONValue.number) ?? .null,
        ])
    }

    private func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    // MARK: SARIF

    /// SARIF 2.1.0: one run, every rule in `tool.driver.rules` (and `could-not-lint`), one result per
    /// finding at the key's line, the call, or where a missing key goes, and one per input that could
    /// not be read. Every result has a line (`region.startLine`; 1 for a file without lines, such as
    /// a binary plist or a folder), a `partialFingerprints` entry, and a path relative to the
    /// repository's root (`%SRCROOT%`, `SARIFPaths`).
    public func sarif(_ run: LintRun) -> JSONValue {
        let paths = SARIFPaths(
            workingDirectory: workingDirectory ?? FileManager.default.currentDirectoryPath, root: sarifRoot,
            inputs: run.results.map(\.file) + run.failures.map(\.location.file))
        let ruleIDs = LintFinding.Rule.allCases.map(\.rawValue) + [Self.couldNotLintRule]
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        func rule(_ id: String, _ summary: String, _ level: String) -> JSONValue {
            var members: [String: JSONValue] = [
                "id": .string(id),
                "shortDescription": .object(["text": .string(summary)]),
                "defaultConfiguration": .object(["level": .string(level)]),
            ]
            if let docsURL { members["helpUri"] = .string(docsURL + "#" + id) }
            return .object(members)
        }
        var rules: [JSONValue] = LintFinding.Rule.allCases.map { rule($0.rawValue, $0.summary, $0.severity.rawValue) }
        rules.append(rule(Self.couldNotLintRule, "An input could not be read: an unreadable or malformed Info.plist, project or source folder.", "error"))
        var fingerprints = SARIFFingerprints()
        var results: [JSONValue] = []
        for result in run.results {
            for finding in result.findings {
                var properties: [String: JSONValue] = [
                    "key": .string(finding.key), "sources": strings(finding.sources), "claims": strings(finding.claims),
                    "platform": .string(result.platform), "bundle": .string(result.bundle.id),
                ]
                if let target = result.target { properties["target"] = .string(target) }
                let fingerprint = fingerprints.next([
                    finding.rule.rawValue, finding.key, result.target ?? "", result.platform, sarifURI(finding.location.file, paths),
                ])
                var object: [String: JSONValue] = [
                    "ruleId": .string(finding.rule.rawValue),
                    "ruleIndex": .number(ruleIndex[finding.rule.rawValue]!),
                    "level": .string(finding.severity.rawValue),
                    "message": .object(["text": .string(finding.message)]),
                    "locations": .array([sarifLocation(finding.location, paths)]),
                    "partialFingerprints": .object([SARIFFingerprints.name: .string(fingerprint)]),
                    "properties": .object(properties),
                ]
                if !finding.related.isEmpty {
                    object["relatedLocations"] = .array(
                        finding.related.enumerated().map { index, place in
                            var location = sarifLocation(place, paths)
                            if case var .object(members) = location {
                                members["id"] = .number(index)
                                members["message"] = .object(["text": .string("the call that makes the request")])
                                location = .object(members)
                            }
                            return location
                        })
                }
                results.append(.object(object))
            }
        }
        for failure in run.failures {
            let fingerprint = fingerprints.next([Self.couldNotLintRule, sarifURI(failure.location.file, paths)])
            results.append(
                .object([
                    "ruleId": .string(Self.couldNotLintRule),
                    "ruleIndex": .number(ruleIndex[Self.couldNotLintRule]!),
                    "level": .string("error"),
                    "message": .object(["text": .string(failure.message)]),
                    "locations": .array([sarifLocation(failure.location, paths)]),
                    "partialFingerprints": .object([SARIFFingerprints.name: .string(fingerprint)]),
                ]))
        }
        var driver: [String: JSONValue] = [
            "name": .string("capdoc"),
            "version": .string(Capdoc.version),
            "semanticVersion": .string(Capdoc.version),
            "rules": .array(rules),
        ]
        if let docsURL { driver["informationUri"] = .string(docsURL) }
        return .object([
            "$schema": .string(Self.sarifSchema),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object(["driver": .object(driver)]),
                    "originalUriBaseIds": .object([
                        SARIFPaths.baseID: .object([
                            "uri": .string(paths.rootURI),
                            "description": .object(["text": .string("The root of the repository capdoc lint-plist ran in (else the folder it ran in).")]),
                        ])
                    ]),
                    "invocations": .array([.object(["executionSuccessful": .bool(run.failures.isEmpty)])]),
                    "results": .array(results),
                    "properties": .object([
                        "checked": .array(run.results.map { .object(subject($0)) })
                    ]),
                ])
            ]),
        ])
    }

    private func sarifURI(_ file: String, _ paths: SARIFPaths) -> String {
        if case let .string(uri)? = paths.artifact(file)["uri"] { return uri }
        return file
    }

    /// A location with its line: code scanning places a result only on a line, so a file with
    /// none (a binary plist, a folder) is placed on its first.
    private func sarifLocation(_ location: LintLocation, _ paths: SARIFPaths) -> JSONValue {
        var region: [String: JSONValue] = ["startLine": .number(max(location.line ?? 1, 1))]
        if let column = location.column { region["startColumn"] = .number(max(column, 1)) }
        let physical: [String: JSONValue] = ["artifactLocation": .object(paths.artifact(location.file)), "region": .object(region)]
        return .object(["physicalLocation": .object(physical)])
    }
}
