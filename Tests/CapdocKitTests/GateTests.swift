import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// Gates: answers composed through the facts they depend on, and the rulings on gate contradictions.
@Suite("Gates")
struct GateTests {
    /// The gate-contradiction fixture (visits exist on iOS from 8.0; a table says they work on iOS 7 to 9), with a ruling.
    static func ruled(prevails: String, over: String) -> FixtureTree {
        var tree = FixtureTree.base()
        tree.copy(Paths.fixtures.appendingPathComponent("checks/gate-contradiction"), to: FixtureTree.root)
        tree.remove("expected.txt")
        tree.write(
            """
            - id: visits-on-ios-7
              prevails: \(prevails)
              over: [\(over)]
              reason: A ruling for the test.
            """, to: "adjudications.yaml")
        return tree
    }

    @Test("A ruling for the gate's claim settles the contradiction; the answer stays closed before the API exists")
    func gateClaimPrevails() throws {
        let report = Self.ruled(prevails: "api#on-ios-before", over: "table#visits-ios-7-to-9").check()
        #expect(report.diagnostics.map(\.headline) == [])
        #expect(report.merge.usedAdjudications.contains("visits-on-ios-7"))
        let answers = Answers(model: report.model, merge: report.merge)
        let ios7 = try answers.support(service: "visits", platform: "ios", level: "always", os: Version("7.0"))
        #expect(ios7.support.availability.id == "not-on-platform")
        #expect(ios7.support.claims == ["api#on-ios-before"], "the answer cites the claim that closes the gate")
        #expect(try answers.support(service: "visits", platform: "ios", level: "always", os: Version("8.1")).support.available == true)
        // The wide When In Use claim is trimmed by the gate without a diagnostic.
        #expect(try answers.support(service: "visits", platform: "ios", level: "when-in-use", os: Version("7.0")).support.available == false)
    }

    @Test("A ruling for the gated claim sets the gate aside for it")
    func gatedClaimPrevails() throws {
        let report = Self.ruled(prevails: "table#visits-ios-7-to-9", over: "api#on-ios-before").check()
        #expect(report.diagnostics.map(\.headline) == [])
        let answers = Answers(model: report.model, merge: report.merge)
        let ios7 = try answers.support(service: "visits", platform: "ios", level: "always", os: Version("7.0"))
        #expect(ios7.support.available == true)
        // Not for claims the ruling does not name: When In Use on iOS 7 is still closed.
        #expect(try answers.support(service: "visits", platform: "ios", level: "when-in-use", os: Version("7.0")).support.available == false)
    }

    @Test("A wide claim trimmed by a gate is no diagnostic; an unknown gate makes a positive answer unknown")
    func unknownGate() throws {
        var tree = FixtureTree.base()
        tree.copy(Paths.fixtures.appendingPathComponent("checks/gate-contradiction"), to: FixtureTree.root)
        tree.remove("expected.txt")
        tree.remove("sources/table.yaml")
        let report = tree.check()
        #expect(report.diagnostics.map(\.headline) == [])
        let answers = Answers(model: report.model, merge: report.merge)
        // The guide says every service works everywhere; nothing says whether visits exist on watchOS.
        let watch = try answers.support(service: "visits", platform: "watchos", level: "always", os: nil)
        #expect(watch.support.available == nil)
        #expect(watch.support.availability == .gateUnknown(report.model.gates[0]))
    }

    /// Every service × platform × level at random OS versions of the shipped Content: no answer is
    /// "available" where a gate is false, and every decided answer cites a claim that decides it.
    @Test("Randomized: no answer is available where a gate is false, and each cites a deciding claim")
    func randomized() throws {
        let report = FixtureTree.shipped().check(archives: false)
        #expect(report.errorCount == 0)
        let merge = report.merge
        let vocabulary = report.model.vocabulary
        let answers = Answers(model: report.model, merge: merge)
        let gates = report.model.gates
        #expect(!gates.isEmpty)
        var random = SplitMix(state: 0x6A7E)
        var decided = 0
        for _ in 0..<3_000 {
            let service = vocabulary.ids(.service).randomElement(using: &random)!
            let platform = vocabulary.ids(.platform).randomElement(using: &random)!
            let level = vocabulary.ids(.level).randomElement(using: &random)!
            let version = Version(components: [Int.random(in: 1...30, using: &random), Int.random(in: 0...4, using: &random)])
            let support = try answers.support(service: service, platform: platform, level: level, os: version).support
            let exists = merge.fact(.serviceOnPlatform, subject: service, platform: platform, at: version)?.value
            let offered = merge.fact(.levelSupported, subject: level, platform: platform, at: version)?.value
            if exists == .boolean(false) || offered == .boolean(false) {
                #expect(support.available != true, "\(service) \(platform) \(level) \(version): available where a gate is false")
            }
            if support.available == true {
                #expect(
                    exists == .boolean(true) && offered == .boolean(true),
                    "\(service) \(platform) \(level) \(version): available without both gates known true")
            }
            if support.availability != .unknown {
                decided += 1
                let deciding = Set(support.facts.flatMap(\.deciding))
                #expect(!deciding.isEmpty, "\(service) \(platform) \(level) \(version): no deciding claim")
                // The claims cited decide the answer: for a value, the service-available fact holding here; for a
                // closed gate, a false fact of the kind that gate requires.
                switch support.availability {
                case let .value(value):
                    #expect(support.facts.contains { $0.kind == .serviceAvailable && $0.value == value && $0.os.contains(version) })
                case let .closed(gate):
                    #expect(support.facts.contains { $0.kind == gate.requires && $0.value == .boolean(false) && $0.os.contains(version) })
                case .gateUnknown:
                    #expect(support.facts.contains { $0.kind == .serviceAvailable && $0.os.contains(version) })
                case .unknown: break
                }
            }
            // Requests: never keys where the method does not exist or the level is not offered.
            let request = vocabulary.ids(.request).randomElement(using: &random)!
            let keys = try answers.keys(request: request, platform: platform, os: version)
            let method = merge.fact(.requestAvailable, subject: request, platform: platform, at: version)?.value
            let requestLevel = vocabulary.entity(.request, request)?.attributes["level"]
            let levelOffered = requestLevel.flatMap { merge.fact(.levelSupported, subject: $0, platform: platform, at: version)?.value }
            if method == .boolean(false) || levelOffered == .boolean(false) {
                #expect(keys.required == nil && keys.closedBy != nil, "\(request) \(platform) \(version): keys where a gate is false")
            }
            if keys.required != nil { #expect(method == .boolean(true), "\(request) \(platform) \(version): keys without the method") }
        }
        #expect(decided > 500, "the test must reach decided answers, not only unknown ones")
    }

    @Test("A value with one OS range keeps its bound on the pages (Markdown shown; every format renders the same cells)")
    func sinceKept() throws {
        let report = FixtureTree.shipped().check(archives: false)
        let files = try Builder(formats: [.markdown, .json], templates: Paths.package.appendingPathComponent("Templates").path)
            .render(CompiledModel(model: report.model, merge: report.merge))
        let page = files.first { $0.path == "markdown/requests/always.md" }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
        #expect(page.contains("| [iOS](../platforms/ios.md) | before 8.0: No ["), "requestAlwaysAuthorization() exists from iOS 8.0: no bare Yes")
        #expect(page.contains("; 8.0+: Yes ["), "each segment cites its own claims")
        // The availability list has no visionOS line and gives no version: its No stands alone.
        #expect(page.contains("| [visionOS](../platforms/visionos.md) | No ["))
    }
}
