import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// What a reader of the man pages sees: every page of the shipped content formatted by `man` at 80
/// columns, as `capdoc explain` shows it on a terminal. Needs man-db (and groff); without `man` the
/// tests record nothing.
@Suite("Man pages at 80 columns", .serialized)
struct ManPageTests {
    static let width = 80

    /// The shipped content's man pages, written to a folder: (path in the site, source, what man shows).
    static let pages: [(path: String, source: String, shown: String)]? = {
        guard let man = which("man") else { return nil }
        let shipped = FixtureTree.shipped().check(archives: false)
        let builder = Builder(formats: [.man], templates: OutputTests.builder.templates)
        guard let files = try? builder.render(CompiledModel(model: shipped.model, merge: shipped.merge)) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-man-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return files.filter { $0.path.hasPrefix("man/") }.sorted { $0.path < $1.path }.map { file in
            let url = folder.appendingPathComponent(file.path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? file.contents.write(to: url)
            return (file.path, String(decoding: file.contents, as: UTF8.self), format(url.path, man: man))
        }
    }()

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `MANWIDTH=80 man -l PAGE`, piped (so without fonts), in UTF-8 (so a hyphenation break shows as U+2010).
    static func format(_ path: String, man: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: man)
        process.arguments = ["-l", path]
        var environment = ProcessInfo.processInfo.environment
        environment["MANWIDTH"] = String(width)
        environment["MANPAGER"] = "cat"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["MAN_KEEP_FORMATTING"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The words of a page's roff source that are identifiers: API names, Info.plist keys, ids and
    /// claim ids. Text lines only (requests and tbl's format lines are not text), escapes removed,
    /// citation numbers ("[12]", which may wrap between them) and edge punctuation dropped.
    static func identifiers(inSource source: String) -> Set<String> {
        var result: Set<String> = []
        var inTableFormat = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == ".TS" { inTableFormat = true; continue }
            if inTableFormat { if line.hasSuffix(".") { inTableFormat = false }; continue }
            if line.hasPrefix(".") || line.hasPrefix("'") || line == "T{" || line.hasPrefix("T}") { continue }
            var text = String(line)
            text = text.replacingOccurrences(of: #"\\f\[[A-Z]*\]"#, with: "", options: .regularExpression)
            text = text.replacingOccurrences(of: #"\\\[[a-z]+\]"#, with: " ", options: .regularExpression)
            text = text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            for escape in ["\\%", "\\&", "\\:", "\\|", "\\^"] { text = text.replacingOccurrences(of: escape, with: "") }
            text = text.replacingOccurrences(of: #"\[[0-9]+\]"#, with: " ", options: .regularExpression)
            // A claim reference `source#claim` may break after '#': each of its ids must stay whole.
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "#" }) {
                let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: ".,;“”\"'’"))
                // A URL may break at its slashes (it is longer than a line); its path is no identifier.
                if trimmed.contains("://") { continue }
                if isIdentifier(trimmed) { result.insert(trimmed) }
            }
        }
        return result
    }

    /// A camel-case join (`WhenInUse`), or the punctuation of API names (`_:`, `()`),
    /// or a kebab-case id (`region-monitoring`).
    static func isIdentifier(_ word: String) -> Bool {
        let characters = Array(word)
        let camel = zip(characters, characters.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
        let kebab = word.range(of: #"^[a-z0-9]+(-[a-z0-9]+)+"#, options: .regularExpression) != nil
        return camel || kebab || word.contains("_:") || word.contains("()")
    }

    /// Lines of the formatted page that break a word: a hyphenation mark (U+2010) at the end, or a
    /// hyphen at the end that joins two letters.
    static func brokenLines(_ shown: String) -> [String] {
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        var broken: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // A table cell ends before its border: look at the text before "│" too.
            let ends = [trimmed] + trimmed.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
            if ends.contains(where: { $0.hasSuffix("\u{2010}") }) { broken.append(line); continue }
            if trimmed.hasSuffix("-"), trimmed.dropLast().last?.isLetter == true,
                index + 1 < lines.count, lines[index + 1].trimmingCharacters(in: .whitespaces).first?.isLetter == true
            {
                broken.append(line)
            }
        }
        return broken
    }

    @Test("man at 80 columns: no line wider than 80, no hyphenation, every identifier on one line")
    func fitsEightyColumns() throws {
        let pages = try #require(Self.pages, "man (man-db) must be installed and the man pages must render")
        #expect(pages.count > 20)
        for page in pages {
            #expect(!page.shown.isEmpty, "\(page.path): man formatted nothing")
            let lines = page.shown.split(separator: "\n", omittingEmptySubsequences: false)
            let wide = lines.filter { $0.count > Self.width }
            #expect(wide.isEmpty, "\(page.path): \(wide.count) lines wider than \(Self.width) columns, first: \(wide.first ?? "")")
            let broken = Self.brokenLines(page.shown)
            #expect(broken.isEmpty, "\(page.path): words broken across lines: \(broken.prefix(3))")
            let missing = Self.identifiers(inSource: page.source).filter { !page.shown.contains($0) }.sorted()
            #expect(missing.isEmpty, "\(page.path): identifiers broken across lines: \(missing.prefix(5))")
        }
    }

    @Test("the header line shows the page's name and section once on each side, without overlap")
    func headerLines() throws {
        let pages = try #require(Self.pages, "man (man-db) must be installed and the man pages must render")
        for page in pages {
            let header = String(page.shown.split(separator: "\n").first ?? "")
            #expect(header.count <= Self.width, "\(page.path): \(header)")
            let sides = header.split(separator: " ", omittingEmptySubsequences: true)
            #expect(sides.count >= 2 && sides.first == sides.last && sides.first!.hasSuffix(")"), "\(page.path): \(header)")
        }
    }

    @Test("NAME's description is not repeated as the first paragraph")
    func nameNotRepeated() throws {
        let pages = try #require(Self.pages, "man (man-db) must be installed and the man pages must render")
        for page in pages {
            let lines = page.source.split(separator: "\n", omittingEmptySubsequences: false)
            guard let name = lines.firstIndex(of: ".SH NAME"), name + 1 < lines.count,
                let dash = lines[name + 1].range(of: " \\- ")
            else { continue }
            let description = lines[name + 1][dash.upperBound...]
            let next = lines[(name + 2)...].first { !$0.hasPrefix(".") }
            #expect(next.map { $0 != description } ?? true, "\(page.path): “\(description)” twice")
        }
    }

    @Test("the overview is grids (tbl) with the platforms side by side, not one line per cell")
    func overviewGrid() throws {
        let pages = try #require(Self.pages, "man (man-db) must be installed and the man pages must render")
        let overview = try #require(pages.first { $0.path == "man/man7/capdoc-location-authorization.7" })  // man-page in Content/domain.yaml
        #expect(overview.source.contains("\n.TS\n"))
        #expect(!overview.source.contains("T{\nPlatform\nT}"), "no pivoted Platform column")
        let lines = overview.shown.split(separator: "\n")
        #expect(lines.contains { $0.contains("iOS") && $0.contains("iPadOS") && $0.contains("│") }, "a grid row heads several platforms")
        // Pivoted into one line per cell it was 1,760 lines (before each version range cited its own
        // claims, which made the cells longer); as grids of two platforms it is about 1,540.
        #expect(lines.count < 1_650, "\(lines.count) lines")
    }

    @Test("the identifier check catches a hyphenated identifier and a wrapped one")
    func checkCatchesBreaks() {
        #expect(!Self.brokenLines("       NSLocationWhenI\u{2010}\n       nUseUsageDescription\n").isEmpty)
        #expect(!Self.brokenLines("       │ key-al\u{2010} │\n").isEmpty)
        #expect(Self.brokenLines("       NSLocationWhenInUseUsageDescription\n").isEmpty)
        let source = ".SH NAME\n\\f[CR]locationManager(_:didChangeAuthorization:)\\f[] and NSLocationWhenInUseUsageDescription [1]\\:[2].\n"
        #expect(Self.identifiers(inSource: source) == ["locationManager(_:didChangeAuthorization:)", "NSLocationWhenInUseUsageDescription"])
        #expect(Self.identifiers(inSource: ".TS\nallbox;\nl l.\nT{\nregion-monitoring\nT}\n.TE\n") == ["region-monitoring"])
    }
}
