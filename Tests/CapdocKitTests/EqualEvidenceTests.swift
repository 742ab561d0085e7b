import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The same kind of evidence gives the same kind of answer, whatever the entity: a symbol whose page
/// has a complete platform list (`platform-list: complete`) is decided, yes or no, on every platform
/// at every version from the platform's first, whether it is a service, an API, a key, a request or
/// a status. (Before complete lists, a platform missing from a list read "No" for services, where a
/// maintainer had written the absence down, and "Unknown" for APIs, where nobody had.)
@Suite("Equal evidence")
struct EqualEvidenceTests {
    @Test("every subject of a complete platform list is decided on every platform and version")
    func completeListsDecideEveryPlatform() {
        let report = FixtureTree.shipped().check(archives: false)
        let model = report.model
        let platforms = model.vocabulary.ids(.platform)
        var undecided: [String] = []
        var subjects = 0
        for source in model.sources where source.platformList?.value == PlatformListCompletion.complete {
            for group in PlatformListCompletion.availabilityGroups(source.claims) {
                subjects += 1
                for platform in platforms {
                    let facts = report.merge.facts(group.kind, subject: group.subject, platform: platform)
                    if let gap = Self.firstGap(in: facts.map(\.os)) {
                        undecided.append("\(group.kind.rawValue) \(group.subject) on \(platform) \(gap) (\(source.id.value))")
                    }
                }
            }
        }
        #expect(subjects > 40, "the shipped Content marks its reference pages' lists complete")
        #expect(undecided == [])
    }

    @Test("a platform a complete list leaves out answers the same for a service and an API")
    func missingPlatformAnswersAlike() throws {
        let report = FixtureTree.shipped().check(archives: false)
        let gated = GatedFacts(merge: report.merge, model: report.model)
        // CLMonitor (the condition-monitoring service) has no watchOS line, CLLocationButton (an API) no
        // macOS line, LocationButton (a request) no macOS line: each answers no, citing its list.
        let service = gated.answer(.serviceOnPlatform, subject: "condition-monitoring", platform: "watchos")
        let api = gated.answer(.apiAvailable, subject: "cl-location-button", platform: "macos")
        let request = gated.answer(.requestAvailable, subject: "location-button", platform: "macos")
        for answer in [service, api, request] {
            #expect(answer.answer == .value(.boolean(false)))
            #expect(!answer.claims.isEmpty)
        }
    }

    @Test("a list's implied claims: missing platforms and the versions before an introduction")
    func impliedClaims() throws {
        var vocabulary = Vocabulary()
        for (id, first) in [("ios", "2.0"), ("macos", "10.0"), ("tvos", "9.0")] {
            vocabulary.add(
                Entity(
                    kind: .platform, id: Located(id, at: .file("p")), name: id, summary: "",
                    attributes: ["first-version": first]))
        }
        let at = SourceLocation.file("s.yaml")
        func line(_ id: String, _ platform: String, from: String?, value: Bool = true) -> Claim {
            Claim(
                sourceID: "s", id: Located(id, at: at), fact: .apiAvailable, location: at,
                scope: ClaimScope(
                    subjects: .named([Located("x", at: at)]), platforms: .named([Located(platform, at: at)]),
                    os: VersionRange(from: from.flatMap(Version.init))),
                value: Located(.boolean(value), at: at), quote: Located("\(platform) line", at: at))
        }
        let source = Source(
            id: Located("s", at: at), title: "t", url: "https://example.com", kind: "reference", date: nil,
            archive: nil, summary: nil, claims: [line("on-ios", "ios", from: "8.0"), line("on-macos", "macos", from: nil)],
            path: "s.yaml", platformList: Located("complete", at: at))
        let completed = PlatformListCompletion.completed(source, vocabulary: vocabulary)
        let made = completed.claims.dropFirst(2)
        #expect(made.map(\.id.value) == ["not-listed", "on-ios-before"])
        #expect(made.first?.scope.platforms == .named([Located("tvos", at: at)]))
        #expect(made.first?.quote.value == "ios line … macos line")
        #expect(made.last?.scope.os == VersionRange(until: Version("8.0")))
        #expect(made.allSatisfy { $0.value.value == .boolean(false) })
        // A subject mentioned in passing (no line with an introduction version) implies nothing.
        var passing = source
        var mention = line("y-on-macos", "macos", from: nil)
        mention.scope.subjects = .named([Located("y", at: at)])
        passing.claims.append(mention)
        #expect(
            PlatformListCompletion.completed(passing, vocabulary: vocabulary).claims.map(\.id.value)
                == ["on-ios", "on-macos", "y-on-macos", "not-listed", "on-ios-before"])
        // Without the field, nothing is implied.
        var open = source
        open.platformList = nil
        #expect(PlatformListCompletion.completed(open, vocabulary: vocabulary).claims.count == 2)
    }

    /// The first versions no fact covers, from the platform's start (a fact open below) to the newest (open above).
    static func firstGap(in ranges: [VersionRange]) -> String? {
        guard let first = ranges.first else { return "(no fact)" }
        if let from = first.from { return "before \(from)" }
        for (earlier, later) in zip(ranges, ranges.dropFirst()) where earlier.until != later.from {
            return "from \(earlier.until.map(\.description) ?? "?")"
        }
        if let until = ranges.last?.until { return "from \(until)" }
        return nil
    }
}
