import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The man pages are formatted where they are read, at the reader's width (`MANWIDTH`, `mandoc -O
/// width=`), so their tables expand to the line instead of being laid out at 80 columns: every man page
/// of the shipped content, capdoc(1) included, formatted by mandoc at 60, 80 and 100 columns, fits.
/// Needs mandoc. (`Tests/site/validate.sh` holds man, which is groff, to the same rule.)
@Suite("Man pages at 60, 80 and 100 columns")
struct ManPageWidthTests {
    static let widths = [60, 80, 100]

    /// The shipped content's man pages: their path in the site, their source, and what mandoc shows
    /// of them per device and width (`shown["utf8"]![60]`); nil without mandoc.
    static let pages: [(path: String, source: String, shown: [String: [Int: String]])]? = {
        guard let mandoc = ManPageTests.which("mandoc") else { return nil }
        let shipped = FixtureTree.shipped().check(archives: false)
        let builder = Builder(formats: [.man], templates: OutputTests.builder.templates)
        guard let files = try? builder.render(CompiledModel(model: shipped.model, merge: shipped.merge)) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-man-widths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return files.filter { $0.path.hasPrefix("man/") }.sorted { $0.path < $1.path }.map { file in
            let url = folder.appendingPathComponent(file.path.replacingOccurrences(of: "/", with: "-"))
            try? file.contents.write(to: url)
            var shown: [String: [Int: String]] = [:]
            for device in devices {
                for width in widths { shown[device, default: [:]][width] = format(url.path, mandoc: mandoc, device: device, width: width) }
            }
            return (file.path, String(decoding: file.contents, as: UTF8.self), shown)
        }
    }()

    /// mandoc's two terminal outputs: ASCII, and UTF-8 (the one macOS's man uses).
    static let devices = ["ascii", "utf8"]

    /// `mandoc -T DEVICE -O width=WIDTH PAGE`.
    static func format(_ path: String, mandoc: String, device: String, width: Int) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mandoc)
        process.arguments = ["-T", device, "-O", "width=\(width)", path]
        process.environment = ["LC_ALL": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return withoutOverstrikes(String(decoding: data, as: UTF8.self))
    }

    /// The text a terminal shows: mandoc writes bold and underline as a character, a backspace and
    /// the character again (or '_'), which takes one column.
    static func withoutOverstrikes(_ text: String) -> String {
        var shown = ""
        for character in text {
            if character == "\u{08}" { if !shown.isEmpty { shown.removeLast() } } else { shown.append(character) }
        }
        return shown
    }

    /// The lines of a formatted page wider than `width`, but for those no formatter can break:
    /// - one word alone on its line, longer than the line: an identifier longer than a narrow
    ///   terminal, and under `-T utf8` a URL or a claim reference, since mandoc's UTF-8 output never
    ///   breaks at the break points (`\:`) their slashes and '#' carry;
    /// - a line of a code block (`.nf`), which keeps its lines as written.
    /// A line of a table (it has a border) is never excused: tables expand to the line, and wrap.
    static func wideLines(_ shown: String, source: String, width: Int) -> [String] {
        let code = codeLines(source)
        return shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            guard line.count > width else { return false }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.contains(where: { "│┌├└".contains($0) }) || text.first == "|" || text.first == "+" { return true }
            return text.split(separator: " ").count != 1 && !code.contains(text)
        }
    }

    /// The lines of the page's code blocks (between `.nf` and `.fi`), as shown: escapes removed.
    static func codeLines(_ source: String) -> Set<String> {
        var lines: Set<String> = []
        var inCode = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == ".nf" { inCode = true; continue }
            if line == ".fi" { inCode = false; continue }
            guard inCode else { continue }
            var text = String(line).replacingOccurrences(of: #"\\f\[[A-Z]*\]"#, with: "", options: .regularExpression)
            for escape in ["\\%", "\\&"] { text = text.replacingOccurrences(of: escape, with: "") }
            text = text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            lines.insert(text.trimmingCharacters(in: .whitespaces))
        }
        return lines
    }

    @Test("mandoc at 60, 80 and 100 columns: no line wider, but a word or a code line that cannot break")
    func fitsEveryWidth() throws {
        let pages = try #require(Self.pages, "mandoc must be installed and the man pages must render")
        #expect(pages.count > 20)
        for page in pages {
            for device in Self.devices {
                for width in Self.widths {
                    let shown = page.shown[device]?[width] ?? ""
                    #expect(!shown.isEmpty, "\(page.path): mandoc formatted nothing")
                    let wide = Self.wideLines(shown, source: page.source, width: width)
                    #expect(wide.isEmpty, "\(page.path) at \(width) (-T \(device)): \(wide.count) lines wider, first: \(wide.first ?? "")")
                    // From 80 columns on, every identifier and code line of the shipped content fits,
                    // and mandoc's ASCII output breaks URLs and claim references: nothing is excused.
                    if device == "ascii" && width >= 80 {
                        let any: [String] = shown.split(separator: "\n").map(String.init).filter { $0.count > width }
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
        #expect(Self.wideLines("       NSLocationAlwaysAndWhenInUseUsageDescription", source: "", width: 20).isEmpty)
        #expect(Self.wideLines("  <key>A long code line that is wider than twenty</key>", source: source, width: 20).isEmpty)
        #expect(!Self.wideLines("       two words wider than twenty columns", source: "", width: 20).isEmpty)
        #expect(!Self.wideLines("       │NSLocationAlwaysAndWhenInUseUsageDescription│", source: "", width: 20).isEmpty)
        #expect(!Self.wideLines("       |NSLocationAlwaysAndWhenInUseUsageDescription|", source: "", width: 20).isEmpty)
    }
}
