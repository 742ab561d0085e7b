import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The authorization flow: its claims, the model read from them, `capdoc query flow`, and the checks
/// that hold it together — on the shipped Content, where the seed pages describe it.
@Suite("Authorization flow")
struct FlowTests {
    static let report = FixtureTree.shipped().check(archives: false)
    let answers = Answers(model: FlowTests.report.model, merge: FlowTests.report.merge)
    var flow: Flow { Flow(merge: Self.report.merge, vocabulary: Self.report.model.vocabulary) }

    // MARK: The model

    @Test("When In Use, then Always: the Always prompt, and each choice's state, status and delegate")
    func whenInUseThenAlways() throws {
        let keep = try answers.flow(from: "when-in-use", trigger: "request-always", choice: "keep-only-while-using", platform: "ios", os: nil)
        #expect(keep.prompted == true)
        #expect(keep.to == "when-in-use-always-asked", "When In Use, with the one Always request made")
        #expect(keep.reportedStatus == "authorized-when-in-use")
        #expect(keep.delegateNotified == false)
        // requestAlwaysAuthorization() works once: from there a second call shows no prompt.
        let again = try answers.flow(from: "when-in-use-always-asked", trigger: "request-always", choice: nil, platform: "ios", os: nil)
        #expect(again.prompted == false)
        #expect(again.to == "when-in-use-always-asked")
        #expect(again.claims.contains("request-always-authorization-current#further-calls-when-in-use-always-asked"))
        let change = try answers.flow(from: "when-in-use", trigger: "request-always", choice: "change-to-always-allow", platform: "ios", os: nil)
        #expect(change.to == "always")
        #expect(change.reportedStatus == "authorized-always")
        #expect(change.delegateNotified == true)
        #expect(change.sources.contains("request-always-authorization"))
    }

    @Test("Always directly: the first prompt's three choices, Provisional Always, and the second prompt")
    func alwaysDirectly() throws {
        let first = try answers.flow(from: "not-determined", trigger: "request-always", choice: nil, platform: "ios", os: nil)
        #expect(first.prompted == true)
        #expect(first.promptKey == "NSLocationWhenInUseUsageDescription")
        #expect(first.choices == ["allow-while-using", "allow-once", "dont-allow"])
        #expect(first.to == nil && first.reportedStatus == nil, "without a choice there is no single outcome")

        let provisional = try answers.flow(from: "not-determined", trigger: "request-always", choice: "allow-while-using", platform: "ios", os: nil)
        #expect(provisional.to == "provisional-always")
        #expect(provisional.reportedStatus == "authorized-always")
        let once = try answers.flow(from: "not-determined", trigger: "request-always", choice: "allow-once", platform: "ios", os: nil)
        #expect(once.to == "temporary-when-in-use")
        #expect(once.reportedStatus == "authorized-when-in-use")

        let second = try answers.flow(from: "provisional-always", trigger: "always-event", choice: "change-to-always-allow", platform: "ios", os: nil)
        #expect(second.to == "always")
        #expect(second.delegateNotified == false, "“The delegate doesn’t receive a callback.”")
        let secondKeep = try answers.flow(from: "provisional-always", trigger: "always-event", choice: "keep-only-while-using", platform: "ios", os: nil)
        #expect(secondKeep.to == "when-in-use-always-asked")
        #expect(secondKeep.delegateNotified == true)
    }

    @Test("The iOS 13 choices are answered from iOS 13 on; before it the guide's grant or deny decides")
    func choicesByVersion() throws {
        let ten = try answers.flow(from: "not-determined", trigger: "request-always", choice: "allow-once", platform: "ios", os: Version("10.0"))
        #expect(ten.to == nil && ten.reportedStatus == nil, "Allow Once did not exist on iOS 10")
        // The two-prompt path starts with iOS 13; before it the single Always prompt shows the Always
        // string of the OS (the NSLocationAlwaysUsageDescription page: the older key before iOS 11).
        #expect(ten.promptKey == "NSLocationAlwaysUsageDescription")
        let twelve = try answers.flow(from: "not-determined", trigger: "request-always", choice: "grant", platform: "ios", os: Version("12.0"))
        #expect(twelve.promptKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        let thirteen = try answers.flow(from: "not-determined", trigger: "request-always", choice: "allow-once", platform: "ios", os: Version("13.0"))
        #expect(thirteen.to == "temporary-when-in-use")
        #expect(thirteen.promptKey == "NSLocationWhenInUseUsageDescription")

        let grant = try answers.flow(from: "not-determined", trigger: "request-always", choice: "grant", platform: "ios", os: Version("10.0"))
        #expect(grant.to == "always", "granting an Always request before iOS 13 gives Always, not Provisional Always")
        let instead = try answers.flow(
            from: "not-determined", trigger: "request-always", choice: "grant-when-in-use-instead", platform: "ios", os: Version("12.0"))
        #expect(instead.to == "when-in-use-always-asked")
        let insteadOnTen = try answers.flow(
            from: "not-determined", trigger: "request-always", choice: "grant-when-in-use-instead", platform: "ios", os: Version("10.0"))
        #expect(insteadOnTen.to == nil, "the article's Always prompt is read for iOS 11 and 12 only")
        let grantOnThirteen = try answers.flow(from: "not-determined", trigger: "request-always", choice: "grant", platform: "ios", os: Version("13.0"))
        #expect(grantOnThirteen.to == nil, "from iOS 13 the options tables name the choices")
    }

    @Test("Allow Once expires when the app is no longer in use; Always requests are ignored meanwhile")
    func allowOnce() throws {
        let expiry = try answers.flow(from: "temporary-when-in-use", trigger: "stop-using", choice: nil, platform: "ios", os: Version("13.0"))
        #expect(expiry.prompted == false)
        #expect(expiry.to == "not-determined")
        #expect(Set(expiry.sources) == ["request-always-authorization", "request-when-in-use-authorization"], "both pages say it")
        #expect(expiry.delegateNotified == nil, "neither says whether the delegate is told")
        // From iOS 14, the page of locationManagerDidChangeAuthorization(_:) says it is called when
        // the status changes, and that temporary authorization changes when the person stops using the app.
        let told = try answers.flow(from: "temporary-when-in-use", trigger: "stop-using", choice: nil, platform: "ios", os: nil)
        #expect(told.to == "not-determined" && told.delegateNotified == true)
        #expect(told.sources == ["did-change-authorization"])
        let ignored = try answers.flow(from: "temporary-when-in-use", trigger: "request-always", choice: nil, platform: "ios", os: nil)
        #expect(ignored.prompted == false)
        #expect(ignored.to == "temporary-when-in-use")
    }

    @Test("a choice where no prompt appears is ignored, and the answer says so")
    func ignoredChoice() throws {
        let answer = try answers.flow(from: "denied", trigger: "request-when-in-use", choice: "allow-once", platform: "ios", os: nil)
        #expect(answer.prompted == false)
        #expect(answer.choiceIgnored)
        #expect(answer.to == "denied")
        #expect(answer.delegateNotified == false)
        guard case let .object(members) = answer.json else { Issue.record("not an object"); return }
        #expect(members["choiceIgnored"] == .bool(true))
        #expect(members["promptKey"] == .null)
    }

    @Test("the Always prompt's key: NSLocationAlwaysUsageDescription before iOS 11, the newer key after and elsewhere")
    func promptKeyByVersion() throws {
        let old = try answers.flow(from: "when-in-use", trigger: "request-always", choice: nil, platform: "ios", os: Version("10.3"))
        #expect(old.promptKey == "NSLocationAlwaysUsageDescription")
        let current = try answers.flow(from: "when-in-use", trigger: "request-always", choice: nil, platform: "ios", os: nil)
        #expect(current.promptKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(current.facts.contains { $0.adjudication == "always-prompt-message" })
        let watch = try answers.flow(from: "provisional-always", trigger: "always-event", choice: nil, platform: "watchos", os: nil)
        #expect(watch.promptKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
    }

    @Test(
        "visionOS apps cannot call requestAlwaysAuthorization() (no visionOS line); no flow is described for macOS or Mac Catalyst; tvOS prompts with the When In Use key"
    )
    func platforms() throws {
        // The page's sentence about compatible iPad and iPhone apps in visionOS is a note, not availability.
        let vision = try answers.flow(from: "not-determined", trigger: "request-always", choice: "allow-while-using", platform: "visionos", os: nil)
        #expect(vision.closedBy?.outcome == "request-not-available")
        #expect(vision.to == nil)
        let catalyst = try answers.flow(from: "not-determined", trigger: "request-when-in-use", choice: nil, platform: "mac-catalyst", os: nil)
        #expect(catalyst.prompted == nil && catalyst.to == nil, "mac-catalyst: no source describes its prompts")
        // requestWhenInUseAuthorization()'s page lists tvOS and says the prompt shows the When In Use key.
        let tv = try answers.flow(from: "not-determined", trigger: "request-when-in-use", choice: nil, platform: "tvos", os: nil)
        #expect(tv.promptKey == "NSLocationWhenInUseUsageDescription")
        let mac = try answers.flow(from: "not-determined", trigger: "request-when-in-use", choice: nil, platform: "macos", os: nil)
        #expect(mac.prompted == nil && mac.to == nil)
        guard case let .object(members) = mac.json else { Issue.record("not an object"); return }
        #expect(members["prompted"] == .null)
    }

    @Test("unknown ids in a flow question name the id and suggest the nearest")
    func unknownIDs() {
        for (from, trigger, choice, kind) in [
            ("not-determind", "request-always", nil, EntityKind.state),
            ("not-determined", "request-alway", nil, .trigger),
            ("not-determined", "request-always", "allow-onse", .choice),
        ] as [(String, String, String?, EntityKind)] {
            do {
                _ = try answers.flow(from: from, trigger: trigger, choice: choice, platform: "ios", os: nil)
                Issue.record("no error for \(from) \(trigger) \(choice ?? "")")
            } catch let error as UnknownID {
                #expect(error.kind == kind)
                #expect(!error.suggestions.isEmpty)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test("the JSON answer has the contract's fields")
    func jsonShape() throws {
        let json = try answers.flow(from: "not-determined", trigger: "request-always", choice: nil, platform: "ios", os: nil).json
        guard case let .object(members) = json else { Issue.record("not an object"); return }
        for field in ["from", "trigger", "choice", "prompted", "promptKey", "to", "reportedStatus", "delegateNotified", "sources", "choices", "choiceIgnored"] {
            #expect(members[field] != nil, "missing \(field)")
        }
        #expect(members["choices"] == .strings(["allow-while-using", "allow-once", "dont-allow"]))
        #expect(members["to"] == .null)
    }

    @Test("every state is reachable from Not Determined; rows group platforms and cite their claims")
    func rows() throws {
        #expect(flow.reachableStates() == Set(Self.report.model.vocabulary.ids(.state)))
        let rows = flow.rows()
        #expect(rows.count >= 25)
        #expect(rows.allSatisfy { !$0.deciding.isEmpty && !$0.sources.isEmpty })
        let restricted = try #require(rows.first { $0.outcome.to == "restricted" && $0.from == "not-determined" })
        #expect(restricted.platforms.count == 7)
        let noOps = rows.filter(\.changesNothing)
        #expect(noOps.contains { $0.from == "denied" && $0.trigger == "request-always" })
        #expect(
            !rows.contains { $0.platforms.contains("macos") && $0.outcome.status == "authorized-when-in-use" },
            "authorizedWhenInUse does not exist on macOS")
        // Before iOS 13 an Always request can be granted outright; from 13 it takes two prompts.
        #expect(flow.layers()["always"] == 1)
        #expect(flow.layers()["provisional-always"] == 1)
    }

    @Test("transition outcomes compare equal when one states the state's default status")
    func defaultStatus() {
        let stated = TransitionOutcome(to: "always", status: "authorized-always", statusStated: true, delegate: true)
        let defaulted = TransitionOutcome(to: "always", status: "authorized-always", statusStated: false, delegate: true)
        #expect(ClaimValue.transition(stated) == .transition(defaulted))
        #expect(ClaimValue.transition(stated) != .transition(TransitionOutcome(to: "always", status: "authorized-always", statusStated: true, delegate: nil)))
    }

    @Test("the flow page: an inline SVG (role img, title, desc) in HTML only, the table in every format, deterministic")
    func flowPage() throws {
        let compiled = CompiledModel(model: Self.report.model, merge: Self.report.merge)
        let page = PageContext(compiled).flowPage()
        #expect(page.manName == "capdoc-authorization-flow")
        let html = PageDocumentBuilder(format: .html, page: page).document().html()
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"flow-diagram-title flow-diagram-desc\""))
        #expect(html.contains("<desc id=\"flow-diagram-desc\">Not Determined to When In Use: "))
        #expect(html.contains("<caption>From Not Determined: "))
        #expect(html.contains("<h3 id=\"from-not-determined\">From Not Determined</h3>"))
        #expect(html.contains("<div class=\"table-wrap flow-transitions\">"))
        #expect(!html.contains("stateDiagram"), "the Mermaid block is Markdown's")
        #expect(!html.contains("<script"))
        #expect(html == PageDocumentBuilder(format: .html, page: PageContext(compiled).flowPage()).document().html())
        let markdown = PageDocumentBuilder(format: .markdown, page: page).document().commonMark()
        #expect(!markdown.contains("<svg"))
        #expect(markdown.contains("| Trigger | Choice | To | Status reported | Delegate told | Prompt shows | Platforms |"))
        #expect(markdown.contains("### <a id=\"from-not-determined\"></a>From Not Determined"))
        let man = PageDocumentBuilder(format: .man, page: page).rendered()
        #expect(!man.contains("stateDiagram") && !man.contains("<svg"))
        let home = PageContext(compiled).homePage()
        #expect(
            home.blocks.contains { block in
                if case let .list(items) = block { return items.contains { $0.contains(.link([.text("Authorization flow")], .page(.flow))) } }
                return false
            })
        #expect(PageContext(compiled).matrixPage().seeAlso.contains(.flow))
    }

    // MARK: The diagram

    /// The diagram's arrows as the SVG draws them: each `g.flow-edge` holds the arrow's path and its label.
    struct DrawnEdge {
        var points: [(x: Double, y: Double)]
        var label: (x: Double, y: Double, width: Double, height: Double)
        var text: [String]
    }

    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func drawnEdges(_ svg: String) -> [DrawnEdge] {
        svg.components(separatedBy: "<g class=\"flow-edge\">").dropFirst().compactMap { chunk -> DrawnEdge? in
            let group = Substring(chunk.components(separatedBy: "</g>")[0])
            guard let pathTag = group.range(of: "<path ").map({ group[$0.lowerBound...] }),
                let d = attribute("d", in: pathTag),
                let rectTag = group.range(of: "<rect ").map({ group[$0.lowerBound...] }),
                let x = attribute("x", in: rectTag).flatMap(Double.init), let y = attribute("y", in: rectTag).flatMap(Double.init),
                let width = attribute("width", in: rectTag).flatMap(Double.init), let height = attribute("height", in: rectTag).flatMap(Double.init)
            else { return nil }
            let points = d.split(separator: " ").map { part -> (x: Double, y: Double) in
                let numbers = part.dropFirst().split(separator: ",").compactMap { Double($0) }
                return (numbers[0], numbers[1])
            }
            let text = group.components(separatedBy: "<text ").dropFirst().map { $0.components(separatedBy: ">")[1].components(separatedBy: "<")[0] }
            return DrawnEdge(points: points, label: (x, y, width, height), text: text)
        }
    }

    /// The distance from a point to a polyline.
    static func distance(_ p: (x: Double, y: Double), _ line: [(x: Double, y: Double)]) -> Double {
        zip(line, line.dropFirst()).map { a, b in
            let dx = b.x - a.x, dy = b.y - a.y
            let length = dx * dx + dy * dy
            let t = length == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
            let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
            return (x * x + y * y).squareRoot()
        }.min() ?? .infinity
    }

    /// The distance from a rectangle to a polyline (0 when the line touches or crosses it), sampled along the line.
    static func distance(_ r: (x: Double, y: Double, width: Double, height: Double), _ line: [(x: Double, y: Double)]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            for step in 0...200 {
                let t = Double(step) / 200
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                let dx = max(r.x - x, 0, x - (r.x + r.width)), dy = max(r.y - y, 0, y - (r.y + r.height))
                best = min(best, (dx * dx + dy * dy).squareRoot())
            }
        }
        return best
    }

    func diagramSVG() -> String {
        let context = PageContext(CompiledModel(model: Self.report.model, merge: Self.report.merge))
        return FlowDiagram(context: context, rows: flow.rows(), layers: flow.layers()).svg()
    }

    @Test("every label sits on its own arrow: nearer it than any other arrow, and no other arrow touches it")
    func labelsBesideTheirArrows() throws {
        let svg = diagramSVG()
        let edges = Self.drawnEdges(svg)
        let expected = Set(flow.rows().filter { $0.outcome.to != $0.from }.map { "\($0.from)|\($0.outcome.to)" })
        #expect(edges.count == expected.count, "one arrow per pair of different states")
        #expect(edges.count >= 10)
        for (index, edge) in edges.enumerated() {
            let center = (x: edge.label.x + edge.label.width / 2, y: edge.label.y + edge.label.height / 2)
            let own = Self.distance(center, edge.points)
            #expect(Self.distance(edge.label, edge.points) == 0, "the arrow runs through its label \(edge.text)")
            for (other, drawn) in edges.enumerated() where other != index {
                #expect(own < Self.distance(center, drawn.points), "\(edge.text) is nearer the arrow of \(drawn.text)")
                #expect(Self.distance(edge.label, drawn.points) >= 4, "the arrow of \(drawn.text) touches the label \(edge.text)")
                let a = edge.label, b = drawn.label
                #expect(
                    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
                    "the labels \(edge.text) and \(drawn.text) overlap")
            }
        }
        // Each label names the triggers of its arrow's rows.
        let names = Self.report.model.vocabulary
        for row in flow.rows() where row.outcome.to != row.from {
            let trigger = try #require(names.entity(.trigger, row.trigger)?.name)
            #expect(edges.contains { $0.text.contains(trigger) })
        }
    }

    @Test("the diagram is drawn at its own size in a scrolling box, with role img, title and desc, and no script")
    func diagramSize() {
        let svg = diagramSVG()
        #expect(svg.contains("<div class=\"flow-diagram-scroll\""))
        #expect(!svg.contains("max-width:100%"), "scaled down, its text would be unreadable on a phone")
        #expect(svg.contains("role=\"img\"") && svg.contains("<title id=\"flow-diagram-title\">") && svg.contains("<desc id=\"flow-diagram-desc\">"))
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("font-size=\"10") && !svg.contains("font-size=\"9"), "no text smaller than 11px")
        #expect(svg == diagramSVG(), "deterministic")
    }

    @Test("flow.md has a Mermaid stateDiagram-v2 with every state and every transition that changes the state, deterministic")
    func mermaid() throws {
        func markdown() -> String {
            let compiled = CompiledModel(model: Self.report.model, merge: Self.report.merge)
            return PageDocumentBuilder(format: .markdown, page: PageContext(compiled).flowPage()).rendered()
        }
        let text = markdown()
        let start = try #require(text.range(of: "\n```mermaid\nstateDiagram-v2\n"))
        let end = try #require(text[start.upperBound...].range(of: "\n```\n"))
        let block = String(text[start.upperBound..<end.lowerBound])
        let vocabulary = Self.report.model.vocabulary
        for state in vocabulary.ids(.state) {
            #expect(block.contains("    state \"\(vocabulary.entity(.state, state)!.name)\" as s_\(state.replacingOccurrences(of: "-", with: "_"))\n"))
        }
        #expect(block.contains("    [*] --> s_not_determined\n"))
        var transitions = 0
        for row in flow.rows() where row.outcome.to != row.from {
            let label = vocabulary.entity(.trigger, row.trigger)!.name + (row.choice.map { " → " + vocabulary.entity(.choice, $0)!.name } ?? "")
            let line = "    s_\(row.from.replacingOccurrences(of: "-", with: "_")) --> s_\(row.outcome.to.replacingOccurrences(of: "-", with: "_")): \(label)"
            #expect(block.components(separatedBy: "\n").contains(line), "missing \(line)")
            transitions += 1
        }
        #expect(transitions >= 15)
        #expect(!block.contains(";"), "Mermaid ends a statement at a semicolon")
        #expect(text.contains("| Trigger | Choice | To |"), "the tables stay")
        #expect(text == markdown(), "deterministic")
    }

    @Test("a quote may leave words out with …; its parts must occur in that order")
    func elidedQuotes() {
        let text = ArchiveText(
            "| Allow Once | Temporary When In Use authorization. |\n\nAfter the user makes a selection, the location manager delivers the results to the delegate."
        )
        #expect(text.contains(quote: "Allow Once | Temporary When In Use authorization. … the location manager delivers the results to the delegate"))
        #expect(!text.contains(quote: "the location manager delivers the results … Allow Once"))
        #expect(!text.contains(quote: "Allow Twice … the delegate"))
        #expect(!text.contains(quote: " … "))
    }

    // MARK: The checks on the shipped Content

    @Test("the prompt-key check exposes 001's Always prompt key where the keys changed (research C15)")
    func promptKeyExposesC15() throws {
        var tree = FixtureTree.shipped()
        let keyPage = tree.text("sources/key-always.yaml")
        let cut = try #require(keyPage.range(of: "  - id: prompt-older-after-when-in-use"))
        tree.write(String(keyPage[..<cut.lowerBound]), to: "sources/key-always.yaml")
        let rulings = tree.text("adjudications.yaml")
        let start = try #require(rulings.range(of: "- id: always-prompt-message"))
        let end = try #require(rulings.range(of: "- id: authorization-callback"))
        var kept = String(rulings[..<start.lowerBound]) + String(rulings[end.lowerBound...])
        // The rulings that bound the removed prompts by the request's introduction (the file's last two) go with them.
        if let bounded = kept.range(of: "\n- id: always-prompt-before-request-method-ios") { kept = String(kept[..<bounded.lowerBound]) + "\n" }
        tree.write(kept, to: "adjudications.yaml")
        let report = tree.check(archives: false)
        let findings = report.diagnostics.filter { $0.checkID == PromptKeyNotRequiredCheck.id }
        #expect(findings.count == 2, "the prompt after When In Use and the second prompt")
        #expect(findings.allSatisfy { $0.message.contains("NSLocationAlwaysUsageDescription") && $0.message.contains("ios (11.0 and later)") })
        #expect(
            report.diagnostics.allSatisfy { [PromptKeyNotRequiredCheck.id, UndecidedCellCheck.id].contains($0.checkID) }, "\(report.diagnostics.map(\.message))"
        )
    }

    @Test("naming macOS for the requestWhenInUseAuthorization() flow is caught twice: the status and the prompt's key")
    func macOSIsCaught() {
        var tree = FixtureTree.shipped()
        let page = tree.text("sources/request-when-in-use-authorization.yaml")
        tree.write(
            page.replacingOccurrences(
                of: "platforms: [ios, ipados, watchos]",
                with: "platforms: [ios, ipados, macos, watchos]"
            )
            .replacingOccurrences(of: "platforms: [ios, ipados, watchos, tvos, visionos]", with: "platforms: [ios, ipados, macos, watchos, tvos, visionos]"),
            to: "sources/request-when-in-use-authorization.yaml")
        let report = tree.check(archives: false)
        #expect(
            report.diagnostics.contains {
                $0.checkID == StatusNotOnPlatformCheck.id && $0.message.contains("macos") && $0.message.contains("authorized-when-in-use")
            })
        #expect(report.diagnostics.contains { $0.checkID == PromptKeyNotRequiredCheck.id && $0.message.contains("macos") })
    }

    @Test("without the restrictions transition, Restricted is unreachable")
    func restrictedNeedsItsTransition() throws {
        var tree = FixtureTree.shipped()
        let page = tree.text("sources/clauthorizationstatus.yaml")
        let cut = try #require(page.range(of: "  - id: restricted-by-restrictions"))
        tree.write(String(page[..<cut.lowerBound]), to: "sources/clauthorizationstatus.yaml")
        let report = tree.check(archives: false)
        // The shipped Content's known gaps (ShippedContentTests.knownGaps) are undecided cells; nothing else fires.
        let findings = report.diagnostics.filter { $0.checkID != UndecidedCellCheck.id }
        #expect(findings.map(\.checkID) == [UnreachableStateCheck.id])
        #expect(findings.first?.message.contains("'restricted'") == true)
    }
}
