import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// A second domain (`Fixtures/second-domain`, Photos library authorization written for the test, with
/// neither relaunches nor a flow) compiles from Content alone: the program holds no word of the
/// domain it ships with, and no concept the second domain has not declared.
@Suite("A second domain")
struct SecondDomainTests {
    static func tree() -> FixtureTree {
        var tree = FixtureTree()
        tree.copy(Paths.fixtures.appendingPathComponent("second-domain"), to: FixtureTree.root)
        return tree
    }

    static func files() throws -> [OutputFile] {
        let report = tree().check(archives: false)
        return try OutputTests.builder.render(CompiledModel(model: report.model, merge: report.merge))
    }

    @Test("it checks clean: no error and no warning (no relaunch cell is left undecided)")
    func checksClean() {
        let report = Self.tree().check(archives: false)
        #expect(report.diagnostics.map(\.headline) == [])
        #expect(report.model.vocabulary.domain.name == "Photos library authorization")
    }

    @Test("no output file of any format speaks of location")
    func noLocationWords() throws {
        let files = try Self.files()
        #expect(files.contains { $0.path == "capdoc.json" } && files.contains { $0.path == "index.html" })
        #expect(files.contains { $0.path.hasPrefix("markdown/") } && files.contains { $0.path == "man/man7/capdoc-photos-authorization.7" })
        for file in files {
            let text = String(decoding: file.contents, as: UTF8.self).lowercased()
            #expect(!text.contains("location"), "\(file.path)")
        }
    }

    /// The Photos fixture, its words turned into another vendor's: what no output may then say.
    static func otherVendorFiles() throws -> [OutputFile] {
        var tree = tree()
        let words = """
            name: Media permissions
            full-name: Example media permissions
            man-page: media-permissions
            services: Media features
            purpose: why the app reads media
            usage-example: Why your app reads media
            usage-hint: what your app does with the media
            status-api: checkSelfPermission
            vendor: Example
            key: manifest permission
            keys: manifest permissions
            callback: the permission callback
            deployment-target: minimum API level
            key-file: AndroidManifest.xml
            key-snippet: <uses-permission android:name="android.permission.{key}"/>
            summary: Which media features each platform offers, every value citing its source.
            relaunch: false
            flow: false

            """
        tree.write(words, to: "domain.yaml")
        let report = tree.check(archives: false)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.headline))")
        return try OutputTests.builder.render(CompiledModel(model: report.model, merge: report.merge))
    }

    @Test("a domain of another vendor: no page, dataset or man page says Apple, Info.plist or the delegate")
    func noAppleWords() throws {
        let files = try Self.otherVendorFiles()
        for file in files where !file.path.hasSuffix(".js") {
            // `delegateNotified` is a property of the dataset's schema: a name of its API, not prose.
            let text = String(decoding: file.contents, as: UTF8.self).replacingOccurrences(of: "delegateNotified", with: "")
            for word in ["Apple", "Info.plist", "delegate", "deployment target"] {
                #expect(!text.contains(word), "\(file.path) says \(word)")
            }
        }
        let about = try #require(files.first { $0.path == "about.html" })
        #expect(String(decoding: about.contents, as: UTF8.self).contains("manifest permissions"))
        // The request pages' snippet is the domain's, in the domain's file.
        let request = String(decoding: try #require(files.first { $0.path == "markdown/requests/add-only.md" }).contents, as: UTF8.self)
        #expect(request.contains("What to add to the app's AndroidManifest.xml"), "\(request)")
        #expect(request.contains(#"<uses-permission android:name="android.permission.NSPhotoLibraryAddUsageDescription"/>"#), "\(request)")
    }

    @Test("a concept no claim states has no section or column: reduced accuracy, opt-out key, background mode")
    func noUnstatedConcepts() throws {
        let files = try Self.files()
        let services = files.filter { $0.path.hasPrefix("services/") && $0.path.hasSuffix(".html") }
        #expect(!services.isEmpty)
        for file in services {
            let text = String(decoding: file.contents, as: UTF8.self)
            for words in ["Reduced accuracy", "Opt-out key", "Background mode required", "Delivers in the background", "Explicit request required"] {
                #expect(!text.contains(words), "\(file.path) says \(words)")
            }
        }
    }

    @Test("key-style constant: ACCESS_FINE_LOCATION is a key id; plist refuses it, and an unknown style is an error")
    func constantKeyStyle() throws {
        var tree = Self.tree()
        let keys =
            tree.text("keys.yaml") + """
                - id: ACCESS_FINE_LOCATION
                  name: ACCESS_FINE_LOCATION
                  type: string
                  summary: A manifest permission.

                """
        tree.write(keys, to: "keys.yaml")
        let line = keys.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasSuffix("id: ACCESS_FINE_LOCATION") }! + 1
        #expect(tree.check(archives: false).diagnostics.map(\.headline) == ["Content/keys.yaml:\(line):7: error [unsafe-id]"])
        tree.write(tree.text("domain.yaml") + "key-style: constant\n", to: "domain.yaml")
        let report = tree.check(archives: false)
        #expect(report.diagnostics.map(\.headline) == [])
        #expect(report.model.vocabulary.contains(.key, "ACCESS_FINE_LOCATION"))
        tree.write(tree.text("domain.yaml").replacingOccurrences(of: "key-style: constant", with: "key-style: dotted"), to: "domain.yaml")
        #expect(tree.check(archives: false).diagnostics.contains { $0.message.hasPrefix("key-style 'dotted' is not one of plist, constant") })
    }

    @Test("camera and microphone, from Apple's pages: it checks clean and no output speaks of location")
    func cameraDomain() throws {
        var tree = FixtureTree()
        tree.copy(Paths.fixtures.appendingPathComponent("camera-domain"), to: FixtureTree.root)
        let report = tree.check(archives: false)
        #expect(report.diagnostics.map(\.headline) == [])
        let files = try OutputTests.builder.render(CompiledModel(model: report.model, merge: report.merge))
        #expect(files.contains { $0.path == "man/man7/capdoc-capture-authorization.7" })
        for file in files {
            let text = String(decoding: file.contents, as: UTF8.self).lowercased()
            #expect(!text.contains("location"), "\(file.path)")
        }
        let request = String(decoding: try #require(files.first { $0.path == "markdown/requests/camera.md" }).contents, as: UTF8.self)
        #expect(request.contains("<key>NSCameraUsageDescription</key>\n<string>Why your app captures media</string>"), "\(request)")
    }

    @Test("the matrix page's permalink example is a row and a cell of this Content, and both anchors exist")
    func matrixPermalinkExample() throws {
        let matrix = String(decoding: try #require(try Self.files().first { $0.path == "matrix.html" }).contents, as: UTF8.self)
        #expect(matrix.contains("<code>matrix.html#read-write-save-assets</code> for a row, <code>matrix.html#read-write-save-assets-ios</code>"))
        #expect(matrix.contains(#"id="read-write-save-assets""#) && matrix.contains(#"id="read-write-save-assets-ios""#))
    }

    @Test("a key snippet needs its file and a place for the key, each an error at the snippet")
    func keySnippetErrors() {
        var tree = Self.tree()
        let domain = tree.text("domain.yaml").replacingOccurrences(of: "key-file: Info.plist\n", with: "")
        tree.write(domain.replacingOccurrences(of: "<key>{key}</key>", with: "<key>KEY</key>"), to: "domain.yaml")
        let line = domain.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("key-snippet:") }! + 1
        #expect(
            tree.check(archives: false).diagnostics.map(\.headline) == [
                "Content/domain.yaml:\(line):14: error [missing-field]", "Content/domain.yaml:\(line):14: error [wrong-type]",
            ])
    }

    @Test("no relaunch column, table or heading, and no flow page, where the domain has neither")
    func noUndeclaredConcepts() throws {
        let files = try Self.files()
        #expect(!files.contains { $0.path.hasPrefix("flow") || $0.path.contains("authorization-flow") })
        // The checks page lists only the checks of the domain's concepts: no relaunch or flow check.
        for file in files where !file.path.hasSuffix(".js") {
            let text = String(decoding: file.contents, as: UTF8.self)
            #expect(!text.contains("Relaunch") && !text.contains("relaunches a terminated"), "\(file.path)")
            #expect(!text.contains("relaunch-not-on-platform") && !text.contains("unreachable-state"), "\(file.path)")
        }
    }

    @Test("the dataset validates against the generated schema (python3 jsonschema, Draft 2020-12)")
    func datasetValidates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-second-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in try Self.files() where file.path.hasPrefix("capdoc.") {
            try file.contents.write(to: folder.appendingPathComponent(file.path))
        }
        let (status, text) = try SchemaValidation.validate(folder: folder)
        #expect(status == 0, "\(text)")
    }

    @Test("a relaunch claim in a domain without relaunches is an error at the claim")
    func undeclaredRelaunch() {
        var tree = Self.tree()
        tree.write(
            tree.text("sources/photos-guide.yaml") + """
                  - id: relaunch
                    fact: launches-terminated-app
                    subject: all
                    levels: all
                    value: false
                    quote: Saving never relaunches an app.

                """, to: "sources/photos-guide.yaml")
        let headlines = tree.check(archives: false).diagnostics.map(\.headline)
        #expect(headlines.count == 1)
        #expect(headlines.first?.hasSuffix("error [unknown-id]") == true)
        #expect(headlines.first?.hasPrefix("Content/sources/photos-guide.yaml:") == true)
    }

    @Test("the lint rules about one key use the keys its keys.yaml marks, and no key of the shipped domain")
    func lintRulesFromContent() throws {
        var tree = Self.tree()
        tree.write(
            tree.text("keys.yaml") + """
                - id: PHLibraryOptions
                  name: PHLibraryOptions
                  type: dictionary
                  values: usage-strings
                  summary: Usage strings keyed by purpose.
                - id: PHAddOnlyConfirmation
                  name: PHAddOnlyConfirmation
                  type: boolean
                  inside: PHLibraryOptions
                  summary: Read only inside PHLibraryOptions.

                """, to: "keys.yaml")
        let report = tree.check(archives: false)
        let linter = PlistLinter(report: report)
        let plist: [String: PlistValue] = [
            "PHLibraryOptions": .dictionary(["Sharing": .string(" ")]),
            "PHAddOnlyConfirmation": .boolean(true),
            "NSAppClipRequestLocationConfirmation": .boolean(true),
            "NSLocationTemporaryUsageDescriptionDictionary": .string("x"),
            "UIBackgroundModes": .array([.string("location")]),
        ]
        let result = try linter.lint(plist, file: "Info.plist", platform: "ios", requests: [])
        let rules = result.findings.map { "\($0.rule.rawValue) \($0.key)" }
        #expect(rules.contains("invalid-temporary-dictionary PHLibraryOptions"), "\(rules)")
        #expect(rules.contains("misplaced-key PHAddOnlyConfirmation"), "\(rules)")
        #expect(
            result.findings.first { $0.rule == .misplacedKey }?.message
                == "PHAddOnlyConfirmation is at the top level of the Info.plist; the system reads it only inside the PHLibraryOptions dictionary")
        #expect(!result.findings.contains { $0.key.hasPrefix("NS") || $0.key.hasPrefix("UI") }, "\(rules)")
        let inferred = try linter.lint(["UIBackgroundModes": .array([.string("location")])], file: "Info.plist", platform: "ios")
        #expect(inferred.inferredFrom.isEmpty)
    }

    @Test("a background mode implies the request keys.yaml names for it, and only that one")
    func backgroundModeImpliesContentsRequest() throws {
        var tree = Self.tree()
        let keys = tree.text("keys.yaml")
        tree.write(
            keys + """
                - id: PHBackgroundModes
                  name: PHBackgroundModes
                  type: array
                  background-mode: library-sync
                  background-request: add-only
                  summary: The background work the app does.

                """, to: "keys.yaml")
        let report = tree.check(archives: false)
        #expect(report.diagnostics.map(\.headline) == [])
        let result = try PlistLinter(report: report).lint(["PHBackgroundModes": .array([.string("library-sync")])], file: "Info.plist", platform: "ios")
        #expect(result.inferredFrom == ["add-only": ["PHBackgroundModes: library-sync"]])

        tree.write(
            keys + "- id: PHBackgroundModes\n  name: PHBackgroundModes\n  type: array\n  background-mode: library-sync\n  summary: S.\n", to: "keys.yaml")
        #expect(tree.check(archives: false).diagnostics.map(\.message) == ["key is missing the required field 'background-request'"])
        tree.write(
            keys
                + "- id: PHBackgroundModes\n  name: PHBackgroundModes\n  type: array\n  background-mode: library-sync\n  background-request: add-onyl\n  summary: S.\n",
            to: "keys.yaml")
        #expect(
            tree.check(archives: false).diagnostics.map(\.message).first?.hasPrefix("unknown request 'add-onyl' for the background mode of 'PHBackgroundModes'")
                == true)
    }

    @Test("a malformed lint mark in keys.yaml is an error at the mark")
    func malformedLintMarks() {
        var tree = Self.tree()
        tree.write(
            tree.text("keys.yaml") + """
                - id: PHLibraryOptions
                  name: PHLibraryOptions
                  type: dictionary
                  values: strings
                  summary: Usage strings keyed by purpose.
                - id: PHWidgetWantsPhotos
                  name: PHWidgetWantsPhotos
                  type: string
                  widget-opt-in: widget-photos
                  background-mode: photos
                  summary: A widget's opt-in.

                """, to: "keys.yaml")
        let lines = tree.text("keys.yaml").split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ prefix: String) -> Int { lines.firstIndex { $0.hasPrefix(prefix) }! + 1 }
        let diagnostics = tree.check(archives: false).diagnostics
        #expect(
            diagnostics.map(\.headline) == [
                "Content/keys.yaml:\(line("  values:")):11: error [wrong-type]",
                "Content/keys.yaml:\(line("  widget-opt-in:")):18: error [wrong-type]",
                "Content/keys.yaml:\(line("  background-mode:")):20: error [wrong-type]",
            ])
        #expect(
            diagnostics.map(\.message) == [
                "key values 'strings' is not one of usage-strings",
                "'widget-opt-in' marks a boolean key, but PHWidgetWantsPhotos is a string",
                "'background-mode' marks an array key, but PHWidgetWantsPhotos is a string",
            ])
    }
}
