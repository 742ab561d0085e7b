import Foundation

/// The output formats of `capdoc lint-plist`.
public enum LintFormat: String, Sendable, CaseIterable {
    case human, json, sarif
}

/// Writes a `LintResult` as text for people, JSON for scripts, or SARIF 2.1.0 for code hosts.
/// Every format is deterministic: findings in `LintFinding.ordered` order, JSON keys sorted.
public struct LintReportFormatter: Sendable {
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let informationURI = "https://capdoc.invalid/"

    public var colour: Bool

    public init(colour: Bool = false) {
        self.colour = colour
    }

    public func format(_ result: LintResult, as format: LintFormat) -> String {
        switch format {
        case .human: human(result)
        case .json: json(result)
        case .sarif: sarif(result)
        }
    }

    // MARK: Human

    /// `PATH: error: message [rule]`, an indented `source:` line, and a summary line; first, when
    /// the requests were inferred, the line that says which and from what.
    public func human(_ result: LintResult) -> String {
        var output = ""
        if let inferred = result.inferredRequests {
            if inferred.isEmpty {
                output += "inferred requests: none (no key that a request needs is present)\n"
            } else {
                let keys = Set(result.inferredFrom.values.flatMap { $0 }).sorted()
                output += "inferred requests: \(inferred.joined(separator: ", ")) (from \(keys.joined(separator: ", ")))\n"
            }
        }
        for finding in result.findings {
            output += headline(result.file, finding)
            let cited = finding.claims.isEmpty ? finding.sources : finding.claims
            output += "  source: \(cited.isEmpty ? "none (no source in the model states it)" : cited.joined(separator: ", "))\n"
        }
        let target = result.deploymentTarget.map { " \($0)" } ?? " (newest versions)"
        let requests = result.requests.isEmpty ? "none" : result.requests.joined(separator: ", ")
        output += "checked \(result.file) for \(result.platform)\(target), requests: \(requests): "
            + "\(count(result.errorCount, "error")), \(count(result.warningCount, "warning"))\n"
        return output
    }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private func headline(_ file: String, _ finding: LintFinding) -> String {
        let label = finding.severity.rawValue
        let tail = "\(finding.message) [\(finding.rule.rawValue)]"
        guard colour else { return "\(file): \(label): \(tail)\n" }
        let code = finding.severity == .error ? "31" : "35"
        return "\u{1B}[1m\(file): \u{1B}[\(code)m\(label):\u{1B}[0m\u{1B}[1m \(tail)\u{1B}[0m\n"
    }

    // MARK: JSON

    /// One object: `file`, `platform`, `deploymentTarget`, `requests`, `inferredRequests` (null when
    /// the requests were given), `inferredFrom`, `findings`, `summary`.
    public func json(_ result: LintResult) -> String {
        let object: [String: Any] = [
            "file": result.file,
            "platform": result.platform,
            "deploymentTarget": result.deploymentTarget.map { $0.description as Any } ?? NSNull(),
            "requests": result.requests,
            "inferredRequests": result.inferredRequests.map { $0 as Any } ?? NSNull(),
            "inferredFrom": result.inferredRequests == nil ? NSNull() : result.inferredFrom as Any,
            "findings": result.findings.map { finding in
                [
                    "rule": finding.rule.rawValue,
                    "severity": finding.severity.rawValue,
                    "key": finding.key,
                    "message": finding.message,
                    "sources": finding.sources,
                    "claims": finding.claims,
                ] as [String: Any]
            },
            "summary": ["errors": result.errorCount, "warnings": result.warningCount],
        ]
        return Self.serialize(object)
    }

    // MARK: SARIF

    /// SARIF 2.1.0: one run, every rule in `tool.driver.rules`, one result per finding located at
    /// the plist file.
    public func sarif(_ result: LintResult) -> String {
        let rules = LintFinding.Rule.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let uri = result.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? result.file
        let driver: [String: Any] = [
            "name": "capdoc",
            "version": Capdoc.version,
            "semanticVersion": Capdoc.version,
            "informationUri": Self.informationURI,
            "rules": rules.map { rule in
                [
                    "id": rule.rawValue,
                    "shortDescription": ["text": rule.summary],
                    "defaultConfiguration": ["level": rule.severity.rawValue],
                ] as [String: Any]
            },
        ]
        let results: [[String: Any]] = result.findings.map { finding in
            [
                "ruleId": finding.rule.rawValue,
                "ruleIndex": ruleIndex[finding.rule]!,
                "level": finding.severity.rawValue,
                "message": ["text": finding.message],
                "locations": [["physicalLocation": ["artifactLocation": ["uri": uri]]]],
                "properties": ["key": finding.key, "sources": finding.sources, "claims": finding.claims] as [String: Any],
            ]
        }
        var properties: [String: Any] = [
            "platform": result.platform,
            "requests": result.requests,
        ]
        if let target = result.deploymentTarget { properties["deploymentTarget"] = target.description }
        if let inferred = result.inferredRequests { properties["inferredRequests"] = inferred }
        let log: [String: Any] = [
            "$schema": Self.sarifSchema,
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": driver],
                "results": results,
                "properties": properties,
            ] as [String: Any]],
        ]
        return Self.serialize(log)
    }

    static func serialize(_ object: [String: Any]) -> String {
        // Only strings, numbers, arrays, dictionaries and NSNull go in: serialization cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
