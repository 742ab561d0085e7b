import Foundation

/// The answers of a build, one `ServiceAnswers` per service, worked out the first time any output
/// asks for the service and shared by every output: the pages that show its cells (its own page,
/// the matrix, level and platform parts that list it) and its entry in the dataset.
///
/// A build lets a block of services go once every page and entry made of them is written
/// (`release`, from `RenderOrder`), so that memory does not grow with the services: held for the
/// whole build, 20,000 services' answers took more than the model itself. What the deployment-target
/// pages read of every service (the support timelines, without the facts behind them) is kept.
public final class AnswerTable: @unchecked Sendable {
    /// Private: an output reads answers through the table, never through the gates (`OutputsReadAnswersTests`).
    private let matrix: Matrix
    let vocabulary: Vocabulary
    /// The services' ids, by place in the vocabulary (`Vocabulary.ids` makes a new list each time).
    private let services: [String]
    private let levelCount: Int
    /// Per service (by place in the vocabulary), its answers while held.
    private var held: [ServiceAnswers?]
    /// Per service, its support timelines (platform by platform, level by level) without facts: kept.
    private var supportsKept: [[ServiceAnswers.SupportTimeline]?]
    private let lock = NSLock()
    /// How many times a service's answers were worked out (tests: once each in a build).
    private var workedOut = 0
    /// The flow and its transitions, worked out the first time an output reads them.
    let flowMemo = Memo<Flow>()
    let flowRowsMemo = Memo<[Flow.Row]>()
    let flowErasMemo = Memo<[Flow.Era]>()
    let flowErasByPlatformMemo = Memo<[String: PlatformEras]>()

    /// The table of a merged model: the facts through their gates, answered as outputs ask.
    convenience init(merge: MergeResult, model: ContentModel) {
        self.init(matrix: Matrix(gated: GatedFacts(merge: merge, model: model)))
    }

    init(matrix: Matrix) {
        self.matrix = matrix
        vocabulary = matrix.gated.vocabulary
        services = vocabulary.ids(.service)
        levelCount = max(vocabulary.ids(.level).count, 1)
        let count = services.count
        held = Array(repeating: nil, count: count)
        supportsKept = Array(repeating: nil, count: count)
    }

    /// The answers about the service at `slot` in the vocabulary. Two threads asking at once may both
    /// work them out; the results are the same, and the first kept.
    func answers(slot: Int) -> ServiceAnswers {
        if let known = lock.withLock({ held[slot] }) { return known }
        let computed = ServiceAnswers(service: services[slot], matrix: matrix)
        // Only the answers, ranges and deprecations are read from what is kept: dropping the facts
        // behind them keeps 20,000 services' timelines to a few tens of megabytes.
        let stripped = computed.strippedSupports()
        return lock.withLock {
            workedOut += 1
            if supportsKept[slot] == nil { supportsKept[slot] = stripped }
            if let first = held[slot] { return first }
            held[slot] = computed
            return computed
        }
    }

    /// The answers about a service; one the vocabulary does not hold is worked out and not kept.
    func answers(service: String) -> ServiceAnswers {
        guard let slot = vocabulary.position(.service, service) else { return ServiceAnswers(service: service, matrix: matrix) }
        return answers(slot: slot)
    }

    /// The support timelines of a service on a platform, level by level, without the facts behind
    /// them: what the deployment-target pages read of every service, kept for the whole build.
    func supportTimelines(service: String, platform: Int) -> ArraySlice<ServiceAnswers.SupportTimeline> {
        let levels = levelCount
        guard let slot = vocabulary.position(.service, service) else {
            let answers = ServiceAnswers(service: service, matrix: matrix).strippedSupports()
            return answers[platform * levels..<(platform + 1) * levels]
        }
        // Working a service's answers out keeps its support timelines.
        if lock.withLock({ supportsKept[slot] }) == nil { _ = answers(slot: slot) }
        return lock.withLock { supportsKept[slot]! }[platform * levels..<(platform + 1) * levels]
    }

    /// Lets the answers of these services go (their support timelines stay); asked for again, they
    /// are worked out again.
    func release(_ services: some Sequence<String>) {
        let slots = services.compactMap { vocabulary.position(.service, $0) }
        lock.withLock { for slot in slots { held[slot] = nil } }
    }

    /// How many services' answers are held now (tests: that a build lets them go).
    var servicesHeld: Int { lock.withLock { held.count { $0 != nil } } }
    /// How many times a service's answers were worked out.
    var timesWorkedOut: Int { lock.withLock { workedOut } }
}

/// Every answer an output reads that is not one of a service's (`ServiceAnswers`): the keys of a
/// request, whether a key or an API exists or is deprecated, a status's reporting, the flow. The
/// outputs (pages, the dataset, `query`, `explain`, `lint-plist`) read them here and never through
/// `GatedFacts` or `Matrix` themselves, so that one route leads from a fact to every output and a
/// change to how an answer is worked out is made in one place (`ArchitectureTests` holds them to it).
///
/// These are read a few times per page at most and their number does not grow with the services, so
/// they are worked out where they are read, not kept: only the flow, which every flow output reads
/// whole, is worked out once.
extension AnswerTable {
    private var gated: GatedFacts { matrix.gated }

    /// A fact kind's answer over OS versions, through its gates. `accuracy`: the accuracy the user
    /// granted; reduced accuracy applies the gates declared for it.
    func timeline(_ kind: FactKind, subject: String, platform: String, level: String? = nil, accuracy: Accuracy = .full) -> [GatedFacts.Segment] {
        gated.timeline(kind, subject: subject, platform: platform, level: level, accuracy: accuracy)
    }

    /// A fact kind's answer at one OS version (nil: the newest versions), through its gates.
    func answer(
        _ kind: FactKind, subject: String, platform: String, level: String? = nil, at version: Version? = nil, accuracy: Accuracy = .full
    ) -> GatedFacts.Segment {
        gated.answer(kind, subject: subject, platform: platform, level: level, at: version, accuracy: accuracy)
    }

    /// The facts of a cell cut to where they hold through the gates (what `lint-plist` works on).
    func holding(_ kind: FactKind, subject: String, platform: String, level: String? = nil) -> [Fact] {
        gated.holding(kind, subject: subject, platform: platform, level: level)
    }

    /// A request's, key's or API's deprecation at a version (nil: the newest); nil where it is not deprecated.
    func deprecation(_ kind: FactKind, subject: String, platform: String, at version: Version?) -> Deprecation? {
        gated.deprecation(kind, subject: subject, platform: platform, at: version)
    }

    /// A service's support at one OS version (nil: the newest) for an app granted `accuracy`: what
    /// `query support` answers. Under full accuracy it is the matrix's answer for that version.
    func support(service: String, platform: String, level: String, at version: Version?, accuracy: Accuracy) -> Support {
        matrix.support(service: service, platform: platform, level: level, at: version, accuracy: accuracy)
    }

    /// A service's support on a platform under a level over OS versions, as the matrix shows it: from
    /// the service's answers (worked out here for a platform or level the vocabulary does not hold).
    func supportTimeline(service: String, platform: String, level: String) -> ServiceAnswers.SupportTimeline {
        guard let platformPosition = vocabulary.position(.platform, platform), let levelPosition = vocabulary.position(.level, level) else {
            return matrix.timeline(service: service, platform: platform, level: level)
        }
        return answers(service: service).support(platform: platformPosition, level: levelPosition)
    }

    /// The versions where the answer of a cell of `kind`, or of a cell its gates require, may change,
    /// for every subject of the kind under each of `levels`, on the platform of `bounds` (`DistinctCellBounds`).
    func collectBounds(ofEverySubject kind: FactKind, levels: [String?], into bounds: inout DistinctCellBounds) {
        bounds.collectEverySubject(of: kind, levels: levels, from: gated)
    }

    /// The authorization flow through its gates, made once per table.
    var flow: Flow { flowMemo.value { Flow(gated: gated) } }

    /// Every transition of the flow, worked out once: the flow page and the dataset list the same rows.
    var flowRows: [Flow.Row] { flowRowsMemo.value { flow.rows() } }

    /// The flow's eras that have a page (per platform, the runs of versions over which the same rows
    /// hold, grouped as `Flow.EraPaging` says), worked out once from `flowRows`: the flow page lists
    /// them and each has its own page. Platforms in vocabulary order, each platform's oldest first.
    var flowEras: [Flow.Era] {
        flowErasMemo.value {
            let pages = Flow.eraPages(of: flowRows, vocabulary: vocabulary)
            return vocabulary.ids(.platform).flatMap { pages[$0]?.eras ?? [] }
        }
    }

    /// A platform's eras, oldest first, and where each is among them (by its range).
    struct PlatformEras: Sendable {
        var eras: [Flow.Era] = []
        var positions: [VersionRange: Int] = [:]
    }

    /// The flow's eras by platform, grouped once: each era's page lists those of every platform and
    /// finds its own among them, where filtering every era per page cost eras² (issue 41).
    var flowErasByPlatform: [String: PlatformEras] {
        flowErasByPlatformMemo.value {
            var byPlatform: [String: PlatformEras] = [:]
            for era in flowEras {
                byPlatform[era.platform, default: PlatformEras()].positions[era.range] = byPlatform[era.platform]?.eras.count ?? 0
                byPlatform[era.platform]!.eras.append(era)
            }
            return byPlatform
        }
    }

    /// The titles of a choice's button on a platform over a run of versions (`choice-title` facts),
    /// each with the fact behind it, or none where no source gives the title.
    func choiceTitles(_ choice: String, platform: String, over range: VersionRange) -> [Flow.ChoiceTitle] {
        flow.choiceTitles(choice, platform: platform, over: range)
    }
}

extension ServiceAnswers {
    /// Every support timeline, platform by platform and level by level, without the facts behind it.
    func strippedSupports() -> [SupportTimeline] {
        (0..<platformCount).flatMap { platform in
            (0..<levelCount).map { level in
                support(platform: platform, level: level).map { entry in
                    (
                        os: entry.os,
                        support: Support(
                            availability: entry.support.availability, relaunch: entry.support.relaunch,
                            deprecation: entry.support.deprecation.map { Deprecation(since: $0.since, replacement: $0.replacement, facts: []) },
                            facts: [])
                    )
                }
            }
        }
    }
}
