import CapdocKit
import CapdocTestSupport
import Foundation
import FuzzSupport

/// (4) The Markdown writer (issue 15): the input is prose, as a note would hold it. Whatever nesting
/// the check accepts, a page of the prose is written as Markdown and read back by cmark: it must hold
/// no HTML, no script URL, and exactly the prose's links (`MarkdownAudit`). Time is bounded by
/// `-timeout`: whatever prose the check accepts must render in time linear in its size.
///
/// An input whose first line is `#site` goes the whole way instead (about 100 times slower): the prose
/// becomes a claim's note in a source of the base fixture, the check runs, and when it passes every
/// page is rendered as Markdown and HTML, and each Markdown page must read back without HTML (but
/// capdoc's anchors) or script URLs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var prose = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if prose.hasPrefix("#site\n") {
        prose.removeFirst("#site\n".count)
        wholeSite(prose)
        return 0
    }
    guard MarkdownAudit.nestsWithinLimit(prose) else { return 0 }  // refused by the check: never rendered
    let page = MarkdownAudit.markdownPage(withProse: prose)
    let problems = MarkdownAudit.problems(inMarkdown: page)
    precondition(problems.isEmpty, "the prose's page reads back unsafely: \(problems.prefix(5))\n\(page.prefix(2000))")
    let written = MarkdownAudit.linkURLs(inMarkdown: page), expected = MarkdownAudit.expectedLinkURLs(ofProse: prose)
    precondition(written == expected, "the prose's links changed: \(expected.prefix(5)) became \(written.prefix(5))\n\(page.prefix(2000))")
    return 0
}

/// The prose as a note of the base fixture, checked, and (when valid) built as Markdown and HTML.
func wholeSite(_ prose: String) {
    var fileSystem = FuzzSupport.base
    fileSystem.write(MarkdownWriterInput.source(note: prose), to: FuzzSupport.contentRoot + "/sources/fuzz.yaml")
    let report = FuzzSupport.checker(fileSystem).check(contentAt: FuzzSupport.contentRoot)
    FuzzSupport.checkPositions(report.diagnostics)
    guard report.errorCount == 0 else { return }
    let files: [OutputFile]
    do {
        files = try MarkdownWriterInput.builder.render(CompiledModel(model: report.model, merge: report.merge))
    } catch {
        fatalError("rendering valid Content failed: \(error)")
    }
    for file in files where file.path.hasSuffix(".md") {
        let problems = MarkdownAudit.problems(inMarkdown: String(decoding: file.contents, as: UTF8.self))
        precondition(problems.isEmpty, "\(file.path) reads back unsafely: \(problems.prefix(5))")
    }
}

enum MarkdownWriterInput {
    /// Markdown and HTML only: the formats whose writers see prose as Markdown.
    static let builder = Builder(formats: [.markdown, .html], templates: FuzzSupport.package.appendingPathComponent("Templates").path)

    /// A source with one note claim whose `note:` is the prose, as a YAML double-quoted string
    /// (everything YAML cannot hold raw escaped), so that any prose reaches the writer.
    static func source(note prose: String) -> String {
        var quoted = "\""
        for scalar in prose.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFEFF || value == 0x2028 || value == 0x2029 || (0xFFFE...0xFFFF).contains(value) {
                    quoted += String(format: "\\u%04X", value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        quoted += "\""
        return
            "title: Fuzz\nurl: https://example.com/fuzz\nkind: article\nclaims:\n  - id: n\n    fact: note\n    subject: t\n    value: x\n    quote: q\n    note: \(quoted)\n"
    }
}

/// The entry point SwiftPM's debug build links as `main` (see `runFuzzer`).
@_cdecl("FuzzMarkdownWriter_main")
public func fuzzMarkdownWriterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        fuzz(data ?? UnsafePointer(bitPattern: 1)!, size)
    }
}
