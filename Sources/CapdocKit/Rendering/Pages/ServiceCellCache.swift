import Foundation

/// A table cell before its page numbers the citations: what it says, and the claims it cites.
struct CellPlan: Sendable {
    let content: [Inline]
    let claims: [String]

    func cell(book: inout CitationBook) -> TableCell {
        TableCell(content, citations: claims.isEmpty ? [] : book.citeInOrder(claims))
    }
}

/// The support and relaunch cells of every service on every platform under every level, worked out
/// the first time a page asks for a service and kept for the others: the matrix, the level pages,
/// the platform pages and the service's own page all show the same cells, and working one out
/// (the service's timeline over OS versions) is most of what building those pages costs.
final class ServiceCellCache: @unchecked Sendable {
    /// One service's cells, by platform and level in vocabulary order.
    struct Plans: Sendable {
        let levelCount: Int
        let platformIndex: [String: Int]
        let levelIndex: [String: Int]
        let supportPlans: [CellPlan]
        let relaunchPlans: [CellPlan]

        func support(_ platform: String, _ level: String) -> CellPlan { supportPlans[index(platform, level)] }
        func relaunch(_ platform: String, _ level: String) -> CellPlan { relaunchPlans[index(platform, level)] }

        private func index(_ platform: String, _ level: String) -> Int { platformIndex[platform]! * levelCount + levelIndex[level]! }
    }

    private let serviceIndex: [String: Int]
    private let platforms: [String]
    private let levels: [String]
    private let platformIndex: [String: Int]
    private let levelIndex: [String: Int]
    private var slots: [Plans?]
    private let lock = NSLock()

    init(vocabulary: Vocabulary) {
        let services = vocabulary.ids(.service)
        serviceIndex = Dictionary(services.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        platforms = vocabulary.ids(.platform)
        levels = vocabulary.ids(.level)
        platformIndex = Dictionary(platforms.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        levelIndex = Dictionary(levels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        slots = Array(repeating: nil, count: services.count)
    }

    /// The cells of a service. Two pages asking at once may both work them out; the results are the same.
    func plans(_ service: String, _ context: PageContext) -> Plans {
        guard let slot = serviceIndex[service] else { return compute(service, context) }
        if let cached = lock.withLock({ slots[slot] }) { return cached }
        let computed = compute(service, context)
        lock.withLock { slots[slot] = computed }
        return computed
    }

    private func compute(_ service: String, _ context: PageContext) -> Plans {
        var support: [CellPlan] = []
        var relaunch: [CellPlan] = []
        for platform in platforms {
            for level in levels {
                support.append(context.supportPlan(service: service, platform: platform, level: level))
                relaunch.append(context.relaunchPlan(service: service, platform: platform, level: level))
            }
        }
        return Plans(levelCount: levels.count, platformIndex: platformIndex, levelIndex: levelIndex, supportPlans: support, relaunchPlans: relaunch)
    }
}
