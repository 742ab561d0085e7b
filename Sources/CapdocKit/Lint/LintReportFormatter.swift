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
    static let informationURI = "https://capdoc.invalid/"
    /// The SARIF rule of an input that could not be linted (unreadable plist, project or sources).
    static let couldNotLintRule = "could-not-lint"

    public var colour: Bool
    /// The folder the command ran in: SARIF paths under it are written relative to it (`%SRCROOT%`),
    /// as code hosts resolve them against the checkout.
    public var workingDirectory: String?

    public init(colour: Bool = false, workingDirectory: String? = nil) {
        self.colour = colour
        self.workingDirectory = workingDirectory
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
                    : "\(name): inferred requests: none (a \(result.bundle) runs under its containing app's authorization; lint that app's Info.plist for the requests)\n"
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
        let target = result.deploymentTarget.map { " \($0)" } ?? " (newest versions)"
        let requests = result.requests.isEmpty ? "none" : result.requests.joined(separator: ", ")
        output +=
            "checked \(name) for \(shown(result.platform))\(target), \(result.bundle), requests: \(shown(requests)): "
            + "\(count(result.errorCount, "error")), \(count(result.warningCount, "warning"))\n"
        return output
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
    /// finding at the key's line, the call, or the plist, and one per input that could not be read.
    /// Paths are relative URIs against `%SRCROOT%`, the working folder, as code hosts expect.
    public func sarif(_ run: LintRun) -> JSONValue {
        let ruleIDs = LintFinding.Rule.allCases.map(\.rawValue) + [Self.couldNotLintRule]
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        var rules: [JSONValue] = LintFinding.Rule.allCases.map { rule in
            .object([
                "id": .string(rule.rawValue),
                "shortDescription": .object(["text": .string(rule.summary)]),
                "defaultConfiguration": .object(["level": .string(rule.severity.rawValue)]),
            ])
        }
        rules.append(
            .object([
                "id": .string(Self.couldNotLintRule),
                "shortDescription": .object(["text": .string("An input could not be read: an unreadable or malformed Info.plist, project or source folder.")]),
                "defaultConfiguration": .object(["level": .string("error")]),
            ]))
        var results: [JSONValue] = []
        for result in run.results {
            for finding in result.findings {
                var properties: [String: JSONValue] = [
                    "key": .string(finding.key), "sources": strings(finding.sources), "claims": strings(finding.claims),
                    "platform": .string(result.platform), "bundle": .string(result.bundle.id),
                ]
                if let target = result.target { properties["target"] = .string(target) }
                var object: [String: JSONValue] = [
                    "ruleId": .string(finding.rule.rawValue),
                    "ruleIndex": .number(ruleIndex[finding.rule.rawValue]!),
                    "level": .string(finding.severity.rawValue),
                    "message": .object(["text": .string(finding.message)]),
                    "locations": .array([sarifLocation(finding.location)]),
                    "properties": .object(properties),
                ]
                if !finding.related.isEmpty {
                    object["relatedLocations"] = .array(
                        finding.related.enumerated().map { index, place in
                            var location = sarifLocation(place)
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
            results.append(
                .object([
                    "ruleId": .string(Self.couldNotLintRule),
                    "ruleIndex": .number(ruleIndex[Self.couldNotLintRule]!),
                    "level": .string("error"),
                    "message": .object(["text": .string(failure.message)]),
                    "locations": .array([sarifLocation(failure.location)]),
                ]))
        }
        let driver: JSONValue = .object([
            "name": .string("capdoc"),
            "version": .string(Capdoc.version),
            "semanticVersion": .string(Capdoc.version),
            "informationUri": .string(Self.informationURI),
            "rules": .array(rules),
        ])
        return .object([
            "$schema": .string(Self.sarifSchema),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object(["driver": driver]),
                    "originalUriBaseIds": .object(["%SRCROOT%": .object(["description": .object(["text": .string("The folder capdoc lint-plist ran in.")])])]),
                    "invocations": .array([.object(["executionSuccessful": .bool(run.failures.isEmpty)])]),
                    "results": .array(results),
                    "properties": .object([
                        "checked": .array(run.results.map { .object(subject($0)) })
                    ]),
                ])
            ]),
        ])
    }

    private func sarifLocation(_ location: LintLocation) -> JSONValue {
        var physical: [String: JSONValue] = ["artifactLocation": .object(artifact(location.file))]
        if let line = location.line {
            var region: [String: JSONValue] = ["startLine": .number(max(line, 1))]
            if let column = location.column { region["startColumn"] = .number(max(column, 1)) }
            physical["region"] = .object(region)
        }
        return .object(["physicalLocation": .object(physical)])
    }

    /// A relative path against `%SRCROOT%`; an absolute one as a `file://` URI.
    private func artifact(_ written: String) -> [String: JSONValue] {
        var path = written
        if let base = workingDirectory.map({ $0.hasSuffix("/") ? $0 : $0 + "/" }), path.hasPrefix(base) {
            path = String(path.dropFirst(base.count))
        }
        if path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        if path.hasPrefix("/") {
            return ["uri": .string(URL(fileURLWithPath: path).absoluteString)]
        }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return ["uri": .string(encoded), "uriBaseId": .string("%SRCROOT%")]
    }
}
