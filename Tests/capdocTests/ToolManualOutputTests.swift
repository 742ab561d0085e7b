import Foundation
import Testing
@testable import capdoc
@testable import CapdocKit

/// capdoc(1) as `capdoc build` writes it, from the real command tree: its golden file is
/// `Tests/capdocTests/Golden/capdoc.1`, which `CAPDOC_RECORD=1 swift test --filter OutputTests` rewrites.
@Suite("capdoc(1) from the commands")
struct ToolManualOutputTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/capdoc.1")

    /// capdoc(1) with a fixed date (a build dates it by the newest source).
    static func manual() throws -> String {
        ToolManual.page(try CommandDescription.tool(), date: "2026-11-22", domain: EmbeddedDomain.domain)
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
        #expect(tool.root.subcommands.map(\.name) == ["capdoc check", "capdoc build", "capdoc query", "capdoc explain", "capdoc list", "capdoc lint-plist"])
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

    /// Text as the man page writes it: hyphens escaped.
    static func roff(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "\\-") }
}
