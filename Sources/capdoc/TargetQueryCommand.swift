import ArgumentParser
import CapdocKit

/// `capdoc query target ios 15.0`: "my app targets iOS 15" — the site's deployment-target page for it.
struct TargetQuery: ParsableCommand {
    static var configuration: CommandConfiguration {
        let words = HelpWords.current
        return CommandConfiguration(
            commandName: "target",
            abstract: "What an app deployed to a platform at a version can count on from there on.",
            discussion:
                "Prints the site's \(words.domain.deploymentTarget) page: each service under each level for every version from the target on (\"Yes, on every version\", \"From \(words.version)\", \"Never\", \"Varies\"), the \(words.domain.keys) each request needs, and what is deprecated. A version between two that the sources distinguish is answered by the one at or before it."
        )
    }

    @Argument(help: "\(HelpWords.current.platformHelp).", completion: IDCompletion.ids(.platform))
    var platform: String

    @Argument(help: "The \(HelpWords.current.domain.deploymentTarget) (\(HelpWords.current.version)).")
    var version: String

    @Flag(help: "Print one JSON object: the page's tables, each row's cells as text.")
    var json = false

    @OptionGroup var model: ModelOptions

    func run() throws {
        guard let typed = Version(version) else {
            throw ValidationError("'\(version)' is not an OS version (expected dotted numbers such as \(HelpWords.current.version))")
        }
        let report = try model.load()
        let explainer = Explainer(model: report.model, merge: report.merge)
        let platform = QueryTerms(vocabulary: report.model.vocabulary).id(self.platform, as: .platform)
        let asked = typed.styled(report.model.vocabulary.versionStyle(of: platform))
        guard let answer = try explainer.target(platform: platform, version: asked) else {
            Terminal.write("No source distinguishes versions of \(platform): there is no deployment-target answer.\n")
            return
        }
        if json { Terminal.write(answer.json.serialized(), .json); return }
        if answer.target != asked {
            Terminal.write("(Nothing the sources say changes between \(answer.target) and \(asked): the answers from \(answer.target) on hold.)\n\n")
        }
        Terminal.write(answer.markdown)
    }
}
