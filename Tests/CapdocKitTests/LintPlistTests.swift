import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// `capdoc lint-plist` on the shipped Content: every rule, request inference, deployment targets,
/// binary and malformed plists, and the three output formats.
@Suite("lint-plist")
struct LintPlistTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let linter = PlistLinter(report: LintPlistTests.report)

    static let plists = Paths.fixtures.appendingPathComponent("plists")

    func fixture(_ name: String) -> String { Self.plists.appendingPathComponent(name).path }

    func read(_ name: String) throws -> PlistDocument { try PlistReader().read(contentsOf: fixture(name)) }

    func lint(_ name: String, platform: String = "ios", target: String? = nil, requests: [String]? = nil) throws -> LintResult {
        try linter.lint(
            read(name).root, file: name, platform: platform,
            deploymentTarget: target.flatMap(Version.init), requests: requests)
    }

    func rules(_ result: LintResult) -> [String] { result.findings.map { "\($0.rule.rawValue) \($0.key)" } }

    /// A plist's text from `<key>…</key>` lines, for cases not worth a fixture file.
    func plist(_ body: String) throws -> [String: PlistValue] {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>\(body)</dict></plist>
            """
        return try PlistReader().read(Data(text.utf8), path: "inline.plist").root
    }

    @Test("the shipped Content loads without errors")
    func contentIsClean() {
        #expect(Self.report.errorCount == 0)
    }

    // MARK: Rules

    @Test("a good iOS app passes, with and without a deployment target")
    func goodApp() throws {
        for target in [nil, "14.0", "17.4"] {
            let result = try lint("good-ios.plist", target: target)
            #expect(result.findings.isEmpty, "target \(target ?? "none"): \(rules(result))")
            #expect(result.errorCount == 0 && result.warningCount == 0)
        }
    }

    @Test("missing-usage-key: an Always request without the iOS 11 key fails, citing the adjudicated claim")
    func missingAlwaysKey() throws {
        let result = try lint("missing-always.plist", requests: ["when-in-use", "always"])
        #expect(rules(result) == ["missing-usage-key NSLocationAlwaysAndWhenInUseUsageDescription"])
        let finding = try #require(result.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.sources == ["requesting-authorization"])
        #expect(finding.claims == ["requesting-authorization#keys-always"])
        #expect(finding.message.contains("requestAlwaysAuthorization()"))
        #expect(finding.message.contains("fails immediately"))
        #expect(result.inferredRequests == nil, "requests were given")
    }

    @Test("missing-usage-key: a deployment target before iOS 11 needs the old pair there and the new key from 11 on")
    func missingKeysAcrossVersions() throws {
        // WhenInUse + Always (the pre-iOS 11 pair): at 10.0 the new key is still needed from 11.0 on.
        let old = try lint("old-always.plist", target: "10.0", requests: ["always"])
        #expect(rules(old) == ["missing-usage-key NSLocationAlwaysAndWhenInUseUsageDescription"])
        #expect(old.findings[0].message.contains("on iOS 11.0 and later"))
        // An app with only the new key, deployed to 10.0, lacks the old one for 10.x.
        let new = try linter.lint(
            try plist(
                """
                <key>NSLocationWhenInUseUsageDescription</key><string>Map.</string>
                <key>NSLocationAlwaysAndWhenInUseUsageDescription</key><string>Tracks.</string>
                """), file: "new.plist", platform: "ios", deploymentTarget: Version("10.0"), requests: ["always"])
        #expect(rules(new) == ["missing-usage-key NSLocationAlwaysUsageDescription"])
        #expect(new.findings[0].message.contains("on iOS 10.0 up to 11.0"))
        #expect(new.findings[0].claims == ["request-always-authorization#keys", "request-always-authorization-current#keys"])
        // The same plist deployed to 11.0 is fine.
        let eleven = try linter.lint(
            try plist(
                """
                <key>NSLocationWhenInUseUsageDescription</key><string>Map.</string>
                <key>NSLocationAlwaysAndWhenInUseUsageDescription</key><string>Tracks.</string>
                """), file: "new.plist", platform: "ios", deploymentTarget: Version("11.0"), requests: ["always"])
        #expect(eleven.findings.isEmpty)
    }

    @Test("missing-usage-key: macOS needs NSLocationUsageDescription; the temporary request needs its dictionary")
    func missingOnOtherPlatforms() throws {
        let mac = try linter.lint(try plist(""), file: "empty.plist", platform: "macos", requests: ["when-in-use"])
        #expect(rules(mac) == ["missing-usage-key NSLocationUsageDescription"])
        #expect(mac.findings[0].claims == ["requesting-authorization#keys-macos"])
        let temporary = try lint("missing-always.plist", requests: ["temporary-full-accuracy"])
        #expect(rules(temporary) == ["missing-usage-key NSLocationTemporaryUsageDescriptionDictionary"])
        #expect(temporary.findings[0].sources == ["key-temporary-usage", "request-temporary-full-accuracy", "request-temporary-full-accuracy-completion"])
    }

    @Test("missing-usage-key suggests a misspelt key the plist has")
    func missingKeyTypo() throws {
        let result = try linter.lint(
            try plist("<key>NSLocationWhenInUsageDescription</key><string>Map.</string>"),
            file: "typo.plist", platform: "ios", requests: ["when-in-use"])
        // The typo itself is reported too, at its own place, with the right spelling.
        #expect(rules(result) == ["missing-usage-key NSLocationWhenInUseUsageDescription", "misspelled-key NSLocationWhenInUsageDescription"])
        #expect(result.findings[0].message.contains("'NSLocationWhenInUsageDescription'"))
        // Other privacy keys are not taken for typos.
        let other = try linter.lint(
            try plist(
                """
                <key>NSCameraUsageDescription</key><string>Photos.</string>
                <key>NSPhotoLibraryUsageDescription</key><string>Photos.</string>
                <key>NSMicrophoneUsageDescription</key><string>Audio.</string>
                """), file: "other.plist", platform: "ios", requests: ["always"])
        #expect(other.findings.count == 2)
        #expect(other.findings.allSatisfy { !$0.message.contains("typo") })
    }

    @Test("empty-usage-key: an empty or blank usage string is an error")
    func emptyString() throws {
        let result = try lint("empty-string.plist")
        #expect(
            rules(result) == [
                "empty-usage-key NSLocationAlwaysAndWhenInUseUsageDescription",
                "empty-usage-key NSLocationWhenInUseUsageDescription",
            ])
        #expect(result.findings.allSatisfy { $0.severity == .error && !$0.claims.isEmpty })
        #expect(result.findings[1].claims.contains("key-when-in-use#exists-ios"))
    }

    @Test("wrong-key-type: a usage description that is not a string, a boolean key that is not a boolean")
    func wrongType() throws {
        let result = try lint("wrong-type.plist")
        #expect(
            rules(result) == [
                "wrong-key-type NSLocationAlwaysAndWhenInUseUsageDescription",
                "wrong-key-type NSLocationDefaultAccuracyReduced",
                "wrong-key-type NSLocationWhenInUseUsageDescription",
            ])
        #expect(result.findings[0].message.contains("must be a string, but it is an array"))
        #expect(result.findings[1].message.contains("must be a boolean, but it is a string"))
        #expect(result.findings[2].message.contains("must be a string, but it is a boolean"))
        // An integer is not a boolean, even where Foundation bridges both to NSNumber.
        let integer = try linter.lint(
            try plist("<key>NSLocationDefaultAccuracyReduced</key><integer>1</integer>"),
            file: "i.plist", platform: "ios", requests: [])
        #expect(rules(integer) == ["wrong-key-type NSLocationDefaultAccuracyReduced"])
        #expect(integer.findings[0].message.contains("an integer"))
        let boolean = try linter.lint(
            try plist("<key>NSLocationDefaultAccuracyReduced</key><true/>"),
            file: "b.plist", platform: "ios", requests: [])
        #expect(boolean.findings.isEmpty)
    }

    @Test("invalid-temporary-dictionary: not a dictionary, empty, or with empty or non-string entries")
    func temporaryDictionary() throws {
        let bad = try lint("bad-temporary-dictionary.plist")
        #expect(rules(bad) == ["invalid-temporary-dictionary NSLocationTemporaryUsageDescriptionDictionary"])
        #expect(bad.findings[0].message.contains("'Navigation' is an integer"))
        #expect(bad.findings[0].message.contains("'TrailRecording' is empty"))
        #expect(!bad.findings[0].message.contains("Photos"))
        #expect(bad.findings[0].claims.contains("request-temporary-full-accuracy#keys"))

        let string = try lint("temporary-not-dictionary.plist", requests: ["temporary-full-accuracy"])
        #expect(rules(string) == ["invalid-temporary-dictionary NSLocationTemporaryUsageDescriptionDictionary"])
        #expect(string.findings[0].message.contains("but it is a string"))

        let empty = try linter.lint(
            try plist("<key>NSLocationTemporaryUsageDescriptionDictionary</key><dict/>"),
            file: "e.plist", platform: "ios", requests: ["temporary-full-accuracy"])
        #expect(rules(empty) == ["invalid-temporary-dictionary NSLocationTemporaryUsageDescriptionDictionary"])
    }

    @Test("deprecated-key: NSLocationAlwaysUsageDescription is fine at iOS 10, deprecated at 11 and later")
    func deprecatedByTarget() throws {
        let ten = try lint("deprecated-key.plist", target: "10.0")
        #expect(ten.findings.isEmpty, "\(rules(ten))")
        let tenThree = try lint("deprecated-key.plist", target: "10.3.1")
        #expect(tenThree.findings.isEmpty)
        for target in ["11.0", "11", "15.2", nil] {
            let result = try lint("deprecated-key.plist", target: target)
            #expect(rules(result) == ["deprecated-key NSLocationAlwaysUsageDescription"], "target \(target ?? "none")")
            let finding = try #require(result.findings.first)
            #expect(finding.severity == .warning)
            // The page's text (for targets from iOS 11) and its metadata line agree from 11.0 on.
            #expect(finding.claims == ["key-always#deprecated", "key-always#deprecated-metadata-ios"])
            #expect(finding.sources == ["key-always"])
            #expect(result.errorCount == 0)
        }
        // NSLocationUsageDescription: deprecated on iOS, not on macOS.
        let usage = "<key>NSLocationUsageDescription</key><string>Map.</string>"
        let ios = try linter.lint(try plist(usage), file: "u.plist", platform: "ios", deploymentTarget: Version("9.0"), requests: [])
        #expect(rules(ios) == ["deprecated-key NSLocationUsageDescription"])
        let mac = try linter.lint(try plist(usage), file: "u.plist", platform: "macos", deploymentTarget: Version("10.15"), requests: [])
        #expect(mac.findings.isEmpty)
    }

    @Test("key-not-on-platform: the key's complete platform list leaves the platform out")
    func keyNotOnPlatformUnstated() throws {
        // The key's page lists no watchOS (nor tvOS), and its list is complete: the key is not read there.
        // The pre-iOS 11 Always key says the app asks for Always (whatever platform's list names it),
        // and watchOS needs the current pair for that.
        let result = try lint("tvos-app.plist", platform: "watchos")
        #expect(
            rules(result) == [
                "missing-usage-key NSLocationAlwaysAndWhenInUseUsageDescription",
                "key-not-on-platform NSLocationAlwaysUsageDescription",
                "key-not-on-platform NSWidgetWantsLocation",
            ])
        let finding = try #require(result.findings.first { $0.rule == .keyNotOnPlatform })
        #expect(finding.severity == .warning)
        #expect(finding.message.hasPrefix("NSLocationAlwaysUsageDescription does not exist on watchOS"))
        #expect(finding.claims == ["key-always#not-listed"])
        // A key that a request needs on the platform counts as read there (the model has no key-exists
        // claims for watchOS, but the When In Use request needs the key on every platform).
        #expect(!result.findings.contains { $0.key == "NSLocationWhenInUseUsageDescription" })
        // Keys the model does not know are not linted.
        #expect(!result.findings.contains { $0.key == "CFBundleIdentifier" })
        // UIBackgroundModes is a list of modes, not one string.
        let modes = try linter.lint(try plist("<key>UIBackgroundModes</key><string>location</string>"), file: "m.plist", platform: "ios", requests: [])
        #expect(rules(modes) == ["wrong-key-type UIBackgroundModes"])
        #expect(modes.findings[0].message.contains("must be an array, but it is a string"))
        let list = try linter.lint(
            try plist("<key>UIBackgroundModes</key><array><string>location</string></array>"), file: "l.plist", platform: "ios", requests: [])
        #expect(list.findings.isEmpty)
    }

    @Test("key-not-on-platform: the spelling of the explicit-session key that the ruling sets aside is flagged, the other is not")
    func explicitSessionKeySpelling() throws {
        let result = try linter.lint(
            try plist(
                """
                <key>NSLocationRequireExplicitServiceSession</key><true/>
                <key>CLRequireExplicitServiceSession</key><true/>
                """), file: "s.plist", platform: "ios", deploymentTarget: Version("18.0"), requests: [])
        #expect(rules(result) == ["key-not-on-platform CLRequireExplicitServiceSession"])
    }

    @Test("key-not-on-platform: a source says the key is not read there")
    func keyNotOnPlatformDenied() throws {
        let result = try PlistLinter(report: Self.report).lint(
            try plist("<key>NSWidgetWantsLocation</key><true/>"),
            file: "w.plist", platform: "tvos", requests: [])
        #expect(rules(result) == ["key-not-on-platform NSWidgetWantsLocation"])
        #expect(result.findings[0].message.contains("does not exist on tvOS"))
        #expect(result.findings[0].message.contains("the sources say"))
        #expect(result.findings[0].claims == ["key-widget-wants-location#not-on-tvos-watchos"])
    }

    // MARK: Inference

    @Test("requests are inferred from the keys present, and the inference is reported")
    func inference() throws {
        let good = try lint("good-ios.plist")
        #expect(good.inferredRequests == ["when-in-use", "always", "temporary-full-accuracy"])
        #expect(good.requests == good.inferredRequests)
        #expect(good.inferredFrom["always"] == ["NSLocationAlwaysAndWhenInUseUsageDescription"])
        #expect(good.inferredFrom["when-in-use"] == ["NSLocationWhenInUseUsageDescription"])

        // The When In Use key alone means a When In Use request, not an Always request that also needs it.
        let whenInUse = try lint("missing-always.plist")
        #expect(whenInUse.inferredRequests == ["when-in-use"])
        #expect(whenInUse.findings.isEmpty)

        // The pre-iOS 11 Always key still points to an Always request, whose newest keys are then missing.
        let old = try lint("old-always.plist")
        #expect(old.inferredRequests == ["when-in-use", "always"])
        #expect(old.inferredFrom["always"] == ["NSLocationAlwaysUsageDescription"])
        #expect(
            rules(old) == [
                "missing-usage-key NSLocationAlwaysAndWhenInUseUsageDescription",
                "deprecated-key NSLocationAlwaysUsageDescription",
            ])

        // On macOS both requests need only NSLocationUsageDescription: the one asking for less explains it.
        let mac = try lint("macos-app.plist", platform: "macos")
        #expect(mac.inferredRequests == ["when-in-use"])
        #expect(mac.findings.isEmpty)

        let none = try linter.lint(try plist("<key>CFBundleName</key><string>X</string>"), file: "n.plist", platform: "ios")
        #expect(none.inferredRequests == [])
        #expect(LintReportFormatter().human(none).hasPrefix("n.plist: inferred requests: none"))
    }

    // MARK: Usage errors

    @Test("unknown platform and request ids name the id and suggest the nearest")
    func unknownIDs() throws {
        let root = try read("good-ios.plist").root
        #expect(throws: UnknownID(kind: .platform, id: "ioss", suggestions: ["ios"])) {
            try linter.lint(root, file: "x", platform: "ioss")
        }
        do {
            _ = try linter.lint(root, file: "x", platform: "ios", requests: ["always", "whenInUse"])
            Issue.record("an unknown request must throw")
        } catch let error as UnknownID {
            #expect(error.kind == .request)
            #expect(error.description == "unknown request 'whenInUse' (did you mean 'when-in-use'?)")
        }
    }

    // MARK: Reading

    @Test("a binary plist reads like its XML twin and lints the same")
    func binaryPlist() throws {
        let xml = try read("bad-temporary-dictionary.plist")
        #expect(xml.format == .xml)
        let object = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: Self.plists.appendingPathComponent("bad-temporary-dictionary.plist")), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-lint-\(UUID().uuidString).plist")
        try binary.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let document = try PlistReader().read(contentsOf: url.path)
        #expect(document.format == .binary)
        #expect(document.root == xml.root)
        #expect(
            document.root["NSLocationTemporaryUsageDescriptionDictionary"]
                == .dictionary([
                    "TrailRecording": .string(""), "Navigation": .integer(1),
                    "Photos": .string("Trails tags your photos with the place you took them."),
                ]))
        let fromBinary = try linter.lint(document.root, file: "x", platform: "ios")
        let fromXML = try linter.lint(xml.root, file: "x", platform: "ios")
        #expect(fromBinary == fromXML)
        #expect(!fromBinary.findings.isEmpty)
    }

    @Test("unreadable and malformed plists are typed errors, never crashes")
    func malformed() throws {
        let reader = PlistReader()
        #expect(throws: PlistReadError.notFound(path: fixture("no-such.plist"))) { try reader.read(contentsOf: fixture("no-such.plist")) }
        #expect(throws: PlistReadError.isDirectory(path: Self.plists.path)) { try reader.read(contentsOf: Self.plists.path) }
        #expect(throws: PlistReadError.notAPropertyList(path: fixture("not-a-plist.plist"))) { try reader.read(contentsOf: fixture("not-a-plist.plist")) }
        #expect(throws: PlistReadError.malformedXML(path: fixture("truncated-xml.plist"))) { try reader.read(contentsOf: fixture("truncated-xml.plist")) }
        #expect(throws: PlistReadError.rootNotDictionary(path: fixture("root-array.plist"), found: "an array")) {
            try reader.read(contentsOf: fixture("root-array.plist"))
        }
        #expect(throws: PlistReadError.empty(path: "e")) { try reader.read(Data(), path: "e") }
        #expect(throws: PlistReadError.notAPropertyList(path: "s")) { try reader.read(Data("hello".utf8), path: "s") }
        #expect(throws: PlistReadError.notAPropertyList(path: "o")) { try reader.read(Data("{ a = b; }".utf8), path: "o") }

        // Every truncation of a binary plist is an error: a corrupt binary plist once it has the
        // "bplist" magic, not a property list before.
        let xml = try Data(contentsOf: Self.plists.appendingPathComponent("good-ios.plist"))
        let object = try PropertyListSerialization.propertyList(from: xml, format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        for length in 1..<6 {
            #expect(throws: PlistReadError.notAPropertyList(path: "t")) { try reader.read(binary.prefix(length), path: "t") }
        }
        for length in 6..<binary.count {
            do {
                _ = try reader.read(binary.prefix(length), path: "t")
                Issue.record("a binary plist cut at \(length) of \(binary.count) bytes was read")
            } catch let error as PlistReadError {
                guard case .malformedBinary = error else { Issue.record("cut at \(length): \(error)"); continue }
            }
        }
        #expect(try reader.read(binary, path: "t").format == .binary)

        // A set (which Foundation on Linux traps on) is refused before Foundation sees it.
        var set = binary
        set[8] = 0xC0 | (set[8] & 0x0F)
        #expect(throws: PlistReadError.malformedBinary(path: "set", reason: "it contains a set, which an Info.plist never has")) {
            try reader.read(set, path: "set")
        }
        // Corrupt bytes anywhere: an error or a document, never a crash.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var corrupt = binary
            for _ in 0..<3 { corrupt[Int.random(in: 8..<corrupt.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? reader.read(corrupt, path: "c")
        }
    }

    @Test("read errors say what is wrong and name the file")
    func readErrorMessages() {
        #expect(PlistReadError.notFound(path: "Info.plist").description == "cannot read 'Info.plist': no such file")
        #expect(PlistReadError.rootNotDictionary(path: "a.plist", found: "an array").description.contains("must be a dictionary"))
        #expect(PlistReadError.malformedBinary(path: "b.plist", reason: "x").description.hasPrefix("'b.plist' is a truncated or corrupt binary property list"))
    }

    // MARK: Formats

    @Test("human output: the inference line, PLACE: severity: message [rule], a source line, a summary")
    func humanFormat() throws {
        let result = try lint("old-always.plist", target: "12.0")
        let lines = LintReportFormatter().human(result).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "old-always.plist: inferred requests: when-in-use, always (from NSLocationAlwaysUsageDescription, NSLocationWhenInUseUsageDescription)",
                "old-always.plist: error: NSLocationAlwaysAndWhenInUseUsageDescription is missing: the always request (requestAlwaysAuthorization()) needs it on iOS 12.0 and later and fails immediately without it [missing-usage-key]",
                "  source: requesting-authorization#keys-always",
                "old-always.plist: warning: NSLocationAlwaysUsageDescription is deprecated for deployment targets on iOS 11.0 and later (the target is iOS 12.0); use NSLocationAlwaysAndWhenInUseUsageDescription instead [deprecated-key]",
                "  source: key-always#deprecated, key-always#deprecated-metadata-ios",
                "checked old-always.plist for ios 12.0, app, requests: when-in-use, always: 1 error, 1 warning",
                "",
            ])
        let given = try lint("good-ios.plist", requests: ["when-in-use"])
        #expect(
            LintReportFormatter().human(given)
                == "checked good-ios.plist for ios (no deployment target given: checked for the newest versions), app, requests: when-in-use: 0 errors, 0 warnings\n"
        )
        #expect(LintReportFormatter(colour: true).human(result).contains("\u{1B}[31merror:"))
        #expect(!LintReportFormatter().human(result).contains("\u{1B}"))
        // Several inputs end with a total; failures go to standard error in their own lines.
        let run = LintRun(
            results: [result, given], failures: [LintFailure(location: LintLocation(file: "x.plist"), message: "cannot read 'x.plist': no such file")])
        let text = LintReportFormatter().format(run, as: .human)
        #expect(text.hasSuffix("checked 2 Info.plists: 1 error, 1 warning, 1 could not be linted\n"))
        #expect(LintReportFormatter().humanFailures(run) == "x.plist: error: cannot read 'x.plist': no such file\n")
    }

    @Test("JSON output: sorted keys, a result per plist with the inferred requests, findings with place, sources and claims")
    func jsonFormat() throws {
        let result = try lint("old-always.plist", target: "12.0")
        let text = LintReportFormatter().format(LintRun(results: [result], failures: []), as: .json)
        #expect(
            text == LintReportFormatter().format(LintRun(results: [try lint("old-always.plist", target: "12.0")], failures: []), as: .json), "deterministic")
        let run = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(run.keys) == ["results", "failures", "summary"])
        let object = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(
            Set(object.keys) == [
                "file", "target", "platform", "deploymentTarget", "bundle", "requests", "inferredRequests", "inferredFrom", "findings", "summary",
            ])
        #expect(object["file"] as? String == "old-always.plist")
        #expect(object["platform"] as? String == "ios")
        #expect(object["bundle"] as? String == "app")
        #expect(object["deploymentTarget"] as? String == "12.0")
        #expect(object["inferredRequests"] as? [String] == ["when-in-use", "always"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        #expect(Set(findings[0].keys) == ["rule", "severity", "key", "message", "location", "related", "sources", "claims"])
        #expect(findings[0]["rule"] as? String == "missing-usage-key")
        #expect(findings[0]["severity"] as? String == "error")
        #expect(findings[0]["claims"] as? [String] == ["requesting-authorization#keys-always"])
        // Keys are sorted in the text itself.
        let file = try #require(text.range(of: "\"file\""))
        let findingsKey = try #require(text.range(of: "\"findings\""))
        let platform = try #require(text.range(of: "\"platform\""))
        #expect(file.lowerBound < findingsKey.lowerBound && findingsKey.lowerBound < platform.lowerBound)

        let givenText = LintReportFormatter().format(LintRun(results: [try lint("good-ios.plist", requests: ["always"])], failures: []), as: .json)
        let given = try JSONSerialization.jsonObject(with: Data(givenText.utf8)) as? [String: Any]
        let first = (given?["results"] as? [[String: Any]])?.first
        #expect(first?["inferredRequests"] is NSNull)
        #expect(first?["deploymentTarget"] is NSNull)
    }

    @Test("SARIF 2.1.0: schema, version, one run, the driver's rules, results located at the plist, relative to the working folder")
    func sarifFormat() throws {
        let result = try lint("old-always.plist", target: "12.0")
        let text = LintReportFormatter().format(LintRun(results: [result], failures: []), as: .sarif)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "capdoc")
        #expect(driver["version"] as? String == Capdoc.version)
        #expect(driver["informationUri"] == nil, "no address without docsURL: SARIF wants an absolute one")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.allSatisfy { $0["helpUri"] == nil })
        #expect(rules.map { $0["id"] as? String } == LintFinding.Rule.allCases.map(\.rawValue) + [LintReportFormatter.couldNotLintRule])
        #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["missing-usage-key", "deprecated-key"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning"])
        let deprecatedIndex = try #require(LintFinding.Rule.allCases.firstIndex(of: .deprecatedKey))
        #expect(results.map { $0["ruleIndex"] as? Int } == [0, deprecatedIndex])
        for item in results {
            #expect(((item["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((item["locations"] as? [[String: Any]])?.first)
            let uri = ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri == "old-always.plist")
        }
        // A path with a space is a valid URI reference; a path under the working folder is relative to it.
        var spaced = result
        for index in spaced.findings.indices { spaced.findings[index].location.file = "/work/app/My App/Info.plist" }
        let relative = LintReportFormatter(workingDirectory: "/work/app").format(LintRun(results: [spaced], failures: []), as: .sarif)
        #expect(relative.contains("\"uri\": \"My%20App/Info.plist\""))
        let absolute = LintReportFormatter(workingDirectory: "/elsewhere").format(LintRun(results: [spaced], failures: []), as: .sarif)
        #expect(absolute.contains("\"uri\": \"file:///work/app/My%20App/Info.plist\""))
    }
}
