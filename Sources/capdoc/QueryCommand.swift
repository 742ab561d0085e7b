import Foundation
import ArgumentParser
import CapdocKit

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Answers one question from the model, with its sources.",
        discussion:
            "Without --os, answers hold for the newest OS version the model knows. With --json, prints one JSON object; null means the sources do not decide. Unknown ids exit 64.",
        subcommands: [SupportQuery.self, LevelQuery.self, KeysQuery.self, FlowQuery.self, TargetQuery.self]
    )
}

/// Options every query takes (`support`, `level`, `keys` and `flow` alike), declared once.
struct QueryOptions: ParsableArguments {
    @Option(
        help: "\(HelpWords.current.platformHelp); the Content's first platform when left out.",
        completion: IDCompletion.ids(.platform))
    var platform: String?

    @Option(help: "The OS version the answer is for; the newest known when left out.")
    var os: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var model: ModelOptions

    /// `--os` as a version; a malformed one is a usage error (exit 64).
    func version() throws -> Version? {
        guard let os else { return nil }
        guard let version = Version(os) else {
            throw ValidationError("'\(os)' is not an OS version (expected dotted numbers such as \(HelpWords.current.version))")
        }
        return version
    }

    /// The platform asked for, as an id: `--platform`, or the first of the Content's `platforms.yaml`
    /// (a default written into the program would name a platform another domain does not have).
    func platformID(_ terms: QueryTerms) -> String { terms.platform(platform) }

    /// Loads and checks the model; content errors end the command with exit 1.
    func answers() throws -> Answers {
        let report = try model.load()
        return Answers(model: report.model, merge: report.merge)
    }

    /// Runs a query on the model and the version asked for, with the terms it was given read as ids
    /// (`QueryTerms`: what `explain` accepts). An unknown id it throws (`UnknownID`) ends capdoc in
    /// `CapdocCommand.main`, the same way for every command.
    func run<T>(_ body: (Answers, Version?, QueryTerms) throws -> T) throws -> (T, Answers) {
        let version = try self.version()
        let answers = try self.answers()
        return (try body(answers, version, QueryTerms(vocabulary: answers.model.vocabulary)), answers)
    }

    func printSources(_ sources: [String], _ answers: Answers) {
        guard !sources.isEmpty else { Terminal.write("Sources: none decide this.\n"); return }
        Terminal.write("Sources:\n")
        for id in sources {
            let source = answers.model.sources.first { $0.id.value == id }
            // One line per source, whatever its title holds (a quoted title may hold a newline).
            Terminal.write("  \(id): \(DisplayText.line(source?.displayTitle ?? id)) <\(DisplayText.line(source?.url ?? ""))>\n")
        }
    }

    /// " 27.0", and " 27.0 (the newest version the sources name)" when the version was not asked for.
    func describe(_ version: Version?, newest: Bool = false) -> String {
        guard let version else { return "" }
        return " \(version)" + (newest ? " (the newest version the sources name)" : "")
    }
}

/// "The service's API is deprecated since 27.0; use CLMonitor instead".
func deprecationLine(_ what: String, _ deprecation: Deprecation) -> String {
    var line = "\(what) is deprecated" + (deprecation.since.map { " since \($0)" } ?? "")
    if let replacement = deprecation.replacement { line += "; use \(replacement) instead" }
    return line
}

/// Where an answer is unknown: which pages were read and say nothing about it.
func printSilent(_ sources: [String], about subject: String) {
    guard !sources.isEmpty else { return }
    Terminal.write("Unknown because these pages about \(subject) are silent on it: \(sources.joined(separator: ", ")).\n")
}

/// `--bundle`, which `query support`, `level` and `keys` take alike.
struct BundleOption: ParsableArguments {
    @Option(name: .customLong("bundle"), help: "The kind of bundle that asks, where it is not an app (app-clip).", completion: IDCompletion.ids(.bundle))
    var value: String?

    /// The bundle kind's id, read as `explain` reads terms; nil for an app.
    func id(_ terms: QueryTerms) -> String? { value.map { terms.id($0, as: .bundle) } }

    /// "an App Clip": the name of the bundle kind an answer is for, for sentences; nil for an app.
    static func name(_ limits: BundleLimits?) -> String? { limits.map { withIndefiniteArticle(DisplayText.line($0.name)) } }
}

func yesNo(_ value: Bool?, yes: String = "yes", no: String = "no") -> String {
    switch value {
    case true?: yes
    case false?: no
    case nil: "unknown (the sources do not decide)"
    }
}

extension Accuracy: ExpressibleByArgument {}

struct SupportQuery: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "support", abstract: "Can SERVICE be used with a level on a platform?")

    @Argument(help: "The service id (\(HelpWords.current.examples(.service))).", completion: IDCompletion.ids(.service))
    var service: String

    @Option(help: "The access level id (\(HelpWords.current.examples(.level))).", completion: IDCompletion.ids(.level))
    var level: String

    @Option(help: "The accuracy the user granted: full, or reduced (approximate).")
    var accuracy: Accuracy = .full

    @OptionGroup var bundle: BundleOption

    @OptionGroup var options: QueryOptions

    func run() throws {
        let (answer, answers) = try options.run {
            try $0.support(
                service: $2.id(service, as: .service), platform: options.platformID($2), level: $2.id(level, as: .level), os: $1,
                accuracy: accuracy, bundle: bundle.id($2))
        }
        if options.json { Terminal.write(answer.json.serialized(), .json); return }
        // "an App Clip": the bundle kind's name with its article, for the sentences below.
        let bundleName = BundleOption.name(answer.bundle)
        let availability: String =
            if answer.bundle?.closesLevel == true, let bundleName {
                "not available: \(bundleName) may not hold \(answer.level)"
            } else {
                switch answer.support.availability {
                case .value(.boolean(true)): "available" + (answer.since.map { " since \($0)" } ?? "")
                case .value: "not available"
                case let .closed(gate): "not available: \(DisplayText.line(gate.name.lowercased()))"
                case let .gateUnknown(gate):
                    "unknown: it depends on “\(DisplayText.line(answers.model.vocabulary.domain.title(gate.requires)))”, which no source decides here"
                case .unknown: "unknown (the sources do not decide)"
                }
            }
        let accuracyText = accuracy == .reduced ? " and reduced accuracy" : ""
        let bundleText = bundleName.map { " in \($0)" } ?? ""
        Terminal.write(
            "\(answer.service) with \(answer.level)\(accuracyText)\(bundleText) on \(answer.platform)\(options.describe(answer.os, newest: answer.newest)): \(availability).\n"
        )
        if answer.bundle?.closesLevel != true, case let .closed(gate) = answer.support.availability {
            Terminal.write("Why: \(gate.summary.trimmingCharacters(in: .whitespacesAndNewlines))\n")
        }
        if let bundleName, answer.bundle?.closesBackground == true {
            Terminal.write("\(bundleName.prefix(1).uppercased() + bundleName.dropFirst()) may not run in the background.\n")
        }
        // Where the service is not on the platform, what else it does there means nothing: no more lines.
        if case let .closed(gate) = answer.support.availability, gate.requires == .serviceOnPlatform {
            printSilent(answer.silentSources, about: answer.service)
            options.printSources(answer.sources, answers)
            return
        }
        // No relaunch line where the domain has no relaunches: "unknown" would suggest a gap in the sources.
        if answers.model.vocabulary.domain.relaunch {
            Terminal.write("Relaunches a terminated app: \(yesNo(answer.launchesTerminatedApp)).\n")
        }
        if let deprecation = answer.support.deprecation { Terminal.write("\(deprecationLine("The service's API", deprecation)).\n") }
        // The other facts about the service, where a source states them.
        let lines: [(FactKind, String)] = [
            (.explicitRequestRequired, "Needs an explicit authorization request"),
            (.worksWithReducedAccuracy, "Works with reduced accuracy"),
            (.backgroundModeRequired, "Needs a background mode"),
            (.backgroundDelivery, "Delivers updates in the background"),
        ]
        for (kind, label) in lines where answer.detail(kind) != .unknown {
            Terminal.write("\(label): \(yesNo(answer.detail(kind).flag)).\n")
        }
        if let key = answer.optOutKey {
            Terminal.write("\(Domain.capitalizedFirst(answers.model.vocabulary.domain.key)) that stops implicit authorization requests: \(key).\n")
        }
        printSilent(answer.silentSources, about: answer.service)
        options.printSources(answer.sources, answers)
    }
}

struct LevelQuery: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "level",
            abstract: HelpWords.current.domain.relaunch
                ? "Does a platform offer LEVEL, and does it ever relaunch terminated apps under it?" : "Does a platform offer LEVEL?")
    }

    @Argument(help: "The access level id (\(HelpWords.current.examples(.level))).", completion: IDCompletion.ids(.level))
    var level: String

    @OptionGroup var bundle: BundleOption

    @OptionGroup var options: QueryOptions

    func run() throws {
        let (answer, answers) = try options.run {
            try $0.level(
                $2.id(level, as: .level), platform: options.platformID($2), os: $1,
                bundle: bundle.id($2))
        }
        if options.json { Terminal.write(answer.json.serialized(), .json); return }
        let bundleName = BundleOption.name(answer.bundle)
        let offered =
            if answer.bundle?.closesLevel == true, let bundleName { "not offered: \(bundleName) may not hold it" } else {
                yesNo(answer.supported, yes: "offered", no: "not offered")
            }
        Terminal.write(
            "\(answer.level)\(bundleName.map { " for \($0)" } ?? "") on \(answer.platform)\(options.describe(answer.os, newest: answer.newest)): \(offered).\n"
        )
        if answers.model.vocabulary.domain.relaunch {
            Terminal.write("The system relaunches a terminated app for some service: \(yesNo(answer.relaunches)).\n")
        }
        options.printSources(answer.sources, answers)
    }
}

struct KeysQuery: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "keys", abstract: "Which \(HelpWords.current.domain.keys) does a request need?")
    }

    @Option(help: "The request id (\(HelpWords.current.examples(.request, count: 3))).", completion: IDCompletion.ids(.request))
    var request: String

    @OptionGroup var bundle: BundleOption

    @OptionGroup var options: QueryOptions

    func run() throws {
        let (answer, answers) = try options.run {
            try $0.keys(
                request: $2.id(request, as: .request), platform: options.platformID($2), os: $1,
                bundle: bundle.id($2))
        }
        if options.json { Terminal.write(answer.json.serialized(), .json); return }
        let bundleName = BundleOption.name(answer.bundle)
        let header =
            "\(answer.request) request\(bundleName.map { " in \($0)" } ?? "") on \(answer.platform)\(options.describe(answer.os, newest: answer.newest))"
        if answer.bundle?.closesLevel == true, let bundleName {
            Terminal.write("\(header): \(bundleName) may not make it (it may not hold the level it asks for), so it needs no keys.\n")
        } else if let gate = answer.closedBy {
            Terminal.write(
                "\(header): \(DisplayText.line(gate.name.lowercased())), so it needs no keys.\nWhy: \(gate.summary.trimmingCharacters(in: .whitespacesAndNewlines))\n"
            )
        } else if let required = answer.required {
            Terminal.write("\(header) needs: \(required.isEmpty ? "no keys" : required.joined(separator: ", ")).\n")
        } else {
            Terminal.write("\(header): unknown (the sources do not decide).\n")
        }
        printSilent(answer.silentSources, about: "the \(answer.request) request")
        if !answer.deprecated.isEmpty, answer.bundle?.closesLevel != true {
            Terminal.write("No longer needed here, still read by older versions: \(answer.deprecated.joined(separator: ", ")).\n")
        }
        if let deprecation = answer.deprecation { Terminal.write("\(deprecationLine("The request's method", deprecation)).\n") }
        options.printSources(answer.sources, answers)
    }
}
