import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The readers behind lint-plist's positions: localized strings files and string catalogs, and the
/// line of each key of an XML plist.
@Suite("Localized strings and key lines")
struct LocalizedInfoPlistTests {
    static let folder = Paths.fixtures.appendingPathComponent("lint")

    func parse(_ text: String) throws(LocalizedStringsError) -> [String: LocalizedInfoPlist.Entry] {
        var parser = StringsFileParser(text: text, path: "x.strings")
        return try parser.parse()
    }

    @Test("a strings file: quoted and bare keys, comments, escapes, the line of each key")
    func stringsFile() throws {
        let entries = try parse(
            """
            /* Location */
            "NSLocationWhenInUseUsageDescription" = "Shows \\"trails\\"\\nnear you \\U00e9";
            // a line comment
            NSLocationUsageDescription = bare_word;
            "KeyOnly";
            """)
        #expect(entries["NSLocationWhenInUseUsageDescription"] == .init(value: "Shows \"trails\"\nnear you é", line: 2))
        #expect(entries["NSLocationUsageDescription"] == .init(value: "bare_word", line: 4))
        #expect(entries["KeyOnly"]?.value == "KeyOnly")
    }

    @Test("a broken strings file is an error at its line and column")
    func brokenStrings() {
        for (text, line, column, reason) in [
            ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, 1, "expected ';' after the entry for 'a'"),
            ("\"a\" = \"b;\n", 1, 7, "a string that is never closed"),
            ("/* open", 1, 1, "a comment that is never closed"),
            ("\"a\" = ;", 1, 7, "expected a quoted string, found ';'"),
        ] {
            #expect(throws: LocalizedStringsError(path: "x.strings", line: line, column: column, reason: reason), "\(text)") {
                _ = try parse(text)
            }
        }
    }

    @Test("UTF-16 strings files with a byte order mark are read")
    func utf16() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-strings-\(UUID().uuidString)/de.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.appendingPathComponent("InfoPlist.strings")
        try #require("\"NSLocationWhenInUseUsageDescription\" = \"Karte\";\n".data(using: .utf16)).write(to: file)
        let localized = try LocalizedInfoPlistReader.read(stringsAt: file.path)
        #expect(localized.language == "de")
        #expect(localized.entries["NSLocationWhenInUseUsageDescription"] == .init(value: "Karte", line: 1))
    }

    @Test("a string catalog: one localization per language, the key's line, a blank variation wins")
    func catalog() throws {
        let plist = Self.folder.appendingPathComponent("catalog/Info.plist").path
        let found = LocalizedInfoPlistReader.find(besideInfoPlist: plist)
        #expect(found.map { URL(fileURLWithPath: $0).lastPathComponent } == ["InfoPlist.xcstrings"])
        let languages = try LocalizedInfoPlistReader.read(catalogAt: found[0])
        #expect(languages.map(\.language) == ["de", "fr"])
        #expect(languages[0].entries["NSLocationWhenInUseUsageDescription"] == .init(value: "Trails zeigt deinen Standort auf der Karte.", line: 14))
        #expect(languages[1].entries["NSLocationWhenInUseUsageDescription"]?.value == "\u{200B}")
        #expect(languages[1].entries["CFBundleDisplayName"]?.value == "Sentiers")
    }

    @Test("lint-plist reports the blank variation of the catalog at the key's line")
    func catalogFinding() throws {
        let report = FixtureTree.shipped().check(archives: false)
        let inputs = LintInputReader(vocabulary: report.model.vocabulary)
        let subject = try inputs.subject(plistAt: Self.folder.appendingPathComponent("catalog/Info.plist").path, options: LintOptions(platform: "ios")).get()
        let result = try PlistLinter(report: report).lint(subject)
        #expect(result.findings.map(\.rule) == [.emptyUsageKey])
        #expect(result.findings[0].message.hasPrefix("the fr localization of NSLocationWhenInUseUsageDescription shows nothing"))
        #expect(result.findings[0].location.line == 14)
    }

    @Test("XML key lines: top-level keys only, past comments, CDATA and nested dictionaries; entities unescaped")
    func keyLines() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<!-- <key>Commented</key> -->
            \t<key>NSAppClip</key>
            \t<dict>
            \t\t<key>Nested</key>
            \t\t<true/>
            \t</dict>
            \t<key>A&amp;B</key><string><![CDATA[<key>InCData</key>]]></string>
            \t<key>Empty</key><array/>
            \t<key>Last</key>
            \t<string>x</string>
            </dict>
            </plist>
            """
        #expect(PlistKeyLines.lines(inXML: Data(xml.utf8)) == ["NSAppClip": 6, "A&B": 11, "Empty": 12, "Last": 13])
    }
}
