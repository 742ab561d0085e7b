import Foundation
import Testing
@testable import CapdocKit
import CapdocTestSupport

/// The Content the project ships: clean, verified against the seeds, and its contradictions real.
@Suite("Shipped Content")
struct ShippedContentTests {
    @Test("checks clean without archives: nothing but the known gaps")
    func clean() {
        let report = FixtureTree.shipped().check(archives: false)
        Self.expectOnlyKnownGaps(report)
    }

    /// Needs the archived pages (`CAPDOC_SEEDS`, `CAPDOC_ARCHIVES`; CI gives them); a clone without
    /// them skips this test, visibly, and still runs `clean()`.
    @Test(
        "every quote of an archived source is found in its archived text (the seeds and the current pages)",
        .enabled(if: Paths.archivedPagesExist, Comment(rawValue: Paths.archivedPagesNeeded)))
    func quotesInArchives() throws {
        let seedPages = try #require(Paths.seeds), archives = try #require(Paths.archives)
        let checker = Checker(archives: ArchiveLibrary(folders: [seedPages.path, archives.path]))
        let report = checker.check(contentAt: Paths.content.path)
        Self.expectOnlyKnownGaps(report)
        let archived = report.model.sources.filter { $0.archive != nil }
        let seeds = archived.filter { $0.archive!.value.hasSuffix(".txt") }
        #expect(seeds.count == 5, "the five seeds are encoded with their archives")
        // Every current page of the archives is the archive of a source.
        let pages = try FileManager.default.contentsOfDirectory(atPath: archives.path).filter { $0.hasSuffix(".md") && $0 != "INDEX.md" }
        #expect(Set(pages).subtracting(archived.map(\.archive!.value)).sorted() == [], "archived pages no source encodes")
        #expect(report.model.claims.filter { archived.map(\.id.value).contains($0.sourceID) }.count > 500)
    }

    /// No diagnostic but the undecided cells the sources leave open, and exactly those.
    static func expectOnlyKnownGaps(_ report: Checker.Report, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(report.diagnostics.filter { $0.checkID != UndecidedCellCheck.id }.map(\.headline) == [], sourceLocation: sourceLocation)
        // The cells no archived page decides, shown as unknown: a new gap, or a gap a source now fills, fails here.
        let gaps = report.diagnostics.filter { $0.checkID == UndecidedCellCheck.id }.map(\.message)
        #expect(gaps.sorted() == knownGaps.sorted(), sourceLocation: sourceLocation)
    }

    /// Cells no source decides. Whether a terminated app is launched for `CLLocationUpdate` on iOS and
    /// iPadOS: the guides' “the system launches your app” predates it, and the current background article
    /// says only that a relaunched app restarts its updates. (On the Mac, where the levels are
    /// equivalent, the ruling `no-relaunch-on-the-mac` decides it.)
    static let knownGaps = ["ios", "ipados"].map {
        "no claim decides launches-terminated-app for live-updates under always on \($0)"
    }

    /// The contradictions between the seeds that the issue names, by a claim on each side.
    static let knownContradictions: [(name: String, kind: FactKind, claims: [String])] = [
        (
            "keys of requestAlwaysAuthorization", .requestKeys,
            ["request-always-authorization#keys", "requesting-authorization#keys-always"]
        ),
        (
            "services under When In Use", .serviceAvailable,
            ["requesting-authorization-archived#services-both-levels", "choosing-authorization-level#table-visits"]
        ),
        (
            "relaunch under Always", .launchesTerminatedApp,
            ["requesting-authorization-archived#launch-always-others", "choosing-authorization-to-request-2019#launch-always"]
        ),
        (
            "explicit request on macOS", .explicitRequestRequired,
            ["request-always-authorization#explicit-request", "choosing-authorization-to-request-2019#explicit-request-macos"]
        ),
        (
            "the delegate method that reports permission choices (research C13)", .authorizationCallback,
            ["request-always-authorization#callback", "requesting-authorization-archived#callback"]
        ),
        (
            "the Always prompt's usage string (research C15)", .prompt,
            ["request-always-authorization#prompt-always-after-when-in-use", "key-always#prompt-later-after-when-in-use"]
        ),
        (
            "the second prompt's usage string (research C15)", .prompt,
            ["request-always-authorization#prompt-second", "key-always#prompt-later-second"]
        ),
        (
            "the Info.plist key that stops implicit prompts", .optOutKey,
            ["handling-location-updates-in-the-background#opt-out-key", "suspending-authorization-requests#opt-out-key"]
        ),
        (
            "region monitoring under reduced accuracy (“fence monitoring”)", .worksWithReducedAccuracy,
            ["accuracy-authorization#no-regions-or-beacons-reduced", "key-default-accuracy-reduced#all-services-reduced"]
        ),
        (
            "relaunch for region events on the Mac", .launchesTerminatedApp,
            ["monitoring-geographic-regions#no-relaunch-mac", "choosing-authorization-level#launch-always"]
        ),
        (
            "the location push service under When In Use", .serviceAvailable,
            ["location-push-service-extension#not-when-in-use", "requesting-authorization-archived#services-both-levels"]
        ),
    ]

    @Test("without adjudications, each known contradiction is reported at both claims")
    func contradictionsWithoutAdjudications() throws {
        var tree = FixtureTree.shipped()
        tree.write("[]\n", to: "adjudications.yaml")
        tree.removeFolder("adjudications")
        let report = tree.check(archives: false)
        let errors = report.diagnostics.filter { $0.checkID == ContradictionCheck.id }
        for known in Self.knownContradictions {
            let found = report.merge.contradictions.contains { $0.kind == known.kind && known.claims.allSatisfy($0.claims.contains) }
            #expect(found, "\(known.name) not found")
            for reference in known.claims {
                let claim = try #require(report.merge.claimsByReference[reference])
                #expect(
                    errors.contains { $0.location == claim.location && $0.message.contains(known.kind.rawValue) },
                    "\(known.name): no error at \(reference)")
            }
        }
        #expect(report.merge.contradictions.allSatisfy { $0.adjudication == nil })
    }

    /// Removing a ruling must change something: either its claims disagree again with nothing ruling
    /// on them (an error of the check), or a broader ruling takes the contradiction over and makes
    /// the other claim prevail (as when the iOS-before-11 ruling on keys is removed, the general one
    /// then gives the iOS 11 pair for iOS 10 too). A ruling whose removal changes neither is dead.
    @Test("every adjudication is needed: removing it alone reopens its contradiction or changes the answer")
    func everyAdjudicationIsNeeded() throws {
        let tree = FixtureTree.shipped()
        let adjudications = tree.check(archives: false).model.adjudications
        #expect(!adjudications.isEmpty)
        let prevailing = Dictionary(uniqueKeysWithValues: adjudications.map { ($0.id.value, $0.prevails.value) })
        for adjudication in adjudications {
            var without = tree
            try without.removeListEntry(at: adjudication.location)
            let report = without.check(archives: false)
            #expect(report.model.adjudications.count == adjudications.count - 1)
            let between = report.merge.contradictions.filter { contradiction in
                contradiction.claims.contains(adjudication.prevails.value)
                    && adjudication.over.contains { contradiction.claims.contains($0.value) }
            }
            let reopened = between.filter { $0.adjudication == nil }
            let overturned = between.filter { $0.adjudication.map { prevailing[$0] != adjudication.prevails.value } ?? false }
            #expect(
                !reopened.isEmpty || !overturned.isEmpty,
                "without \(adjudication.id.value), its claims neither disagree again nor get another answer")
            if !reopened.isEmpty { #expect(report.errorCount > 0, "without \(adjudication.id.value), the check passes") }
        }
    }

    @Test("a planted contradiction fails the check and points at the planted line")
    func plantedContradiction() throws {
        var tree = FixtureTree.shipped()
        let planted = """

              - id: planted
                fact: level-supported
                subject: always
                platforms: [ios]
                value: false
                quote: Always is not offered on iOS.
            """
        tree.write(tree.text("sources/clauthorizationstatus.yaml") + planted + "\n", to: "sources/clauthorizationstatus.yaml")
        let report = tree.check(archives: false)
        let line =
            tree.text("sources/clauthorizationstatus.yaml").split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("id: planted") }! + 1
        #expect(report.errorCount > 0)
        #expect(
            report.diagnostics.contains {
                $0.checkID == ContradictionCheck.id
                    && $0.location == CapdocKit.SourceLocation(path: "Content/sources/clauthorizationstatus.yaml", line: line, column: 5)
            })
    }

    @Test("a planted unknown id fails the check, names it and suggests the nearest")
    func plantedUnknownID() throws {
        var tree = FixtureTree.shipped()
        tree.replace(
            "platforms: [macos]\n    levels: all\n    value: false", with: "platforms: [macoss]\n    levels: all\n    value: false",
            in: "sources/choosing-authorization-to-request-2019.yaml")
        let report = tree.check(archives: false)
        let unknown = try #require(report.diagnostics.first { $0.checkID == UnknownIDCheck.id })
        #expect(unknown.message.contains("'macoss'"))
        #expect(unknown.message.contains("did you mean 'macos'"))
        #expect(unknown.location.path == "Content/sources/choosing-authorization-to-request-2019.yaml")
    }

    @Test("explain finds every API, key, entitlement and type the vocabulary names, each to its own page")
    func everyNameExplains() throws {
        let report = FixtureTree.shipped().check(archives: false)
        let explainer = Explainer(model: report.model, merge: report.merge)
        let vocabulary = report.model.vocabulary
        var named: [(name: String, match: Explainer.Match)] = []
        for service in vocabulary.all(.service) { named += service.apis.map { ($0, .init(kind: .service, id: service.id.value)) } }
        for request in vocabulary.all(.request) {
            named += [request.attributes["api"]].compactMap { $0 }.map { ($0, .init(kind: .request, id: request.id.value)) }
        }
        for key in vocabulary.all(.key) { named.append((key.id.value, .init(kind: .key, id: key.id.value))) }
        for api in vocabulary.all(.api) { named += [api.attributes["symbol"]].compactMap { $0 }.map { ($0, .init(kind: .api, id: api.id.value)) } }
        #expect(named.count > 40)
        for (name, match) in named {
            #expect(explainer.matches(name).contains(match), "explain \(name) does not find \(match.kind.rawValue) \(match.id)")
            #expect(explainer.markdown(match) != nil, "no page for \(match.kind.rawValue) \(match.id)")
        }
    }
}
