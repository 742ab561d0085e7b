import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

// The hostile-input corpus (issue #6): broken or hostile Content trees and Info.plist files, each
// with the exact outcome it must have, within a wall-clock and a memory bound.
//
// - `Fixtures/corpus/content/<case>/`: files laid over the base fixture, like the check fixtures
//   (`NAME.remove`, `NAME.symlink`), and `expected.txt` with the exact diagnostics
//   (`Content/path:line:col: severity [check-id]`). Cases too large to commit (a 50 MB file, YAML
//   nested 100,000 levels, claims by the thousand) are generated here, by `ContentGenerators`; their
//   folder holds only `expected.txt` (and diagnostics too many to list come from
//   `ContentGenerators.expected`). A `valid` line marks Content that must have no error; every other
//   case must fail the check (exit 1, nothing written). Cases named `render--…` are valid Content
//   with hostile prose: they are built in memory and every output is inspected (`SafeRendering`);
//   their `expected.txt` may add `contains: PATH: TEXT` and `lacks: PATH: TEXT` lines about single
//   output files. Every case runs within `CorpusBounds`, and no file refused as unsafe is read, not
//   even for the excerpts of the printed diagnostics.
// - `Fixtures/corpus/plists/<case>.plist` + `<case>.expected`: `args:` (the lint options, `--platform
//   ios` when left out), then either `error: KIND` (the `PlistReadError` case, kebab-case) or one
//   `finding: RULE KEY` line per finding, or `clean`; an error may add `message:`, its exact sentence. Generated plists (10 MB strings, 100,000
//   levels) have only the `.expected` file.

// MARK: - Bounds

enum CorpusBounds {
    /// No case may take longer, in the debug build the tests run. This catches hangs and runaway
    /// (quadratic or worse) work — the cubic merge these cases found took minutes — not speed: on a
    /// shared 2-core machine a healthy case varies several-fold, so the margin is wide. Speed is
    /// measured by Benchmarks/run.
    static let seconds = 60.0
    /// Nor raise the process's peak resident memory by more.
    static let memoryGrowth = 1 << 30
}

/// The resident memory of this process, from `/proc/self/status` (nil where there is none).
enum ResidentMemory {
    static func field(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }

    static var current: Int? { field("VmRSS") }
    static var peak: Int? { field("VmHWM") }

    /// Resets the peak (VmHWM) to the current resident size, so that the next reading is this case's.
    static func resetPeak() {
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            try? handle.write(contentsOf: Data("5".utf8))
            try? handle.close()
        }
    }
}

struct Measurement {
    var seconds: Double
    /// How far the peak resident memory rose above the resident memory before; nil off Linux.
    var memoryGrowth: Int?

    func expectWithinBounds(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(
            seconds <= CorpusBounds.seconds, "\(name) took \(String(format: "%.2f", seconds)) s (bound: \(CorpusBounds.seconds) s)",
            sourceLocation: sourceLocation)
        if let memoryGrowth {
            #expect(
                memoryGrowth <= CorpusBounds.memoryGrowth,
                "\(name) raised the peak resident memory by \(memoryGrowth >> 20) MiB (bound: \(CorpusBounds.memoryGrowth >> 20) MiB)",
                sourceLocation: sourceLocation)
        }
    }
}

/// Runs `body`, measuring its wall-clock time and how far the peak resident memory rose.
func measure<T>(_ body: () throws -> T) rethrows -> (T, Measurement) {
    ResidentMemory.resetPeak()
    let before = ResidentMemory.current
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    let peak = ResidentMemory.peak
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let growth = before.flatMap { before in peak.map { max(0, $0 - before) } }
    return (value, Measurement(seconds: seconds, memoryGrowth: growth))
}

// MARK: - Content cases

struct ContentCase: CustomTestStringConvertible, Sendable {
    let name: String
    let folder: URL
    var testDescription: String { name }

    static let root = Paths.fixtures.appendingPathComponent("corpus/content")

    static var all: [ContentCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().map { ContentCase(name: $0, folder: root.appendingPathComponent($0)) }
    }

    var isGenerated: Bool { ContentGenerators.all[name] != nil }
    /// Valid Content with hostile prose: built and inspected rather than refused.
    var rendersSafely: Bool { name.hasPrefix("render--") }

    func tree() -> FixtureTree {
        var tree = CheckFixture(name: name, folder: folder).tree()
        ContentGenerators.all[name]?(&tree)
        return tree
    }

    private var lines: [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The exact diagnostics, as `Content/path:line:col: severity [check-id]`.
    var expectedDiagnostics: [String] {
        lines.filter { !$0.hasPrefix("contains:") && !$0.hasPrefix("lacks:") && $0 != "valid" } + (ContentGenerators.expected[name]?() ?? [])
    }

    /// A `valid` line: the Content has no errors (it may have the warnings listed); every other case is broken.
    var isValid: Bool { lines.contains("valid") }

    /// `contains:`/`lacks:` lines: (whether the text must be there, output path, text).
    var outputExpectations: [(present: Bool, path: String, text: String)] {
        lines.compactMap { line in
            let present = line.hasPrefix("contains:")
            guard present || line.hasPrefix("lacks:") else { return nil }
            let rest = line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
            guard let colon = rest.range(of: ": ") else { return nil }
            return (present, String(rest[..<colon.lowerBound]), String(rest[colon.upperBound...]))
        }
    }
}

/// Content cases built in code: too large to commit, or made of thousands of repetitions.
enum ContentGenerators {
    typealias Generator = @Sendable (inout FixtureTree) -> Void

    static let sourceHead = "title: Extra\nurl: https://example.com/extra\nkind: article\n"

    /// A source of `count` claims, `claim(index)` each: the scale cases differ only in their claims.
    static func source(claims count: Int, _ claim: (Int) -> String) -> String {
        sourceHead + "claims:\n" + (0..<count).map(claim).joined()
    }

    /// A claim about whether iOS offers Always, as the scale cases repeat it; `os` and `value` vary.
    static func alwaysOnIOS(_ index: Int, os: String = "", value: Bool = true) -> String {
        "  - id: c\(index)\n    fact: level-supported\n    subject: always\n    platforms: [ios]\n\(os)    value: \(value)\n    quote: q\n"
    }

    static func unknownFieldLine(_ index: Int) -> String {
        "  - {id: c\(index), fact: note, subject: t\(index), value: v, quote: q, bogus: \(index)}\n"
    }

    /// Diagnostics too many to list in `expected.txt`, computed like the input.
    static let expected: [String: @Sendable () -> [String]] = [
        "scale--10000-unknown-fields": {
            (0..<10_000).map { index in
                let column = unknownFieldLine(index).utf8.count - "bogus: \(index)}\n".utf8.count + 1
                return "Content/sources/extra.yaml:\(index + 5):\(column): error [unknown-field]"
            }
        },
        "scale--contradiction-fan-out": {
            // Every claim of the file (each 6 lines long), and the guide's claim that Always is supported.
            (0..<2_500).map { "Content/sources/extra.yaml:\(5 + 6 * $0):5: error [contradiction]" } + ["Content/sources/guide.yaml:6:5: error [contradiction]"]
        },
    ]

    /// A source with one note claim whose `note:` (line 10, column 11) is `prose`, as a YAML string.
    static func noteSource(_ prose: String) -> String {
        let quoted =
            "\""
            + prose.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
        return sourceHead + "claims:\n  - id: n\n    fact: note\n    subject: t\n    value: x\n    quote: q\n    note: " + quoted + "\n"
    }

    /// Prose nested exactly `levels` deep (the paragraph counts), once in each way Markdown nests:
    /// emphasis, block quotes, lists (a list and its item are two levels), and images in links in images.
    static func nestedPieces(levels: Int) -> [String] {
        let stars = String(repeating: "*", count: 2 * (levels - 1))
        return [
            stars + "x" + stars,
            String(repeating: ">", count: levels - 1) + " x",
            levels % 2 == 1 ? String(repeating: "- ", count: (levels - 1) / 2) + "x" : String(repeating: "- ", count: (levels - 2) / 2) + "> x",
            String(repeating: "[![a", count: levels - 2) + String(repeating: "](u)](u)", count: levels - 2),
        ]
    }

    /// `nestedPieces`, `count` times over, as paragraphs apart.
    static func nestedProse(levels: Int, count: Int) -> String {
        let pieces = nestedPieces(levels: levels).joined(separator: "\n\n")
        return Array(repeating: pieces, count: count).joined(separator: "\n\n")
    }

    static let all: [String: Generator] = [
        // Issue 15: `*`×200,000 `x` `*`×200,000 (400 KB) passed the check, then cmark's CommonMark
        // writer ran for minutes (nodes × depth). Refused by the check, at the note.
        "prose--emphasis-200000": { tree in
            tree.write(noteSource(String(repeating: "*", count: 200_000) + "x" + String(repeating: "*", count: 200_000)), to: "sources/extra.yaml")
        },
        // 100,000 nested block quotes: every line the writer writes repeats each quote's `> `.
        "prose--block-quotes-100000": { tree in
            tree.write(noteSource(String(repeating: ">", count: 100_000) + " x\nlazy\nlines"), to: "sources/extra.yaml")
        },
        // 100,000 nested list items on one line: `- - - … x`.
        "prose--nested-lists-100000": { tree in
            tree.write(noteSource(String(repeating: "- ", count: 100_000) + "x"), to: "sources/extra.yaml")
        },
        // 100,000 images in links in images…: `[![a` ×100,000 then `](u)](u)` ×100,000 (more than 120 s to write as Markdown).
        "prose--links-in-images-100000": { tree in
            tree.write(noteSource(String(repeating: "[![a", count: 100_000) + String(repeating: "](u)](u)", count: 100_000)), to: "sources/extra.yaml")
        },
        // One level over the limit, in each way of nesting: the first is reported.
        "prose--33-levels": { tree in
            tree.write(noteSource(nestedProse(levels: ProseNesting.mostLevels + 1, count: 1)), to: "sources/extra.yaml")
        },
        // At the limit, 2,000 times over (1 MB): valid, and every format renders it within the bounds.
        "render--prose-32-levels": { tree in
            tree.write(noteSource(nestedProse(levels: ProseNesting.mostLevels, count: 2_000)), to: "sources/extra.yaml")
        },
        // Brackets that never close into links nest nothing: valid, rendered within the bounds.
        "render--brackets-100000": { tree in
            tree.write(noteSource(String(repeating: "[", count: 100_000) + "x" + String(repeating: "]", count: 100_000)), to: "sources/extra.yaml")
        },
        // A 50 MB source file: refused by its size before it is read.
        "huge--50mb-source": { tree in
            var text = sourceHead + "claims:\n"
            let claim = "  - {id: c, fact: level-supported, subject: always, value: true, quote: q}\n"
            text += String(repeating: claim, count: 50 * 1024 * 1024 / claim.utf8.count + 1)
            tree.write(text, to: "sources/huge.yaml")
        },
        // platforms.yaml of 50 MB: refused, so every platform a claim names is unknown.
        "huge--50mb-vocabulary": { tree in
            tree.fileSystem.files[FixtureTree.root + "/platforms.yaml"] = Data(repeating: UInt8(ascii: "#"), count: 50 * 1024 * 1024)
        },
        // adjudications.yaml of 50 MB (an optional file): refused like any other, and never read.
        "huge--50mb-adjudications": { tree in
            tree.fileSystem.files[FixtureTree.root + "/adjudications.yaml"] = Data(repeating: UInt8(ascii: "#"), count: 50 * 1024 * 1024)
        },
        // One claim with a note of almost 8 MiB: read, and within the bounds.
        "huge--8mib-note": { tree in
            let note = String(repeating: "All work and no play makes Jack a dull boy. ", count: (ContentLoader.largestFile - 4096) / 44)
            tree.write(
                sourceHead + "claims:\n  - id: long-note\n    fact: note\n    subject: long\n    value: x\n    quote: \"\(note)\"\n",
                to: "sources/extra.yaml")
        },
        // 100,000 nested flow sequences: `claims: [[[[…]]]]`.
        "deep--flow-sequences-100000": { tree in
            tree.write(
                sourceHead + "claims: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n",
                to: "sources/extra.yaml")
        },
        // 100,000 nested block sequences on one line: `- - - - … x`.
        "deep--block-sequences-100000": { tree in
            tree.write(sourceHead + "claims:\n  " + String(repeating: "- ", count: 100_000) + "x\n", to: "sources/extra.yaml")
        },
        // 100,000 nested flow mappings: `{a: {a: {a: …}}}`.
        "deep--flow-mappings-100000": { tree in
            tree.write(
                sourceHead + "claims:\n  - " + String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "\n",
                to: "sources/extra.yaml")
        },
        // 998 nested lists: just inside the composer's limit, so the loader itself walks them.
        "deep--flow-sequences-998": { tree in
            tree.write(
                sourceHead + "claims: " + String(repeating: "[", count: 998) + String(repeating: "]", count: 998) + "\n",
                to: "sources/extra.yaml")
        },
        // 10,000 claims in one file (800 KB), each with an unknown field: 10,000 errors, found in linear time.
        "scale--10000-unknown-fields": { tree in
            tree.write(source(claims: 10_000, unknownFieldLine), to: "sources/extra.yaml")
        },
        // 4,000 claims that agree on one fact (440 KB): merging them must not be quadratic.
        // Issue 15: 100 sources that each name one 4 MB Markdown archive, 4,000 claims, 3,000
        // distinct quotes from the archive's end. Reading and normalizing the archive for every
        // source, and searching for repeated quotes, made the work claims × archive size (47 s).
        "scale--archive-quotes": { tree in
            let sentence = { (number: Int) in "Sentence \(number) of the archived page says something about location." }
            let page = (0..<64_000).map(sentence).joined(separator: "\n\n") + "\n"
            tree.fileSystem.files[FixtureTree.archives + "/big.md"] = Data(page.utf8)
            for source in 0..<100 {
                let claims = (0..<40).map { claim in
                    let id = "s\(source)c\(claim)"
                    return "  - id: \(id)\n    fact: level-supported\n    subject: always\n    platforms: [ios]\n    value: true\n"
                        + "    quote: \"\(sentence(63_999 - (source * 40 + claim) % 3_000))\"\n"
                }
                tree.write(
                    sourceHead.replacingOccurrences(of: "kind: article\n", with: "kind: article\narchive: big.md\n") + "claims:\n" + claims.joined(),
                    to: "sources/extra\(String(format: "%03d", source)).yaml")
            }
        },
        "scale--agreeing-claims": { tree in
            tree.write(source(claims: 4_000) { alwaysOnIOS($0) }, to: "sources/extra.yaml")
        },
        // 1,200 claims with nested OS ranges on one fact (135 KB): 1,200 segments, each covered by up to
        // 1,200 claims. Finding the narrowest claims segment by segment from scratch is quadratic.
        "scale--nested-os-ranges": { tree in
            tree.write(source(claims: 1_200) { alwaysOnIOS($0, os: "    os: {from: \"\($0 + 1).0\"}\n") }, to: "sources/extra.yaml")
        },
        // 2,500 claims that contradict each other pairwise on one fact (275 KB): the diagnostics, and
        // the time to write them, must stay proportionate to the input, not to its square.
        "scale--contradiction-fan-out": { tree in
            tree.write(source(claims: 2_500) { alwaysOnIOS($0, value: $0 % 2 == 1) }, to: "sources/extra.yaml")
        },
        // 70 more platforms, levels and services (10 KB of vocabulary): the base guide's claims
        // about `all` then cover 72 × 72 × 72 cells per service fact.
        "scale--vocabulary-cross-product": { tree in
            for (file, prefix) in [("platforms.yaml", "p"), ("levels.yaml", "l"), ("services.yaml", "s")] {
                let extra = (0..<70).map { "- {id: \(prefix)\($0), name: N\($0), summary: S.}\n" }.joined()
                tree.write(tree.text(file) + extra, to: file)
            }
        },
        // As many platforms (32) and levels (8) as Content may have, and 2,000 services (70 KB): the
        // base guide's claims about `all` then cover 512,000 cells per service fact. Each service line
        // costs 256 cells, so memory grows with the services far faster than with the input's bytes.
        "scale--service-matrix": { tree in
            for (file, prefix, count) in [("platforms.yaml", "p", 30), ("levels.yaml", "l", 6), ("services.yaml", "s", 2_000)] {
                let extra = (0..<count).map { "- {id: \(prefix)\($0), name: N\($0), summary: S.}\n" }.joined()
                tree.write(tree.text(file) + extra, to: file)
            }
        },
    ]
}

/// What a case's report must show about the size of its diagnostics.
extension Checker.Report {
    /// Bytes of every message and note: proportionate to the input, not to its square.
    var diagnosticsSize: Int {
        diagnostics.reduce(0) { total, diagnostic in
            total + diagnostic.message.utf8.count + diagnostic.notes.reduce(0) { $0 + $1.message.utf8.count + 64 }
        }
    }
}

/// One suite, run serialized, so that no two cases share the clock or the memory reading (each
/// case resets the peak resident memory before it runs).
@Suite("Corpus", .serialized)
struct CorpusTests {}

extension CorpusTests {
    @Suite("hostile Content")
    struct ContentCorpus {
        static let builder = Builder(templates: Paths.package.appendingPathComponent("Templates").path)

        @Test("the corpus has at least 40 cases, every generated case has a folder, every folder says what it expects")
        func inventory() {
            let cases = ContentCase.all
            #expect(cases.count >= 40, "\(cases.count) cases")
            let names = Set(cases.map(\.name))
            #expect(ContentGenerators.all.keys.filter { !names.contains($0) }.sorted() == [], "generators without a case folder")
            for item in cases {
                #expect(!item.expectedDiagnostics.isEmpty || item.isValid, "\(item.name) expects no diagnostic and is not marked valid")
                #expect(!item.rendersSafely || item.isValid, "\(item.name): a render case must be valid Content")
                #expect(FileManager.default.fileExists(atPath: item.folder.appendingPathComponent("expected.txt").path), "\(item.name) has no expected.txt")
            }
        }

        @Test("each case produces exactly its diagnostics, within the bounds", arguments: ContentCase.all)
        func content(_ item: ContentCase) throws {
            let tree = item.tree()
            let inputSize = tree.fileSystem.files.values.reduce(0) { $0 + $1.count }
            let fileSystem = RecordingFileSystem(tree.fileSystem)
            // The check, and the diagnostics printed as `capdoc check` prints them (with excerpts).
            let ((report, printed), measurement) = measure {
                let report = Checker(fileSystem: fileSystem, archives: ArchiveLibrary(folder: FixtureTree.archives, fileSystem: fileSystem))
                    .check(contentAt: FixtureTree.root)
                return (report, DiagnosticRenderer(fileSystem: fileSystem).human(report.diagnostics))
            }
            measurement.expectWithinBounds(item.name)
            // A file refused as unsafe (a link, or too large) is never read, not even for an excerpt:
            // a link may lead to /etc/passwd or /proc/self/environ, a huge file would cost its size.
            let refused = Set(report.diagnostics.filter { $0.checkID == UnsafeFileCheck.id }.map(\.location.path))
            let readAnyway = refused.intersection(fileSystem.log.paths).sorted()
            #expect(readAnyway == [], "\(item.name): refused files were read: \(readAnyway)")
            for link in tree.fileSystem.symbolicLinks {
                guard let target = tree.fileSystem.files[link].flatMap({ String(decoding: $0, as: UTF8.self).split(separator: "\n").first }) else { continue }
                #expect(!printed.contains(target), "\(item.name): the diagnostics print what the link \(link) leads to")
            }
            let actual = report.diagnostics.map(\.headline)
            if ProcessInfo.processInfo.environment["CAPDOC_CORPUS_PRINT"] != nil {
                print(
                    "CORPUS \(item.name) \(String(format: "%.2f", measurement.seconds)) s \((measurement.memoryGrowth ?? -1) >> 20) MiB\n"
                        + report.diagnostics.prefix(40).map { "  \($0.headline)  -- \($0.message.prefix(160))" }.joined(separator: "\n"))
            }
            let (missing, unexpected) = Self.difference(expected: item.expectedDiagnostics, actual: actual)
            #expect(
                missing.isEmpty && unexpected.isEmpty,
                "\(item.name): \(missing.count) expected diagnostics missing \(missing.prefix(10)), \(unexpected.count) unexpected \(unexpected.prefix(10))")
            #expect(report.diagnosticsSize <= 16 * inputSize, "\(item.name): \(report.diagnosticsSize) bytes of diagnostics for \(inputSize) bytes of input")
            if item.isValid {
                #expect(report.errorCount == 0, "\(item.name) is valid Content")
            } else {
                #expect(report.errorCount > 0, "\(item.name) is broken Content: the check must fail (exit 1), so that nothing is written")
            }
            if item.rendersSafely {
                let (files, rendering) = try measure { try Self.builder.render(CompiledModel(model: report.model, merge: report.merge)) }
                rendering.expectWithinBounds(item.name + " (rendering)")
                let problems = SafeRendering.problems(in: files)
                #expect(problems == [], "\(item.name): \(problems.count) unsafe outputs")
                let byPath = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
                for expectation in item.outputExpectations {
                    let text = byPath[expectation.path].map { String(decoding: $0, as: UTF8.self) }
                    #expect(text != nil, "\(item.name): no output file \(expectation.path)")
                    guard let text else { continue }
                    #expect(
                        text.contains(expectation.text) == expectation.present,
                        "\(item.name): \(expectation.path) \(expectation.present ? "lacks" : "contains") \(expectation.text)")
                }
            }
        }

        /// The diagnostics expected but not found, and found but not expected (as multisets), compared
        /// without building a diff of two long lists.
        static func difference(expected: [String], actual: [String]) -> (missing: [String], unexpected: [String]) {
            var counts: [String: Int] = [:]
            for line in expected { counts[line, default: 0] += 1 }
            var unexpected: [String] = []
            for line in actual {
                if let count = counts[line], count > 0 { counts[line] = count - 1 } else { unexpected.append(line) }
            }
            let missing = counts.filter { $0.value > 0 }.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
            return (missing, unexpected.sorted())
        }

        @Test("a broken case writes nothing: the build stops at the check and leaves the output folder absent")
        func brokenBuildWritesNothing() throws {
            let manager = FileManager.default
            let root = manager.temporaryDirectory.appendingPathComponent("capdoc-corpus-\(UUID().uuidString)")
            defer { try? manager.removeItem(at: root) }
            try manager.createDirectory(at: root, withIntermediateDirectories: true)
            for name in ["yaml--unclosed-flow-sequence", "laughs--source", "symlink--source-file", "unsafe-id--dotdot"] {
                let item = ContentCase(name: name, folder: ContentCase.root.appendingPathComponent(name))
                let tree = item.tree()
                let output = root.appendingPathComponent("site-\(name)").path
                let outcome = try Self.builder.build(contentAt: FixtureTree.root, into: output, checker: Checker(fileSystem: tree.fileSystem))
                #expect(outcome.written == nil && outcome.report.errorCount > 0, "\(name)")
                #expect(!manager.fileExists(atPath: output), "\(name) wrote its output")
            }
            #expect(try manager.contentsOfDirectory(atPath: root.path) == [], "nothing at all was written beside the outputs")
        }
    }
}

/// A file system that records every path whose contents are read.
struct RecordingFileSystem: FileSystem {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var read = Set<String>()
        func add(_ path: String) { lock.withLock { _ = read.insert(path) } }
        var paths: Set<String> { lock.withLock { read } }
    }

    let base: InMemoryFileSystem
    let log = Log()

    init(_ base: InMemoryFileSystem) { self.base = base }

    func contents(of path: String) -> Data? {
        log.add(path)
        return base.contents(of: path)
    }
    func entries(of directory: String) -> [String]? { base.entries(of: directory) }
    func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    func isSymbolicLink(_ path: String) -> Bool { base.isSymbolicLink(path) }
    func size(of path: String) -> Int? { base.size(of: path) }
}

// MARK: - Safe rendering

/// What no output built from Content may contain, whatever its prose says.
enum SafeRendering {
    /// The roff requests capdoc and cmark write themselves; prose must never start any other (or these).
    static let requests: Set<String> = [
        "TH", "SH", "SS", "PP", "P", "LP", "IP", "TP", "HP", "RS", "RE", "PD", "nf", "fi",
        "TS", "TE", "na", "ad", "nh", "BR", "B", "I", "br", "sp", "in", "ti", "ll",
    ]
    /// Words the hostile prose of the render cases writes at the start of its lines.
    static let markers = ["EVIL", "/etc/passwd"]

    static func problems(in files: [OutputFile]) -> [String] {
        var problems: [String] = []
        for file in files {
            let text = String(decoding: file.contents, as: UTF8.self)
            if file.path.hasSuffix(".html") {
                problems += html(text).map { "\(file.path): \($0)" }
                // No C0 control but tab, LF and CR, and no DEL: a browser shows NUL and ESC as nothing (issue #15).
                if let control = file.contents.first(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) {
                    problems.append("\(file.path): control byte 0x\(String(control, radix: 16))")
                }
            } else if file.path.hasPrefix("man/") {
                problems += roff(text).map { "\(file.path): \($0)" }
            } else if file.path.hasSuffix(".md") {
                // Read back as Markdown: no HTML but capdoc's anchors, no script URL (issue 15).
                problems += MarkdownAudit.problems(inMarkdown: text).map { "\(file.path): \($0)" }
            }
        }
        return problems
    }

    /// No script, frame or object element; no event handler attribute; no URL attribute with a
    /// script scheme. Tags are read attribute by attribute, so escaped text inside a quoted value (a
    /// page description that quotes hostile prose) is not taken for markup. (The words `javascript:`
    /// may appear as text — the text of an autolink whose link cmark removed — which is inert; they
    /// must not appear in any attribute.)
    ///
    /// The layout's own scripts and forms are the exception, each at most once and exactly as written:
    /// the search box's `<form id="site-search">` that GETs the A–Z page, `<script src="search.js"
    /// defer>` and `<script src="platforms.js" defer>` from the site root, and the matrix page's
    /// platform filter (`<form class="platform-filter" hidden aria-label=…>`, which submits nowhere).
    static func html(_ text: String) -> [String] {
        var problems: [String] = []
        var layoutElements: [String: Int] = [:]
        for tag in tags(in: text) {
            if ["script", "iframe", "object", "embed", "frame", "frameset", "base", "form", "applet"].contains(tag.name) {
                if let element = layoutElement(tag), layoutElements[element, default: 0] == 0 {
                    layoutElements[element, default: 0] += 1
                } else {
                    problems.append("<\(tag.name)> element")
                }
            }
            for (name, value) in tag.attributes {
                if name.hasPrefix("on") { problems.append("event handler \(name)= on <\(tag.name)>") }
                if tag.name == "meta", name == "http-equiv" { problems.append("<meta http-equiv=\(value)>") }
                let url = decodeEntities(value).unicodeScalars.filter { $0.value > 0x20 }.map(String.init).joined().lowercased()
                if url.contains("javascript:") || url.contains("vbscript:") {
                    problems.append("script URL in \(name)= on <\(tag.name)>: \(url.prefix(60))")
                }
                if ["href", "src", "action", "formaction", "xlink:href", "data"].contains(name), url.hasPrefix("data:text") || url.hasPrefix("file:") {
                    problems.append("unsafe URL in \(name)= on <\(tag.name)>: \(url.prefix(60))")
                }
            }
        }
        return problems
    }

    /// Which of the layout's scripts and forms the tag is (nil: none, or something like one).
    static func layoutElement(_ tag: Tag) -> String? {
        func rooted(_ value: String, _ file: String) -> Bool {
            var rest = Substring(value)
            while rest.hasPrefix("../") { rest = rest.dropFirst(3) }
            return rest == file
        }
        let attributes = Dictionary(tag.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard attributes.count == tag.attributes.count else { return nil }
        switch tag.name {
        case "script":
            guard Set(attributes.keys) == ["src", "defer"], attributes["defer"]!.isEmpty else { return nil }
            return ["search.js", "platforms.js"].first { rooted(attributes["src"]!, $0) }.map { "script " + $0 }
        case "form":
            if Set(attributes.keys) == ["id", "class", "role", "action", "method", "data-root"] && attributes["id"] == "site-search"
                && rooted(attributes["action"]!, "a-z.html") && attributes["method"] == "get" && rooted(attributes["data-root"]! + "x", "x")
            {
                return "search form"
            }
            if attributes == ["class": "platform-filter", "hidden": "", "aria-label": "Platforms shown"] { return "platform filter" }
            return nil
        default:
            return nil
        }
    }

    struct Tag {
        var name: String
        var attributes: [(name: String, value: String)]
    }

    /// The start tags of an HTML text, read the way a browser tokenizes them (names lowercased,
    /// values quoted with " or ', or bare). Comments are skipped.
    static func tags(in text: String) -> [Tag] {
        let chars = Array(text.unicodeScalars)
        var tags: [Tag] = []
        var index = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        while index < chars.count {
            guard chars[index] == "<" else { index += 1; continue }
            if index + 3 < chars.count, chars[index + 1] == "!", chars[index + 2] == "-", chars[index + 3] == "-" {
                // A comment runs to the next "-->".
                var end = index + 4
                while end + 2 < chars.count, !(chars[end] == "-" && chars[end + 1] == "-" && chars[end + 2] == ">") { end += 1 }
                index = end + 3
                continue
            }
            guard index + 1 < chars.count, chars[index + 1].properties.isAlphabetic else { index += 1; continue }
            var cursor = index + 1
            var name = ""
            while cursor < chars.count, !isSpace(chars[cursor]), chars[cursor] != ">", chars[cursor] != "/" {
                name.unicodeScalars.append(chars[cursor]); cursor += 1
            }
            var tag = Tag(name: name.lowercased(), attributes: [])
            while cursor < chars.count, chars[cursor] != ">" {
                if isSpace(chars[cursor]) || chars[cursor] == "/" { cursor += 1; continue }
                var attribute = ""
                while cursor < chars.count, !isSpace(chars[cursor]), chars[cursor] != ">", chars[cursor] != "=", chars[cursor] != "/" || attribute.isEmpty {
                    attribute.unicodeScalars.append(chars[cursor]); cursor += 1
                }
                while cursor < chars.count, isSpace(chars[cursor]) { cursor += 1 }
                var value = ""
                if cursor < chars.count, chars[cursor] == "=" {
                    cursor += 1
                    while cursor < chars.count, isSpace(chars[cursor]) { cursor += 1 }
                    if cursor < chars.count, chars[cursor] == "\"" || chars[cursor] == "'" {
                        let quote = chars[cursor]
                        cursor += 1
                        while cursor < chars.count, chars[cursor] != quote { value.unicodeScalars.append(chars[cursor]); cursor += 1 }
                        cursor += 1
                    } else {
                        while cursor < chars.count, !isSpace(chars[cursor]), chars[cursor] != ">" { value.unicodeScalars.append(chars[cursor]); cursor += 1 }
                    }
                }
                tag.attributes.append((attribute.lowercased(), value))
            }
            tags.append(tag)
            index = cursor + 1
        }
        return tags
    }

    /// Every request line is one the renderer writes (`.TH` only on the first line), and no line
    /// that starts a request or a tbl block carries the prose's markers.
    static func roff(_ text: String) -> [String] {
        var problems: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let first = line.first, first == "." || first == "'" else { continue }
            let name = line.dropFirst().prefix { $0 != " " && $0 != "\t" }
            if first == "'" || !requests.contains(String(name)) || (name == "TH" && index != 0) {
                problems.append("line \(index + 1) is a request from prose: \(line.prefix(80))")
            } else if markers.contains(where: { line.contains($0) }) {
                problems.append("line \(index + 1) carries prose into a request: \(line.prefix(80))")
            }
        }
        return problems
    }

    static func matches(of pattern: String, in text: String, group: Int = 0) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// Enough of HTML's character references to see through an obfuscated scheme (`&#106;avascript:`).
    /// Character references decoded once, left to right, as a browser decodes an attribute value:
    /// `&amp;#58;` is the text `&#58;`, not a colon. (Decoding twice would see script URLs in
    /// harmless relative ones, such as `javascript&#58;alert(1)`.)
    static func decodeEntities(_ text: String) -> String {
        let named: [String: String] = ["colon": ":", "tab": "\t", "newline": "\n", "amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let body = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var decoded: String?
            if body.hasPrefix("#") {
                let hex = body.dropFirst().first.map { $0 == "x" || $0 == "X" } ?? false
                let digits = body.dropFirst(hex ? 2 : 1)
                decoded = UInt32(digits, radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                decoded = named[body.lowercased()]
            }
            if let decoded, !body.isEmpty {
                result += decoded
                rest = rest.dropFirst(1 + body.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}

// MARK: - Info.plist cases

struct PlistCase: CustomTestStringConvertible, Sendable {
    let name: String
    var testDescription: String { name }

    static let root = Paths.fixtures.appendingPathComponent("corpus/plists")

    static var all: [PlistCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasSuffix(".expected") }.map { PlistCase(name: String($0.dropLast(".expected".count))) }
            .sorted { $0.name < $1.name }
    }

    var lines: [String] {
        let text = (try? String(contentsOf: Self.root.appendingPathComponent(name + ".expected"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private func values(_ prefix: String) -> [String] {
        lines.filter { $0.hasPrefix(prefix + ":") }.map { $0.dropFirst(prefix.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    var expectedError: String? { values("error").first }
    /// The error's whole sentence, when the case gives it (`message:`).
    var expectedMessage: String? { values("message").first }
    var expectedFindings: [String] { values("finding") }
    var expectsClean: Bool { lines.contains("clean") }

    /// `--platform P`, `--requests a,b`, `--deployment-target V` from the `args:` line.
    var arguments: (platform: String, requests: [String]?, target: Version?) {
        let words = values("args").first?.split(separator: " ").map(String.init) ?? []
        func value(_ option: String) -> String? { words.firstIndex(of: option).flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil } }
        return (
            value("--platform") ?? "ios", value("--requests").map { $0.split(separator: ",").map(String.init) },
            value("--deployment-target").flatMap(Version.init)
        )
    }

    func data() throws -> Data {
        if let generator = PlistGenerators.all[name] { return generator() }
        return try Data(contentsOf: Self.root.appendingPathComponent(name + ".plist"))
    }
}

extension PlistReadError {
    /// The case's name in kebab-case, as `.expected` files write it.
    var kind: String {
        switch self {
        case .notFound: "not-found"
        case .isDirectory: "is-directory"
        case .unreadable: "unreadable"
        case .tooLarge: "too-large"
        case .empty: "empty"
        case .notAPropertyList: "not-a-property-list"
        case .malformedBinary: "malformed-binary"
        case .expandsTooFar: "expands-too-far"
        case .malformedXML: "malformed-xml"
        case .rootNotDictionary: "root-not-dictionary"
        }
    }
}

/// Property lists built in code: too large to commit.
enum PlistGenerators {
    static let xmlHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"

    static func xml(_ body: String) -> Data { Data((xmlHead + body + "</plist>\n").utf8) }

    /// A binary plist (bplist00) from encoded objects; references and offsets are `width` bytes wide.
    static func binary(_ objects: [[UInt8]], width: Int = 4) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects { offsets.append(bytes.count); bytes += object }
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(offset, width) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(width), UInt8(width)]
        bytes += bigEndian(objects.count, 8) + bigEndian(0, 8) + bigEndian(table, 8)
        return Data(bytes)
    }

    static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    /// A marker nibble and a count, with the count as a following integer object when it is 15 or more.
    static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [marker << 4 | UInt8(count)] : [marker << 4 | 0xF, 0x13] + bigEndian(count, 8)
    }
    static func ascii(_ text: String) -> [UInt8] { header(0x5, text.utf8.count) + Array(text.utf8) }
    static func array(_ references: [Int], width: Int = 4) -> [UInt8] { header(0xA, references.count) + references.flatMap { bigEndian($0, width) } }
    static func dictionary(_ keys: [Int], _ values: [Int], width: Int = 4) -> [UInt8] {
        header(0xD, keys.count) + (keys + values).flatMap { bigEndian($0, width) }
    }

    static let whenInUse = "NSLocationWhenInUseUsageDescription"

    static let all: [String: @Sendable () -> Data] = [
        "xml--10mb-usage-string": {
            xml("<dict><key>\(whenInUse)</key><string>" + String(repeating: "Shows trails near you. ", count: 10_000_000 / 23) + "</string></dict>")
        },
        "xml--10mb-key": {
            xml("<dict><key>" + String(repeating: "K", count: 10_000_000) + "</key><string>x</string><key>\(whenInUse)</key><string>Map.</string></dict>")
        },
        "xml--huge-unknown-key-with-requests": {
            xml("<dict><key>NSLocation" + String(repeating: "Usage", count: 400_000) + "</key><string>x</string></dict>")
        },
        "xml--nested-100000": {
            xml("<dict><key>\(whenInUse)</key>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</dict>")
        },
        "xml--million-element-array": {
            xml(
                "<dict><key>\(whenInUse)</key><string>Map.</string><key>UIBackgroundModes</key><array>"
                    + String(repeating: "<string>location</string>", count: 1_000_000) + "</array></dict>")
        },
        "binary--10mb-usage-string": {
            binary([dictionary([1], [2]), ascii(whenInUse), ascii(String(repeating: "Shows trails near you. ", count: 10_000_000 / 23))])
        },
        "binary--nested-100000": {
            // The root dictionary's value is the first of 100,000 arrays, each holding the next.
            let depth = 100_000
            var objects = [dictionary([1], [2]), ascii(whenInUse)]
            for level in 0..<depth { objects.append(array(level + 1 < depth ? [level + 3] : [])) }
            return binary(objects)
        },
        // Issue 15: 64 levels of `[A, A]` in 549 bytes, 2^64 strings once every reference is copied.
        "binary--shared-pairs-64-levels": {
            var objects = [dictionary([1], [2], width: 2), ascii(whenInUse)]
            for level in 0..<64 { objects.append(array([level + 3, level + 3], width: 2)) }
            objects.append(ascii("Map."))
            return binary(objects, width: 2)
        },
        // Issue 15: 200,000 references to one 64 KiB string (866 KB), 13 GB once copied.
        "binary--shared-64kib-string-200000": {
            binary([dictionary([1], [2]), ascii(whenInUse), array([Int](repeating: 3, count: 200_000)), ascii(String(repeating: "x", count: 65_536))])
        },
        // Issue 15: 3,000,000 references to one `true` in 12 MB (within the byte bound: 5 bytes
        // a value unshared), 3 million values once read: refused by their number.
        "binary--shared-true-3000000": {
            binary([dictionary([1], [2]), ascii(whenInUse), array([Int](repeating: 3, count: 3_000_000)), [0x09]])
        },
        "binary--million-element-array": {
            // One array of 1,000,000 references to the same string.
            binary([
                dictionary([1, 3], [2, 4]), ascii(whenInUse), ascii("Map."), ascii("UIBackgroundModes"),
                array([Int](repeating: 5, count: 1_000_000)), ascii("location"),
            ])
        },
    ]
}

extension CorpusTests {
    @Suite("hostile Info.plist files")
    struct PlistCorpus {
        static let linter = PlistLinter(report: FixtureTree.shipped().check(archives: false))

        @Test("the corpus has at least 15 cases, each with a plist or a generator and one expected outcome")
        func inventory() {
            let cases = PlistCase.all
            #expect(cases.count >= 15, "\(cases.count) cases")
            for item in cases {
                let hasFile = FileManager.default.fileExists(atPath: PlistCase.root.appendingPathComponent(item.name + ".plist").path)
                #expect(hasFile != (PlistGenerators.all[item.name] != nil), "\(item.name): a .plist file or a generator, not both or neither")
                let outcomes = [item.expectedError != nil, !item.expectedFindings.isEmpty, item.expectsClean].filter { $0 }.count
                #expect(outcomes == 1, "\(item.name): say either error:, finding: lines, or clean")
            }
            let names = Set(cases.map(\.name))
            #expect(PlistGenerators.all.keys.filter { !names.contains($0) }.sorted() == [], "generators without an .expected file")
        }

        @Test("each plist is read and linted to exactly its outcome, within the bounds", arguments: PlistCase.all)
        func plist(_ item: PlistCase) throws {
            let data = try item.data()
            let arguments = item.arguments
            let (outcome, measurement): (Result<LintResult, PlistReadError>, Measurement) = try measure {
                do {
                    let document = try PlistReader().read(data, path: item.name + ".plist")
                    return .success(
                        try Self.linter.lint(
                            document.root, file: item.name + ".plist", platform: arguments.platform,
                            deploymentTarget: arguments.target, requests: arguments.requests))
                } catch let error as PlistReadError {
                    return .failure(error)
                }
            }
            measurement.expectWithinBounds(item.name)
            if ProcessInfo.processInfo.environment["CAPDOC_CORPUS_PRINT"] != nil {
                print(
                    "PLIST \(item.name) \(String(format: "%.2f", measurement.seconds)) s \((measurement.memoryGrowth ?? -1) >> 20) MiB: \(outcome)".prefix(300))
            }
            switch outcome {
            case let .failure(error):
                #expect(error.kind == item.expectedError, "\(item.name): \(error)")
                #expect(error.description.contains(item.name + ".plist"), "the message names the file")
                if let message = item.expectedMessage { #expect(error.description == message) }
            case let .success(result):
                #expect(item.expectedError == nil, "\(item.name) was read, but should fail with \(item.expectedError ?? "")")
                #expect(result.findings.map { "\($0.rule.rawValue) \($0.key)" } == item.expectedFindings, "\(item.name)")
            }
        }
    }
}
