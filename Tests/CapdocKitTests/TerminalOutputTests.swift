import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Control characters in what capdoc shows (issue #15, item 9): `DisplayText` escapes them, every
/// human-readable output goes through it, the JSON writers escape them as JSON, Content refuses them
/// (`control-character`, also in the check fixtures and the corpus), and no HTML page carries one.
/// The on-disk side (the real commands, closed and broken streams) is Tests/robustness/terminal-output.sh.
@Suite("Terminal output")
struct TerminalOutputTests {
    /// One of each kind of scalar that must not reach a reader raw.
    static let hostile = "a\u{1B}]0;title\u{7}b\u{1B}[2Jc\u{0}d\re\u{7F}f\u{9B}g\u{202E}h\u{2066}i\u{2069}j\nk\tl"

    /// True when the text holds a scalar `DisplayText` escapes, other than those `allowed`.
    static func holdsUnsafe(_ text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> Bool {
        text.unicodeScalars.contains { DisplayText.isUnsafe($0) && !allowed.contains($0) }
    }

    @Test("line escapes every control, bidi override and isolate, newline and tab included; other text is kept")
    func line() {
        #expect(
            DisplayText.line(Self.hostile)
                == "a\\u{1B}]0;title\\u{7}b\\u{1B}[2Jc\\u{0}d\\u{D}e\\u{7F}f\\u{9B}g\\u{202E}h\\u{2066}i\\u{2069}j\\u{A}k\\u{9}l")
        let ordinary = "Précis — 位置 👍🏽 \u{200E}RLM-free"
        #expect(DisplayText.line(ordinary) == ordinary)
    }

    @Test("lines keeps newlines and tabs; html keeps carriage returns too")
    func lines() {
        #expect(DisplayText.lines("a\nb\tc\u{1B}d\re") == "a\nb\tc\\u{1B}d\\u{D}e")
        #expect(DisplayText.html("a\nb\tc\u{1B}d\re\u{0}") == "a\nb\tc\\u{1B}d\re\\u{0}")
    }

    @Test("linesKeepingStyles keeps colour and bold (SGR) and escapes every other escape sequence")
    func styles() {
        let styled = "\u{1B}[1mbold\u{1B}[0m \u{1B}[31;1mred\u{1B}[0m"
        #expect(DisplayText.linesKeepingStyles(styled) == styled)
        #expect(DisplayText.linesKeepingStyles("\u{1B}]0;x\u{7} \u{1B}[2J \u{1B}[H \u{1B}") == "\\u{1B}]0;x\\u{7} \\u{1B}[2J \\u{1B}[H \\u{1B}")
    }

    @Test("diagnostics show paths, messages and excerpt lines escaped, the caret under the column")
    func diagnostics() {
        let path = "Content/sources/e\u{1B}]0;x\u{7}.yaml"
        var files = InMemoryFileSystem()
        files.files[path] = Data("title: \"\u{202E}\u{1B}[2J\"\n".utf8)
        let diagnostic = Diagnostic(
            .error, "bad '\u{1B}[2J\nforged: error: line'", at: SourceLocation(path: path, line: 1, column: 11),
            check: ControlCharacterCheck.id)
        for colour in [false, true] {
            let text = DiagnosticRenderer(fileSystem: files, colour: colour).human([diagnostic])
            let shown = colour ? text.replacingOccurrences(of: "\u{1B}[", with: "[") : text
            #expect(!Self.holdsUnsafe(shown), "colour: \(colour)")
            #expect(text.split(separator: "\n").count == 3, "one headline, the excerpt, the caret")
        }
        let lines = DiagnosticRenderer(fileSystem: files).human([diagnostic]).split(separator: "\n").map(String.init)
        #expect(lines[0] == "Content/sources/e\\u{1B}]0;x\\u{7}.yaml:1:11: error: bad '\\u{1B}[2J\\u{A}forged: error: line' [control-character]")
        #expect(lines[1] == "  title: \"\\u{202E}\\u{1B}[2J\"")
        // Column 11 is the `[` after ESC: the caret stands under it, past both escapes.
        #expect(lines[2] == "  " + String(repeating: " ", count: 8 + 8 + 6) + "^")
        let json = DiagnosticRenderer.json([diagnostic], summary: [:])
        #expect(!Self.holdsUnsafe(json))
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let first = (decoded?["diagnostics"] as? [[String: Any]])?.first
        #expect((first?["location"] as? [String: Any])?["file"] as? String == path, "the JSON holds the same text, escaped as JSON")
    }

    @Test("the JSON writer escapes DEL, C1 controls and bidi overrides as \\u, the same string")
    func json() throws {
        let text = JSONValue.string(Self.hostile).serialized()
        #expect(!Self.holdsUnsafe(text))
        #expect(text.contains("\\u009b") && text.contains("\\u202e") && text.contains("\\u2066") && text.contains("\\u007f"))
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? String
        #expect(decoded == Self.hostile)
    }

    @Test("lint-plist's human report shows plist keys, strings and file names escaped, each value on its line")
    func lintReport() throws {
        let report = FixtureTree.shipped().check(archives: false)
        let key = "Purpose\u{1B}[2J\n::add-mask::secret\u{202E}"
        let plist: [String: PlistValue] = [
            "NSLocationTemporaryUsageDescriptionDictionary": .dictionary([key: .string("")]),
            "NSLocationWhenInUseUsageDescriptio\u{1B}": .string("We use it."),
        ]
        let result = try PlistLinter(report: report).lint(plist, file: "App\u{1B}]0;x\u{7}.plist", platform: "ios")
        #expect(result.findings.contains { $0.message.contains(key) }, "the finding quotes the key")
        let run = LintRun(
            results: [result], failures: [LintFailure(location: LintLocation(file: "gone\u{1B}[2J.plist"), message: "cannot read 'gone\u{1B}[2J.plist'")])
        for colour in [false, true] {
            let formatter = LintReportFormatter(colour: colour)
            let text = formatter.format(run, as: .human) + formatter.humanFailures(run)
            let shown = colour ? text.replacingOccurrences(of: "\u{1B}[", with: "[") : text
            #expect(!Self.holdsUnsafe(shown), "colour: \(colour)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") }, "no value starts a line (a GitHub workflow command)")
        }
        for format in [LintFormat.json, .sarif] {
            #expect(!Self.holdsUnsafe(LintReportFormatter().format(run, as: format)), "\(format)")
        }
    }

    @Test("Content with control characters is refused at each value, keys included")
    func contentRefused() {
        var tree = FixtureTree.base()
        tree.fileSystem.files[FixtureTree.root + "/sources/evil.yaml"] = Data(
            """
            title: "Evil\\e]0;pwned\\a"
            url: "https://example.com/\\x9b"
            kind: article
            summary: "fine\\ttabs\\nand newlines"
            "claims\\0": []
            """.utf8)
        let report = tree.check()
        let found = report.diagnostics.filter { $0.checkID == ControlCharacterCheck.id }.map(\.headline)
        #expect(
            found == [
                "Content/sources/evil.yaml:1:8: error [control-character]",
                "Content/sources/evil.yaml:2:6: error [control-character]",
                "Content/sources/evil.yaml:5:1: error [control-character]",
            ])
        #expect(report.diagnostics.first { $0.checkID == ControlCharacterCheck.id }?.message.contains("U+001B, U+0007") == true)
    }

    @Test("no HTML page holds a C0 control but tab, LF and CR, or DEL, even from a template that has them")
    func htmlPages() throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("capdoc-dirty-templates-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let shipped = Paths.package.appendingPathComponent("Templates")
        for name in try manager.contentsOfDirectory(atPath: shipped.path) {
            try manager.copyItem(at: shipped.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let layout = folder.appendingPathComponent(SiteTemplates.layoutFile)
        var text = try Data(contentsOf: layout)
        text.append(Data("\u{1B}]0;x\u{7}\u{0}<!-- \u{1B}[2J \u{7F} -->\n".utf8))
        try text.write(to: layout)
        let report = FixtureTree.base().check()
        let compiled = CompiledModel(model: report.model, merge: report.merge)
        for templates in [shipped.path, folder.path] {
            let pages = try Builder(formats: [.html], templates: templates).render(compiled).filter { $0.path.hasSuffix(".html") }
            #expect(pages.count > 10)
            for page in pages {
                let controls = page.contents.filter { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
                #expect(controls.isEmpty, "\(page.path): \(controls.count) control bytes")
            }
        }
    }
}
