import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// What the model grew for today's Core Location: answers under reduced accuracy (a gate declared
/// for it), rulings kept in several files, archives in several folders, and `explain` for APIs.
@Suite("Modern Core Location model")
struct ModernModelTests {
    static let accuracyGate = """
        - id: full-accuracy-needed
          name: Needs full accuracy
          outcome: needs-full-accuracy
          accuracy: reduced
          summary: Under reduced accuracy a service works only where it works with reduced accuracy.
          facts: [service-available]
          requires: works-with-reduced-accuracy
          subject: subject
        """

    /// The base fixture, its guide saying every service works, and a page saying visits need full accuracy.
    static func reducedAccuracyTree() -> FixtureTree {
        var tree = FixtureTree.base()
        tree.write(accuracyGate, to: "gates.yaml")
        tree.write(
            """
            title: Accuracy
            url: https://example.com/accuracy
            kind: reference
            claims:
              - id: visits-need-full
                fact: works-with-reduced-accuracy
                subject: visits
                platforms: [ios]
                value: false
                quote: Visits don’t work with reduced accuracy.
            """, to: "sources/accuracy.yaml")
        return tree
    }

    @Test("Under reduced accuracy a closed accuracy gate answers 'needs full accuracy', citing its claim; full accuracy is untouched")
    func reducedAccuracyClosesService() throws {
        let report = Self.reducedAccuracyTree().check()
        #expect(report.diagnostics.map(\.headline) == [])
        let answers = Answers(model: report.model, merge: report.merge)
        let full = try answers.support(service: "visits", platform: "ios", level: "always", os: nil)
        #expect(full.support.available == true)
        let reduced = try answers.support(service: "visits", platform: "ios", level: "always", os: nil, accuracy: .reduced)
        #expect(reduced.support.availability.id == "needs-full-accuracy")
        #expect(reduced.support.claims == ["accuracy#visits-need-full"])
        #expect(reduced.json.serialized().contains("\"accuracy\": \"reduced\""))
        #expect(reduced.detail(.worksWithReducedAccuracy).flag == false)
    }

    @Test("Where no source says whether a service works with reduced accuracy, a reduced-accuracy answer is unknown")
    func reducedAccuracyUnknown() throws {
        let report = Self.reducedAccuracyTree().check()
        let answers = Answers(model: report.model, merge: report.merge)
        let heading = try answers.support(service: "heading", platform: "ios", level: "always", os: nil, accuracy: .reduced)
        #expect(heading.support.available == nil)
        #expect(try answers.support(service: "heading", platform: "ios", level: "always", os: nil).support.available == true)
    }

    @Test("A gate with an accuracy that Core Location does not have is an invalid gate")
    func unknownAccuracy() {
        var tree = Self.reducedAccuracyTree()
        tree.replace("accuracy: reduced", with: "accuracy: approximate", in: "gates.yaml")
        let report = tree.check()
        #expect(report.diagnostics.map(\.headline) == ["Content/gates.yaml:4:13: error [invalid-gate]"])
        #expect(report.diagnostics.map(\.message) == ["unknown accuracy 'approximate'; it is one of full, reduced"])
    }

    @Test("Rulings in adjudications/ files resolve contradictions like those in adjudications.yaml")
    func adjudicationsFolder() {
        var tree = FixtureTree.base()
        tree.write(
            """
            title: A table
            url: https://example.com/table
            kind: article
            claims:
              - id: visits-when-in-use
                fact: service-available
                subject: visits
                levels: [when-in-use]
                value: false
                quote: Visits need Always.
            """, to: "sources/table.yaml")
        #expect(tree.check().diagnostics.contains { $0.checkID == ContradictionCheck.id })
        tree.write(
            """
            - id: visits-when-in-use
              prevails: guide#services
              over: [table#visits-when-in-use]
              reason: The guide is newer.
            """, to: "adjudications/services.yaml")
        let report = tree.check()
        #expect(report.diagnostics.map(\.headline) == [])
        #expect(report.merge.usedAdjudications == ["visits-when-in-use"])
    }

    @Test("Archives are looked up in each folder in turn")
    func archivesInSeveralFolders() {
        var fileSystem = InMemoryFileSystem()
        fileSystem.write("The seed.", to: "seeds/a.txt")
        fileSystem.write("The current page.", to: "current/b.md")
        let library = ArchiveLibrary(folders: ["seeds", "current"], fileSystem: fileSystem)
        #expect(library.text(named: "a.txt")?.contains(quote: "The seed.") == true)
        #expect(library.text(named: "b.md")?.contains(quote: "The current page.") == true)
        #expect(library.text(named: "c.md") == nil)
        #expect(library.description == "'seeds' or 'current'")
    }

    @Test("explain finds an API by its symbol, with or without its type and parameters")
    func explainFindsAPIs() throws {
        var tree = FixtureTree.base()
        tree.write(
            """
            - id: cl-service-session
              name: CLServiceSession
              symbol: CLServiceSession
              category: class
              summary: A session.
            - id: cl-service-session-diagnostic
              name: CLServiceSession.Diagnostic
              symbol: CLServiceSession.Diagnostic
              category: structure
              summary: A diagnostic.
            - id: authorization-status-property
              name: authorizationStatus
              symbol: CLLocationManager.authorizationStatus
              category: property
              summary: The status.
            """, to: "apis.yaml")
        let report = tree.check()
        #expect(report.diagnostics.map(\.headline) == [])
        let explainer = Explainer(model: report.model, merge: report.merge)
        #expect(try explainer.resolve("CLServiceSession") == .init(kind: .api, id: "cl-service-session"))
        #expect(try explainer.resolve("authorizationStatus") == .init(kind: .api, id: "authorization-status-property"))
        #expect(try explainer.resolve("CLLocationManager.authorizationStatus") == .init(kind: .api, id: "authorization-status-property"))
        // A type nested in another is named with its parent: `Diagnostic` alone is not it.
        #expect(try explainer.resolve("CLServiceSession.Diagnostic") == .init(kind: .api, id: "cl-service-session-diagnostic"))
        #expect(explainer.matches("Diagnostic").isEmpty)
        #expect(explainer.markdown(.init(kind: .api, id: "cl-service-session"))?.contains("| Platform | Exists | Deprecated |") == true)
    }
}
