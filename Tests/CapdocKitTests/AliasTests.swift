import Testing
@testable import CapdocKit
import CapdocTestSupport

/// `aliases`: the search terms an entry of the vocabulary may carry (Content/README.md).
@Suite("Aliases in Content")
struct AliasTests {
    /// The diagnostics of the base fixture with one edit, other than the undecided cells it has anyway.
    func diagnostics(replacing old: String, with new: String, in file: String) -> (Checker.Report, [Diagnostic]) {
        var tree = FixtureTree.base()
        tree.replace(old, with: new, in: file)
        let report = tree.check()
        return (report, report.diagnostics.filter { $0.checkID != UndecidedCellCheck.id })
    }

    @Test("every kind of entry may have aliases, kept in the order written")
    func accepted() {
        let (report, found) = diagnostics(
            replacing: "- id: visits\n", with: "- id: visits\n  aliases: [CLVisit, visit monitoring]\n", in: "services.yaml")
        #expect(found.isEmpty, "\(found.map(\.message))")
        #expect(report.model.vocabulary.entity(.service, "visits")?.aliases == ["CLVisit", "visit monitoring"])
        #expect(report.model.vocabulary.entity(.service, "heading")?.aliases == [])
        // A flow state and a key: every vocabulary file reads the field the same way.
        var tree = FixtureTree.base()
        tree.replace("- id: not-determined\n", with: "- id: not-determined\n    aliases: [first launch]\n", in: "flow.yaml")
        tree.replace(
            "  name: NSLocationWhenInUseUsageDescription\n", with: "  name: NSLocationWhenInUseUsageDescription\n  aliases: [usage string]\n", in: "keys.yaml")
        let flow = tree.check()
        #expect(flow.diagnostics.filter { $0.checkID != UndecidedCellCheck.id }.isEmpty, "\(flow.diagnostics.map(\.message))")
        #expect(flow.model.vocabulary.entity(.state, "not-determined")?.aliases == ["first launch"])
        #expect(flow.model.vocabulary.entity(.key, "NSLocationWhenInUseUsageDescription")?.aliases == ["usage string"])
    }

    @Test("aliases need no claim and no citation: the merge is the same with or without them")
    func noFacts() {
        let (report, _) = diagnostics(replacing: "- id: visits\n", with: "- id: visits\n  aliases: [CLVisit]\n", in: "services.yaml")
        let plain = FixtureTree.base().check()
        #expect(report.merge.facts.count == plain.merge.facts.count)
        #expect(report.diagnostics.map(\.headline) == plain.diagnostics.map(\.headline))
    }

    @Test("a single text, an empty alias or a list of lists is wrong-type, at the value")
    func wrongType() {
        for (value, message) in [
            ("CLVisit", "expected 'aliases' to be a list, found 'CLVisit'"), ("[\"\"]", "'aliases' must not be empty"),
            ("[[CLVisit]]", "expected 'aliases' to be text, found a list"),
        ] {
            let (_, found) = diagnostics(replacing: "- id: visits\n", with: "- id: visits\n  aliases: \(value)\n", in: "services.yaml")
            // A list's item is reported where it starts, inside the brackets.
            let column = value.hasPrefix("[") ? 13 : 12
            #expect(found.map(\.headline) == ["Content/services.yaml:2:\(column): error [wrong-type]"], "\(value)")
            #expect(found.map(\.message) == [message], "\(value)")
        }
    }

    @Test("a misspelt field is unknown-field, and the message suggests aliases")
    func misspelt() {
        let (_, found) = diagnostics(replacing: "- id: visits\n", with: "- id: visits\n  alias: [CLVisit]\n", in: "services.yaml")
        #expect(found.map(\.headline) == ["Content/services.yaml:2:3: error [unknown-field]"])
        #expect(found.first?.message.contains("did you mean 'aliases'") == true, "\(found.map(\.message))")
    }
}
