import ArgumentParser
import CapdocKit

enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
    case human, json
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Checks Content/ for mistakes and contradictions between sources.",
        discussion: "Exits 0 when there are no errors, 1 when there are. Diagnostics go to standard error; the summary line to standard output."
    )

    @OptionGroup var contentFolder: ContentFolderOptions

    @Option(name: .customLong("diagnostics-format"), help: "human or json.")
    var diagnosticsFormat: DiagnosticsFormat = .human

    @Flag(name: .customLong("warnings-as-errors"), help: "Treat warnings as errors.")
    var warningsAsErrors = false

    @Option(help: "A folder of archived page texts; every quote of a source that names an archive is looked up in it. Repeat it for several folders.")
    var archives: [String] = []

    func run() throws {
        let checker = Checker(archives: archives.isEmpty ? nil : ArchiveLibrary(folders: archives))
        var report = checker.check(contentAt: contentFolder.content)
        if warningsAsErrors {
            report.diagnostics = report.diagnostics.map { diagnostic in
                var promoted = diagnostic
                if promoted.severity == .warning { promoted.severity = .error }
                return promoted
            }
        }
        switch diagnosticsFormat {
        case .human:
            Terminal.error(DiagnosticRenderer(colour: Terminal.colourAllowed(for: 2)).human(report.diagnostics), .styled)
            Terminal.write(report.summary + "\n")
        case .json:
            let adjudicated = report.merge.contradictions.filter { $0.adjudication != nil }.count
            Terminal.write(
                DiagnosticRenderer.json(
                    report.diagnostics,
                    summary: [
                        "sources": report.model.sources.count,
                        "claims": report.model.claims.count,
                        "facts": report.merge.facts.count,
                        "contradictionsAdjudicated": adjudicated,
                        "errors": report.errorCount,
                        "warnings": report.warningCount,
                    ]), .json)
        }
        // Everything is written: end here rather than free a large model piece by piece (as compilers do).
        Terminal.exitWithoutCleanup(report.errorCount > 0 ? ExitStatus.contentErrors : 0)
    }
}
