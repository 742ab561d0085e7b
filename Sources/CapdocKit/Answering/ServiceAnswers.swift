/// Every answer about one service, each gated timeline worked out once, when the service is first
/// asked about: what the dataset lists per service (`services[].answers`), and the support the
/// matrix shows per platform and level (availability, relaunch and deprecation read together,
/// `Matrix.timeline`). The service's page, the matrix, level and platform pages, the dataset and
/// `lint-plist` read the same object (`AnswerTable`), so that no output works an answer out by
/// itself and two outputs cannot disagree.
///
/// Immutable once made, so that the page jobs of one build share it across threads.
public final class ServiceAnswers: Sendable {
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
        var perLevel: Bool {
            self == .available || self == .launchesTerminatedApp || self == .availableWithReducedAccuracy || self == .explicitRequestRequired
        }
    }

    /// The support of a service on a platform under a level over OS versions: ranges where
    /// availability, relaunch and deprecation stay the same.
    typealias SupportTimeline = [(os: VersionRange, support: Support)]

    let service: String
    let platformCount: Int, levelCount: Int
    /// Each answer's timeline by `slot`; an answer not given per level fills its first level's slot only.
    private let timelines: [[GatedFacts.Segment]]
    /// The support per platform and level, platform by platform (`platform * levelCount + level`).
    private let supports: [SupportTimeline]

    init(service: String, matrix: Matrix) {
        let gated = matrix.gated
        let platforms = gated.vocabulary.ids(.platform), levels = gated.vocabulary.ids(.level)
        self.service = service
        platformCount = platforms.count
        levelCount = max(levels.count, 1)
        var timelines: [[GatedFacts.Segment]] = []
        timelines.reserveCapacity(Answer.allCases.count * platforms.count * levelCount)
        for answer in Answer.allCases {
            for platform in platforms {
                for level in 0..<levelCount {
                    guard answer.perLevel || level == 0 else {
                        timelines.append([])
                        continue
                    }
                    timelines.append(
                        gated.timeline(
                            answer.kind, subject: service, platform: platform, level: answer.perLevel ? levels[level] : nil, accuracy: answer.accuracy))
                }
            }
        }
        self.timelines = timelines
        var supports: [SupportTimeline] = []
        supports.reserveCapacity(platforms.count * levels.count)
        for (position, platform) in platforms.enumerated() {
            // The deprecation is the same under every level: the dataset's timeline of it.
            let deprecations = timelines[Self.slot(.deprecated, platform: position, level: 0, platformCount: platforms.count, levelCount: levelCount)]
            for level in levels { supports.append(matrix.timeline(service: service, platform: platform, level: level, deprecations: deprecations)) }
        }
        self.supports = supports
    }

    private static func slot(_ answer: Answer, platform: Int, level: Int, platformCount: Int, levelCount: Int) -> Int {
        (answer.rawValue * platformCount + platform) * levelCount + (answer.perLevel ? level : 0)
    }

    /// The answer's timeline on the vocabulary's `platform`-th platform, under its `level`-th level
    /// where the answer is given per level (`level` is ignored otherwise).
    func timeline(_ answer: Answer, platform: Int, level: Int = 0) -> [GatedFacts.Segment] {
        timelines[Self.slot(answer, platform: platform, level: level, platformCount: platformCount, levelCount: levelCount)]
    }

    /// The support on the `platform`-th platform under the `level`-th level.
    func support(platform: Int, level: Int) -> SupportTimeline {
        supports[platform * levelCount + level]
    }
}
