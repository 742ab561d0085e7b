/// The gated timelines of one service: every answer the dataset gives about it (`services[].answers`),
/// each worked out the first time it is asked for and kept.
///
/// The service's page shows 63 of the 91 timelines the dataset lists per service (7 platforms, 2
/// levels). A build of both used to work each of those out twice, once per output; with one
/// `ServiceAnswers` handed from the page to the dataset (`DatasetAssembly.deliver`), once.
/// Used by one thread at a time: a page job makes it, composes the page and hands it on.
final class ServiceAnswers {
    /// The answers, in the order the dataset writes them: that order numbers a service's citations.
    enum Answer: Int, CaseIterable {
        case onPlatform, available, launchesTerminatedApp, deprecated, availableWithReducedAccuracy, worksWithReducedAccuracy,
            explicitRequestRequired, optOutKey, backgroundModeRequired, backgroundDelivery

        /// The member's name in the dataset.
        var name: String {
            switch self {
            case .onPlatform: "onPlatform"
            case .available: "available"
            case .launchesTerminatedApp: "launchesTerminatedApp"
            case .deprecated: "deprecated"
            case .availableWithReducedAccuracy: "availableWithReducedAccuracy"
            case .worksWithReducedAccuracy: "worksWithReducedAccuracy"
            case .explicitRequestRequired: "explicitRequestRequired"
            case .optOutKey: "optOutKey"
            case .backgroundModeRequired: "backgroundModeRequired"
            case .backgroundDelivery: "backgroundDelivery"
            }
        }

        var kind: FactKind {
            switch self {
            case .onPlatform: .serviceOnPlatform
            case .available, .availableWithReducedAccuracy: .serviceAvailable
            case .launchesTerminatedApp: .launchesTerminatedApp
            case .deprecated: .serviceDeprecated
            case .worksWithReducedAccuracy: .worksWithReducedAccuracy
            case .explicitRequestRequired: .explicitRequestRequired
            case .optOutKey: .optOutKey
            case .backgroundModeRequired: .backgroundModeRequired
            case .backgroundDelivery: .backgroundDelivery
            }
        }

        /// Under reduced accuracy the gates declared for it apply (gates.yaml, `accuracy: reduced`).
        var accuracy: Accuracy { self == .availableWithReducedAccuracy ? .reduced : .full }

        /// Whether the answer is given per level as well as per platform.
        var perLevel: Bool { self == .available || self == .launchesTerminatedApp || self == .availableWithReducedAccuracy }
    }

    let service: String
    let gated: GatedFacts
    let platforms: [String]
    let levels: [String]
    /// Each timeline once worked out, by `slot`.
    private var timelines: [[GatedFacts.Segment]?]

    init(service: String, gated: GatedFacts) {
        self.service = service
        self.gated = gated
        platforms = gated.vocabulary.ids(.platform)
        levels = gated.vocabulary.ids(.level)
        timelines = Array(repeating: nil, count: Answer.allCases.count * platforms.count * max(levels.count, 1))
    }

    /// The answer's timeline on `platforms[platform]`, under `levels[level]` where it is given per level
    /// (`level` is ignored otherwise).
    func timeline(_ answer: Answer, platform: Int, level: Int = 0) -> [GatedFacts.Segment] {
        let slot = (answer.rawValue * platforms.count + platform) * max(levels.count, 1) + (answer.perLevel ? level : 0)
        if let known = timelines[slot] { return known }
        let computed = gated.timeline(
            answer.kind, subject: service, platform: platforms[platform],
            level: answer.perLevel ? levels[level] : nil, accuracy: answer.accuracy)
        timelines[slot] = computed
        return computed
    }
}
