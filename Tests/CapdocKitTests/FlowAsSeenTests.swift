import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The flow as a person sees it on a device (issue 38, point 7): the buttons by their titles per OS
/// version, what the prompts show, the flow cut into eras, and the links between request, key and
/// flow pages.
@Suite("Flow as the user sees it")
struct FlowAsSeenTests {
    static let report = FixtureTree.shipped().check(archives: false)
    static let compiled = CompiledModel(model: report.model, merge: report.merge)
    var context: PageContext { PageContext(Self.compiled) }

    static func row(_ choice: String, _ os: [String: [VersionRange]]) -> Flow.Row {
        Flow.Row(
            from: "not-determined", trigger: "request-when-in-use", choice: choice, prompted: true, promptKey: nil,
            outcome: TransitionOutcome(to: "when-in-use", status: nil, statusStated: false, delegate: nil), platforms: Array(os.keys).sorted(),
            os: os, cited: CitedClaims([]), sources: [])
    }

    static func range(_ from: String?, _ until: String?) -> VersionRange {
        VersionRange(from: from.flatMap(Version.init), until: until.flatMap(Version.init))
    }

    // MARK: Eras

    @Test("eras are cut where the rows' ranges start or end, and runs with the same rows are one era")
    func erasFromRows() {
        let old = Self.row("grant", ["ios": [Self.range("8.0", "11.0"), Self.range("11.0", "13.0")]])
        let new = Self.row("allow-once", ["ios": [Self.range("13.0", nil)]])
        let everywhere = Self.row("dont-allow", ["ios": [.all], "watchos": [.all]])
        let eras = Flow.eras(of: [old, new, everywhere], platform: "ios", firstVersion: Version("2.0"))
        #expect(eras.map(\.range) == [Self.range(nil, "8.0"), Self.range("8.0", "13.0"), Self.range("13.0", nil)], "11.0 cuts one row's ranges but no era")
        #expect(eras.map { $0.rows.compactMap(\.choice) } == [["dont-allow"], ["grant", "dont-allow"], ["allow-once", "dont-allow"]])
        // A row from the platform's first version holds in every version: one era, with no empty one
        // before it. A platform no row names has none.
        #expect(Flow.eras(of: [new], platform: "ios", firstVersion: Version("13.0")).map(\.range) == [.all])
        #expect(Flow.eras(of: [old, new], platform: "watchos", firstVersion: nil).isEmpty)
    }

    @Test("the shipped flow: iOS's eras come from the rows, and each holds only its own choices")
    func shippedEras() throws {
        let eras = context.answerTable.flowEras.filter { $0.platform == "ios" }
        let ranges = eras.map(\.range)
        #expect(ranges.contains(Self.range("13.0", "14.0")) && ranges.contains(Self.range("14.0", nil)))
        let twelve = try #require(eras.first { $0.range.contains(Version("12.0")!) })
        #expect(!twelve.rows.contains { $0.choice == "allow-once" }, "Allow Once is an iOS 13 button")
        #expect(twelve.rows.contains { $0.choice == "grant" })
        let latest = try #require(eras.last)
        #expect(latest.rows.contains { $0.trigger == "reminder-alert" } && !latest.rows.contains { $0.choice == "grant" })
        // Every era's page is told apart by its first version.
        let refs = context.answerTable.flowEras.map(context.flowEraRef)
        #expect(Set(refs).count == refs.count)
        #expect(refs.contains(PageRef("flow", "ios-14.0")))
    }

    // MARK: Button titles

    @Test("a button's title holds where its claim does; before that the answer says no source gives one")
    func choiceTitles() throws {
        let titles = context.answerTable.choiceTitles("allow-once", platform: "ios", over: Self.range("10.0", nil))
        #expect(titles.map(\.range) == [Self.range("10.0", "13.0"), Self.range("13.0", nil)])
        #expect(titles.map(\.title) == [nil, "Allow Once"])
        let fact = try #require(titles.last?.fact)
        #expect(fact.claims.contains("request-when-in-use-authorization#title-allow-once"))
        #expect(context.answerTable.choiceTitles("grant", platform: "ios", over: Self.range("8.0", "13.0")).allSatisfy { $0.title == nil })
    }

    @Test("a choice-title claim about an id that is no choice is an unknown id")
    func titleOfUnknownChoice() {
        var tree = FixtureTree.shipped()
        let path = "sources/request-when-in-use-authorization.yaml"
        tree.write(
            tree.text(path) + """
                  - id: title-typo
                    fact: choice-title
                    subject: allow-onse
                    value: "Allow Once"
                    quote: "Allow Once"

                """, to: path)
        let report = tree.check(archives: false)
        #expect(report.diagnostics.contains { $0.checkID == .unknownID && $0.message.contains("allow-onse") })
    }

    // MARK: Pages

    @Test("the flow page lists the buttons by title with their versions, the prompts' notes and the eras, in every format")
    func flowPage() {
        let page = context.flowPage()
        let html = PageDocumentBuilder(format: .html, page: page).document().html()
        #expect(html.contains("“Allow Once”") && html.contains("“Change to Always Allow”"))
        #expect(html.contains("Not given by the sources"), "the buttons before iOS 13 have no title in any source")
        #expect(html.contains("href=\"flow/ios-14.0.html\""))
        #expect(html.contains("id=\"prompt-request-when-in-use\""))
        #expect(html.contains("Precise Location"))
        let markdown = PageDocumentBuilder(format: .markdown, page: page).document().commonMark()
        #expect(markdown.contains("| Choice | Button title | Platforms |") && markdown.contains("“Keep Only While Using”"))
        #expect(markdown.contains("(flow/ios-14.0.md)"))
        let man = PageDocumentBuilder(format: .man, page: page).rendered()
        #expect(man.contains("Allow While Using App") && man.contains("Precise Location"))
    }

    @Test("an era's page shows only what holds in the era")
    func eraPage() throws {
        let eras = context.answerTable.flowEras
        let twelve = try #require(eras.first { $0.platform == "ios" && $0.range.contains(Version("12.0")!) })
        let latest = try #require(eras.last { $0.platform == "ios" })
        func html(_ era: Flow.Era) -> String { PageDocumentBuilder(format: .html, page: context.flowEraPage(era)).document().html() }
        let old = html(twelve), new = html(latest)
        #expect(!old.contains("“Allow Once”") && old.contains("Not given by the sources"))
        #expect(!old.contains("Precise Location"), "the accuracy notes hold from iOS 14")
        #expect(new.contains("“Allow Once”") && new.contains("Precise Location"))
        #expect(!new.contains(">Grant<"), "the pre-iOS 13 choices are not on the iOS 14 page")
        #expect(new.contains("<strong>14.0+</strong>"), "the selector marks the current era")
        #expect(!old.contains("<script") && !new.contains("<script"))
    }

    @Test("request and key pages link to the prompts they make or fill")
    func links() throws {
        let vocabulary = Self.compiled.vocabulary
        let request = try #require(vocabulary.entity(.request, "when-in-use"))
        let requestHTML = PageDocumentBuilder(format: .html, page: context.requestPage(request)).document().html()
        #expect(requestHTML.contains("flow.html#prompt-request-when-in-use\""))
        let key = try #require(vocabulary.entity(.key, "NSLocationWhenInUseUsageDescription"))
        let keyHTML = PageDocumentBuilder(format: .html, page: context.keyPage(key)).document().html()
        #expect(keyHTML.contains("flow.html#prompt-request-when-in-use\"") && keyHTML.contains("flow.html#prompt-request-always\""))
        let unused = try #require(vocabulary.entity(.key, "NSLocationDefaultAccuracyReduced"))
        #expect(!PageDocumentBuilder(format: .html, page: context.keyPage(unused)).document().html().contains("#prompt-"), "no prompt shows its text")
    }
}
