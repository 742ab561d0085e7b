import Foundation
import Testing
@testable import capdoc
@testable import CapdocKit
import CapdocTestSupport

/// capdoc(1) as `capdoc build` writes it, from the real command tree: its golden file is
/// `Tests/capdocTests/Golden/capdoc.1`, which `CAPDOC_RECORD=1 swift test --filter OutputTests` rewrites.
@Suite("capdoc(1) from the commands")
struct ToolManualOutputTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/capdoc.1")

    /// capdoc(1) with a fixed date (a build dates it by the newest source), for the model built in.
    static func manual() throws -> String {
        ToolManual.page(try CommandDescription.tool(), date: "2026-11-22", vocabulary: try ModelOptions.parse([]).load().model.vocabulary)
    }

    @Test("capdoc(1) matches its golden file")
    func golden() throws {
        let text = try Self.manual()
        if ProcessInfo.processInfo.environment["CAPDOC_RECORD"] == "1" {
            try Data(text.utf8).write(to: Self.golden)
            return
        }
        #expect(text == (try? String(contentsOf: Self.golden, encoding: .utf8)), "capdoc.1 differs from its golden file; record with CAPDOC_RECORD=1")
    }

    @Test("every command and every option --help shows is in capdoc(1), with its help")
    func everyOption() throws {
        let text = try Self.manual()
        let tool = try CommandDescription.tool()
        #expect(
            tool.root.subcommands.map(\.name) == [
                "capdoc check", "capdoc build", "capdoc query", "capdoc explain", "capdoc list", "capdoc lint-plist", "capdoc diff", "capdoc serve",
            ])
        for command in tool.root.all {
            #expect(command.name == "capdoc" || text.contains(Self.roff(command.name)), "\(command.name)")
            for argument in command.arguments {
                #expect(text.contains(Self.roff(argument.form)), "\(command.name) \(argument.form)")
                #expect(!argument.help.isEmpty, "\(command.name) \(argument.form) has help")
            }
        }
        let flow = try #require(tool.root.all.first { $0.name == "capdoc query flow" })
        let support = try #require(tool.root.all.first { $0.name == "capdoc query support" })
        // query flow takes the options every query takes, from the same declaration.
        let shared = ["--platform", "--os", "--json", "--content"]
        #expect(shared.allSatisfy { name in flow.arguments.contains { $0.names.contains(name) } })
        #expect(
            shared.map { name in flow.arguments.first { $0.names.contains(name) } }
                == shared.map { name in support.arguments.first { $0.names.contains(name) } })
        #expect(!tool.root.all.flatMap(\.arguments).contains { $0.names.contains("--help") }, "--help is on every command, and not worth a line in each")
    }

    @Test("every example parses as a command, fits a narrow terminal, and is in --help and in capdoc(1)'s EXAMPLES")
    func examples() throws {
        let text = try Self.manual()
        let examples = try #require(text.components(separatedBy: ".SH EXAMPLES\n").last?.components(separatedBy: ".SH SEE ALSO\n").first)
        #expect(CommandExamples.all.count >= 10)
        for example in CommandExamples.all {
            // ArgumentParser reads it as `capdoc` would (a renamed option or command fails here).
            #expect(throws: Never.self, "\(example.arguments)") { _ = try CapdocCommand.parseAsRoot(example.arguments) }
            let manLines = example.lines(tool: "capdoc", width: ToolManualSections.exampleWidth)
            #expect(manLines.allSatisfy { $0.count <= ToolManualSections.exampleWidth }, "\(manLines)")
            #expect(examples.contains(Self.roff(manLines.joined(separator: "\n")).replacingOccurrences(of: " \\\n", with: " \\e\n")), "\(manLines)")
            #expect(examples.contains(Self.roff(example.explanation)), "\(example.explanation)")
            let helpLines = example.lines(tool: "capdoc", width: CommandExamples.helpWidth - 2)
            #expect(CommandExamples.help.contains(helpLines.map { "  " + $0 }.joined(separator: "\n")))
            #expect(("  # " + example.explanation).count <= CommandExamples.helpWidth, "\(example.explanation)")
        }
        #expect(CommandExamples.help.split(separator: "\n").allSatisfy { $0.count <= CommandExamples.helpWidth })
        // The command tree keeps them in the root's discussion for --help only.
        #expect(try CommandDescription.tool().root.discussion.isEmpty)
    }

    @Test("SEE ALSO names the matrix's page first, then the flow, a platform, a request and a key, then man and mandoc")
    func seeAlso() throws {
        let text = try Self.manual()
        let seeAlso = try #require(text.components(separatedBy: ".SH SEE ALSO\n").last)
        let names = seeAlso.split(separator: "\n").filter { $0.hasPrefix(".BR ") }.map { String($0.dropFirst(4)) }
        #expect(
            names == [
                "capdoc\\-location\\-authorization (7),", "capdoc\\-authorization\\-flow (7),", "capdoc\\-ios (7),",
                "capdoc\\-request\\-when\\-in\\-use (7),", "capdoc\\-NSLocationWhenInUseUsageDescription (7),", "man (1),", "mandoc (1)",
            ])
    }

    @Test("capdoc(1) at 60, 80 and 100 columns under mandoc: no line wider, as every page (ManWidthRule)")
    func fitsEveryWidth() throws {
        let text = try Self.manual()
        let shown = try #require(ManWidthRule.formatted(Array(text.utf8)), "mandoc must be installed")
        for device in ManWidthRule.devices {
            for width in ManWidthRule.widths {
                let page = shown[device]?[width] ?? ""
                #expect(page.contains("EXAMPLES") && page.contains("SEE ALSO"), "-T \(device) at \(width)")
                // capdoc(1) has no word longer than 60 columns, and its examples are cut for them: nothing is excused.
                let wide = ManWidthRule.anyWideLines(page, width: width)
                #expect(wide.isEmpty, "-T \(device) at \(width): \(wide.first ?? "")")
            }
        }
    }

    /// Text as the man page writes it: hyphens escaped.
    static func roff(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "\\-") }
}
