import ArgumentParser
import CapdocKit
import Foundation

struct ExplainCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "explain",
            abstract: "Explains an id, \(HelpWords.current.domain.key) or API name: what it is, its row of the matrix, its citations.",
            discussion:
                "On a terminal the page is shown by man (paged, with bold and colour where man has them); otherwise it is printed as Markdown. Unknown terms exit 64 with suggestions."
        )
    }

    @Argument(
        help:
            "An id (\(HelpWords.current.service)), \(withIndefiniteArticle(HelpWords.current.domain.key)) or an API name\(HelpWords.current.requestAPI.map { " (\($0))" } ?? "").",
        completion: IDCompletion.explainable)
    var term: String

    @OptionGroup var model: ModelOptions

    func run() throws {
        let report = try model.load()
        let explainer = Explainer(model: report.model, merge: report.merge)
        let match = try explainer.resolve(term)
        let others = explainer.matches(term).dropFirst()
        if Terminal.colourAllowed(for: 1), let roff = explainer.man(match), ManPager.show(roff) {
            return
        }
        Terminal.write(explainer.markdown(match) ?? "")
        for other in others {
            Terminal.write("\nAlso: the \(other.kind.rawValue) '\(other.id)' (capdoc explain \(other.kind == .request ? "request-" : "")\(other.id)).\n")
        }
    }
}
