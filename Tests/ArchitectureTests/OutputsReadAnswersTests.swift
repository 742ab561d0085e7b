import Foundation
import SwiftSyntax
import Testing

/// The outputs (pages and dataset, `query`, `explain`, `lint-plist`, the drivers) read every answer
/// from the answer table (`Answering`), never through the gates themselves: one route from a fact
/// to every output. Layers stack, so the layer rule alone would let them reach `Gating`; this holds
/// them to the table. They may still name Gating's value types (`GatedFacts.Segment`, `Support`).
@Suite struct OutputsReadAnswersTests {
    static let outputFolders: Set<String> = ["Rendering", "Query", "Lint", "Pipeline"]

    /// What an output may not do: hold or make the gates' readers (the table keeps its own private).
    static func findings(in file: ParsedFile) -> [String] {
        let tokens = Array(file.tree.tokens(viewMode: .sourceAccurate))
        var found: [String] = []
        for (index, token) in tokens.enumerated() {
            let next = index + 1 < tokens.count ? tokens[index + 1].tokenKind : nil
            let what: String? =
                switch token.tokenKind {
                case .identifier("Matrix"): "names Matrix"
                // `GatedFacts.Segment`: a value type an output may hold; `GatedFacts` alone: the gates.
                case .identifier("GatedFacts") where next != .period: "reads the gates"
                case .identifier("Flow") where next == .leftParen: "makes a Flow"
                default: nil
                }
            if let what { found.append("\(file.path):\(file.line(of: token)): \(what); read the answer table instead") }
        }
        return found
    }

    @Test func outputsReadOnlyTheAnswerTable() throws {
        let root = ArchitectureTests.packageRoot
        var sources = try ArchitectureCheck.moduleSources(packageRoot: root).filter { source in
            Self.outputFolders.contains(String(source.modulePath.split(separator: "/").first ?? ""))
        }
        let command = root.appendingPathComponent("Sources/capdoc")
        for name in try FileManager.default.contentsOfDirectory(atPath: command.path).sorted() where name.hasSuffix(".swift") {
            let text = try String(contentsOf: command.appendingPathComponent(name), encoding: .utf8)
            sources.append(.init(path: "Sources/capdoc/\(name)", modulePath: "capdoc/\(name)", text: text))
        }
        #expect(sources.count > 50)
        let findings = sources.flatMap { Self.findings(in: ParsedFile(path: $0.path, modulePath: $0.modulePath, text: $0.text)) }
        if !findings.isEmpty { Issue.record("\(findings.count) outputs work answers out themselves:\n\(findings.joined(separator: "\n"))") }
    }

    // The test proves it can fail.
    @Test func findsAnOutputReadingTheGates() {
        let file = ParsedFile(
            path: "Rendering/Page.swift", modulePath: "Rendering/Page.swift",
            text: """
                struct Page {
                    let matrix: Matrix
                    func cell() -> Int { let flow = Flow(gated: gates); return GatedFacts(merge: m, model: n).count }
                    let gates: GatedFacts
                    // A segment's type is a value an output may hold.
                    var segment: GatedFacts.Segment
                }
                """)
        #expect(
            Self.findings(in: file).map { String($0.split(separator: ";")[0]) } == [
                "Rendering/Page.swift:2: names Matrix", "Rendering/Page.swift:3: makes a Flow", "Rendering/Page.swift:3: reads the gates",
                "Rendering/Page.swift:4: reads the gates",
            ])
    }
}
