import ArgumentParser
import CapdocKit
import Foundation

/// Where `query`, `explain` and `lint-plist` read the model: the Content compiled into capdoc, or
/// a folder given with `--content` (a maintainer's edited copy).
struct ModelOptions: ParsableArguments {
    @Option(help: "A content folder to read instead of the model built into capdoc.")
    var content: String?

    /// The checked model; content errors end the command with exit 1.
    func load() throws -> Checker.Report {
        let report: Checker.Report
        let name: String
        if let content {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: content, isDirectory: &isDirectory), isDirectory.boolValue else {
                Terminal.errorLine(
                    "error: no content folder at '\(content)'; pass --content DIR (capdoc's Content/ folder), or leave it out for the built-in model")
                throw ExitCode(ExitStatus.contentErrors)
            }
            report = Checker().check(contentAt: content)
            name = "'\(content)'"
        } else {
            report = EmbeddedModel.check()
            name = "the built-in model"
        }
        guard report.errorCount == 0 else {
            Terminal.error(DiagnosticRenderer(colour: Terminal.colourAllowed(for: 2)).human(report.diagnostics.filter { $0.severity == .error }), .styled)
            Terminal.errorLine("error: \(name) has \(report.errorCount) errors; fix them with `capdoc check` first")
            throw ExitCode(ExitStatus.contentErrors)
        }
        return report
    }
}

/// The Content compiled into the binary (`EmbeddedContent`, written by the EmbedContent plugin),
/// as an in-memory file system under `Content/`, so that diagnostics name the files as they are
/// in the repository.
enum EmbeddedModel {
    static let root = "Content"

    static var fileSystem: EmbeddedFileSystem {
        EmbeddedFileSystem(files: EmbeddedContent.base64Files.map { (root + "/" + $0.key, Data(base64Encoded: $0.value) ?? Data()) })
    }

    /// The built-in model, checked.
    static func check() -> Checker.Report { Checker(fileSystem: fileSystem).check(contentAt: root) }
}

/// The site's templates compiled into the binary (`EmbeddedTemplates`, written by the EmbedContent
/// plugin from Templates/): `capdoc build` makes the same site from any folder, without
/// `--templates`.
enum EmbeddedSiteTemplates {
    static let root = "Templates"

    static var fileSystem: EmbeddedFileSystem {
        EmbeddedFileSystem(files: EmbeddedTemplates.base64Files.map { (root + "/" + $0.key, Data(base64Encoded: $0.value) ?? Data()) })
    }
}
