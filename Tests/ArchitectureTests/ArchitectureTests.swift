import Foundation
import Testing

/// The folders of CapdocKit are layers: each may use only the folders ARCHITECTURE.md lets it use.
@Suite struct ArchitectureTests {
    /// This package's folder: two up from this file (Tests/ArchitectureTests/).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyReferencePointsDown() throws {
        let table = try String(contentsOf: Self.packageRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let findings = try ArchitectureCheck.findings(try ArchitectureCheck.moduleSources(packageRoot: Self.packageRoot), table: table)
        if !findings.isEmpty {
            Issue.record("\(findings.count) references go against ARCHITECTURE.md:\n\(findings.map(\.description).joined(separator: "\n"))")
        }
    }

    // The check proves it can fail: on two folders, one of which uses the other backwards.
    @Test func findsABackwardReference() throws {
        let table = """
            ## Folders and what each may use
            | Folder | May use | What it holds |
            |---|---|---|
            | `Low` | — | The lower layer. |
            | `High` | `Low` | The upper layer. |
            """
        let sources: [ArchitectureCheck.Source] = [
            .init(
                path: "Low/Base.swift", modulePath: "Low/Base.swift",
                text: """
                    struct Base {
                        var id: String
                        // A member called like High's top-level function is no reference to it.
                        func copy() -> Base { self.make() }
                        func make() -> Base { self }
                        var depth: Int { Top.depth }
                    }
                    """),
            .init(
                path: "High/Top.swift", modulePath: "High/Top.swift",
                text: """
                    enum Top {
                        static let depth = 1
                        static func make() -> Base { Base(id: "x") }
                    }
                    func make() -> Top.Type { Top.self }
                    """),
        ]
        let findings = try ArchitectureCheck.findings(sources, table: table).map(\.description)
        #expect(findings == ["Low/Base.swift:6: Low uses Top (declared in High/Top.swift), which it may not"])
    }

    @Test func refusesATableNamingNoFolder() throws {
        let table = """
            ## Folders and what each may use
            | Folder | May use | What it holds |
            |---|---|---|
            | `Low` | `Nowhere` | A folder that uses one that does not exist. |
            """
        let sources = [ArchitectureCheck.Source(path: "Low/Base.swift", modulePath: "Low/Base.swift", text: "struct Base {}")]
        #expect(throws: LayerRules.Failure.unknownFolder("Nowhere", row: "Low")) {
            try ArchitectureCheck.findings(sources, table: table)
        }
    }
}
