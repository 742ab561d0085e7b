import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Issue 15, item 8: templates are third-party files. Links are refused, sizes are checked before
/// reading, and the layout's section nesting is bounded before swift-mustache parses it.
@Suite("Template limits")
struct TemplateLimitsTests {
    static let shipped = Paths.package.appendingPathComponent("Templates")

    static func folder(layout: String, stylesheet: Data = Data("body {}".utf8)) -> InMemoryFileSystem {
        var fileSystem = InMemoryFileSystem()
        fileSystem.write(layout, to: "T/page.mustache")
        fileSystem.files["T/style.css"] = stylesheet
        return fileSystem
    }

    static func nested(_ levels: Int, open: String = "{{#s}}", close: String = "{{/s}}") -> String {
        String(repeating: open + "\n", count: levels) + "{{{content}}}\n" + String(repeating: close + "\n", count: levels)
    }

    @Test("the shipped templates load")
    func shippedTemplatesLoad() throws {
        _ = try SiteTemplates(folder: Self.shipped.path)
    }

    @Test("sections nested to the limit load; one more is refused at the tag that crosses it, without parsing")
    func nestingLimit() throws {
        _ = try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: Self.nested(MustacheNesting.mostLevels)))
        #expect(throws: SiteTemplates.Failure.nestedTooDeep("T/page.mustache", line: MustacheNesting.mostLevels + 1, column: 1)) {
            try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: Self.nested(MustacheNesting.mostLevels + 1)))
        }
    }

    @Test("sections over the navigation nested until they would evaluate more than the budget are refused at the tag that crosses it")
    func evaluationBudget() throws {
        // 16 items at most in the navigation: 3 levels evaluate 16³ = 4,096 titles, 4 would be 65,536.
        let three = "{{#nav}}{{#nav}}{{#nav}}{{title}}{{/nav}}{{/nav}}{{/nav}}"
        _ = try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: three))
        let four = "{{#nav}}{{#nav}}{{#nav}}{{#nav}}{{title}}{{/nav}}{{/nav}}{{/nav}}{{/nav}}"
        #expect(throws: SiteTemplates.Failure.tooMuchWork("T/page.mustache", line: 1, column: 33)) {
            try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: four))
        }
        // Sections over values that are not lists repeat nothing, however deep.
        _ = try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: Self.nested(MustacheNesting.mostLevels)))
    }

    @Test("the body written more often than the budget, directly or inside a list, is refused where it crosses it")
    func bodyBudget() throws {
        _ = try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: String(repeating: "{{{body}}}", count: MustacheNesting.mostBodies)))
        #expect(throws: SiteTemplates.Failure.bodyTooOften("T/page.mustache", line: 1, column: 41)) {
            try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: String(repeating: "{{{body}}}", count: MustacheNesting.mostBodies + 1)))
        }
        #expect(throws: SiteTemplates.Failure.bodyTooOften("T/page.mustache", line: 1, column: 9)) {
            try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: "{{#nav}}{{& body }}{{/nav}}"))
        }
    }

    @Test(
        "3,000 nested sections (the stack overflow of issue 15), of every kind and behind changed delimiters, are refused quickly",
        arguments: [
            ("{{#s}}", "{{/s}}"), ("{{^s}}", "{{/s}}"), ("{{$s}}", "{{/s}}"), ("{{<s}}", "{{/s}}"),
        ])
    func deepTemplates(_ open: String, _ close: String) {
        for layout in [
            Self.nested(3_000, open: open, close: close),
            "{{=<% %>=}}\n"
                + Self.nested(
                    3_000, open: open.replacingOccurrences(of: "{{", with: "<%").replacingOccurrences(of: "}}", with: "%>"),
                    close: close.replacingOccurrences(of: "{{", with: "<%").replacingOccurrences(of: "}}", with: "%>")),
        ] {
            let (result, measurement) = measure { Result { try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: layout)) } }
            guard case let .failure(error as SiteTemplates.Failure) = result, case .nestedTooDeep = error else {
                Issue.record("not refused as too deep: \(result)")
                continue
            }
            #expect(measurement.seconds < 5)
        }
    }

    @Test("a set-delimiter tag may not choose a delimiter longer than the limit")
    func longDelimiter() {
        let layout = "{{=" + String(repeating: "<", count: 100) + " >=}}\n"
        #expect(throws: SiteTemplates.Failure.delimiterTooLong("T/page.mustache", line: 1, column: 1)) {
            try SiteTemplates(folder: "T", fileSystem: Self.folder(layout: layout))
        }
    }

    @Test("a template file larger than its limit is refused by its size, before it is read")
    func sizeLimits() {
        var fileSystem = Self.folder(layout: "{{{content}}}", stylesheet: Data(count: SiteTemplates.largestAsset + 1))
        #expect(throws: SiteTemplates.Failure.tooLarge("T/style.css", size: SiteTemplates.largestAsset + 1, limit: SiteTemplates.largestAsset)) {
            try SiteTemplates(folder: "T", fileSystem: RecordingFileSystem(fileSystem))
        }
        let recording = RecordingFileSystem(fileSystem)
        _ = try? SiteTemplates(folder: "T", fileSystem: recording)
        #expect(!recording.log.paths.contains("T/style.css"), "the oversized stylesheet was read")
        fileSystem.write(String(repeating: "x", count: SiteTemplates.largestLayout + 1), to: "T/page.mustache")
        #expect(throws: SiteTemplates.Failure.tooLarge("T/page.mustache", size: SiteTemplates.largestLayout + 1, limit: SiteTemplates.largestLayout)) {
            try SiteTemplates(folder: "T", fileSystem: fileSystem)
        }
    }

    @Test("a template that is a symbolic link is refused, and not read", arguments: ["T/page.mustache", "T/style.css", "T/search.js"])
    func links(_ path: String) {
        var fileSystem = Self.folder(layout: "{{{content}}}")
        fileSystem.write("root:x:0:0:root:/root:/bin/bash\n", to: path)
        fileSystem.symbolicLinks.insert(path)
        let recording = RecordingFileSystem(fileSystem)
        #expect(throws: SiteTemplates.Failure.symbolicLink(path)) { try SiteTemplates(folder: "T", fileSystem: recording) }
        #expect(!recording.log.paths.contains(path))
    }

    @Test("the scan finds no sections in tags that are not sections, and follows changed delimiters")
    func scanner() {
        #expect(MustacheNesting.problem(in: String(repeating: "{{content}} {{! {{#x}} }} {{{raw}}}\n", count: 1_000)) == nil)
        #expect(MustacheNesting.problem(in: "{{=<% %>=}}" + String(repeating: "{{#x}}", count: 100)) == nil)
        #expect(
            MustacheNesting.problem(in: "a\nbé {{=<% %>=}}" + String(repeating: "<%#x%>", count: 100))
                == .tooDeep(line: 2, column: 15 + 6 * MustacheNesting.mostLevels))
    }
}
