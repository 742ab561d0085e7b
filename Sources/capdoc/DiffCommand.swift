import ArgumentParser
import CapdocFiles
import CapdocKit
import Foundation

/// `capdoc diff OLD.json NEW.json`: the changelog of the dataset's content between two builds.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Says which answers moved between two builds of capdoc.json.",
        discussion: """
            Compares two capdoc.json files of this capdoc's schema (major version): the entities added and removed, \
            every timeline whose answers changed (its ranges, answer words, values, gates, replacements) with the old \
            and new answers, the timelines that changed only their citations, the claims added, removed or requoted, \
            and the flow's transitions. With --json, one object. Exits 0 whether or not they differ, 1 when a file \
            cannot be read or is not a dataset of this schema.
            """
    )

    @Argument(help: "The older capdoc.json.") var old: String
    @Argument(help: "The newer capdoc.json.") var new: String
    @Flag(help: "Print one JSON object.") var json = false

    /// Larger than any dataset capdoc writes (hundreds of megabytes at 20,000 services).
    static let largestFile = 4 << 30

    func run() throws {
        do {
            let diff = DatasetDiff(old: try Self.read(old), new: try Self.read(new))
            if json { Terminal.write(diff.json.serialized(), .json) } else { Terminal.write(diff.text) }
        } catch let failure as DatasetDiff.Failure {
            // Compiler style, as every other command: `path:line:col: error: message`.
            let place = failure.line.map { ":\($0):\(failure.column ?? 1)" } ?? ""
            Terminal.errorLine("\(DisplayText.line(failure.path))\(place): error: \(failure.message)")
            throw ExitCode(ExitStatus.contentErrors)
        }
    }

    static func read(_ path: String) throws -> DatasetDiff.Dataset {
        let bytes: [UInt8]
        do { bytes = try BoundedFileReader.read(path, limit: largestFile, followingLinks: true) } catch {
            throw DatasetDiff.Failure(path: path, message: error.reason(limit: largestFile))
        }
        return try DatasetDiff.Dataset(path: path, data: Data(bytes))
    }
}
