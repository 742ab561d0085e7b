import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Every section 7 page of the shipped content, formatted by mandoc at 60, 80 and 100 columns, fits
/// (`ManWidthRule`; capdoc(1) is held to it in `ToolManualOutputTests`). Needs mandoc.
@Suite("Man pages at 60, 80 and 100 columns")
struct ManPageWidthTests {
    /// The shipped content's man pages: their path in the site, their source, and what mandoc shows
    /// of them; nil without mandoc.
    static let pages: [(path: String, source: String, shown: [String: [Int: String]])]? = {
        guard ManWidthRule.mandoc != nil else { return nil }
        let shipped = FixtureTree.shipped().check(archives: false)
        let builder = Builder(formats: [.man], templates: OutputTests.builder.templates)
        guard let files = try? builder.render(CompiledModel(model: shipped.model, merge: shipped.merge)) else { return nil }
        return files.filter { $0.path.hasPrefix("man/") }.sorted { $0.path < $1.path }.map { file in
            (file.path, String(decoding: file.contents, as: UTF8.self), ManWidthRule.formatted(Array(file.contents)) ?? [:])
        }
    }()

    @Test("mandoc at 60, 80 and 100 columns: no line wider, but a word or a code line that cannot break")
    func fitsEveryWidth() throws {
        let pages = try #require(Self.pages, "mandoc must be installed and the man pages must render")
        #expect(pages.count > 20)
        for page in pages {
            for device in ManWidthRule.devices {
                for width in ManWidthRule.widths {
                    let shown = page.shown[device]?[width] ?? ""
                    #expect(!shown.isEmpty, "\(page.path): mandoc formatted nothing")
                    let wide = ManWidthRule.wideLines(shown, source: page.source, width: width)
                    #expect(wide.isEmpty, "\(page.path) at \(width) (-T \(device)): \(wide.count) lines wider, first: \(wide.first ?? "")")
                    // From 80 columns on, every identifier and code line of the shipped content fits,
                    // and mandoc's ASCII output breaks URLs and claim references: nothing is excused.
                    if device == "ascii" && width >= 80 {
                        let any = ManWidthRule.anyWideLines(shown, width: width)
                        #expect(any.isEmpty, "\(page.path) at \(width): \(any.first ?? "")")
                    }
                }
            }
        }
    }

    @Test("a table is wider at 100 columns than at 60: it expands to the line")
    func tablesExpand() throws {
        let pages = try #require(Self.pages, "mandoc must be installed and the man pages must render")
        let page = try #require(pages.first { $0.source.contains("lbx") }, "a table with a column that expands")
        func tableWidth(_ width: Int) -> Int {
            (page.shown["utf8"]?[width] ?? "").split(separator: "\n").filter { $0.contains("┌") }.map(\.count).max() ?? 0
        }
        #expect(tableWidth(60) <= 60 && tableWidth(100) > 90, "\(page.path): the widest table is \(tableWidth(60)) columns at 60 and \(tableWidth(100)) at 100")
    }

    @Test("the rule excuses an unbreakable word and a code line, never a table")
    func ruleCatchesOverflow() {
        let source = ".nf\n\\f[CR]\\%\n<key>A long code line that is wider than twenty</key>\n\\f[]\n.fi\n"
        #expect(ManWidthRule.wideLines("       NSLocationAlwaysAndWhenInUseUsageDescription", source: "", width: 20).isEmpty)
        #expect(ManWidthRule.wideLines("  <key>A long code line that is wider than twenty</key>", source: source, width: 20).isEmpty)
        #expect(!ManWidthRule.wideLines("       two words wider than twenty columns", source: "", width: 20).isEmpty)
        #expect(!ManWidthRule.wideLines("       │NSLocationAlwaysAndWhenInUseUsageDescription│", source: "", width: 20).isEmpty)
        #expect(!ManWidthRule.wideLines("       |NSLocationAlwaysAndWhenInUseUsageDescription|", source: "", width: 20).isEmpty)
    }
}
