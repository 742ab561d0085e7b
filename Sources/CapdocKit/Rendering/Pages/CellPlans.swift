import Foundation

/// The support and relaunch cells of each service on each platform under each level, made once from
/// the answer table and kept while the service's block is rendered: the matrix, level and platform
/// parts and the service's own page all show the same cells, and a cell's citations (each claim's
/// place in the model) cost more to work out than to copy. Measured with `Benchmarks/compare` at
/// 20,000 services against the tree before the answer table (2 runs each, interleaved, user+sys):
/// 1.06× with these kept, 1.11× with each cell made on every page that shows it.
/// Let go with the block's answers (`RenderOrder`); asked for again, they are made again.
final class CellPlans: @unchecked Sendable {
    struct Cells {
        let support: CellPlan
        let relaunch: CellPlan
    }

    private let vocabulary: Vocabulary
    /// The ids by place in the vocabulary, listed once (`Vocabulary.ids` makes a new list each time).
    private let services: [String], platforms: [String], levels: [String]
    private let levelCount: Int
    /// Per service (by place in the vocabulary), its cells platform by platform, level by level.
    private var rows: [[Cells]?]
    private let lock = NSLock()

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        services = vocabulary.ids(.service)
        platforms = vocabulary.ids(.platform)
        levels = vocabulary.ids(.level)
        levelCount = levels.count
        rows = Array(repeating: nil, count: services.count)
    }

    /// The cells of a service on a platform under a level; nil for an id the vocabulary does not hold.
    func cells(service: String, platform: String, level: String, _ context: PageContext) -> Cells? {
        guard let slot = vocabulary.position(.service, service), let platformPosition = vocabulary.position(.platform, platform),
            let levelPosition = vocabulary.position(.level, level)
        else { return nil }
        let row = lock.withLock({ rows[slot] }) ?? make(slot: slot, context)
        return row[platformPosition * levelCount + levelPosition]
    }

    private func make(slot: Int, _ context: PageContext) -> [Cells] {
        let service = services[slot]
        let answers = context.answerTable.answers(slot: slot)
        let made = platforms.enumerated().flatMap { platformPosition, platform in
            levels.enumerated().map { levelPosition, level in
                let timeline = answers.support(platform: platformPosition, level: levelPosition)
                return Cells(
                    support: context.supportPlan(timeline),
                    relaunch: context.relaunchPlan(timeline, service: service, platform: platform, level: level))
            }
        }
        lock.withLock { rows[slot] = made }
        return made
    }

    /// Lets the cells of these services go.
    func release(_ services: some Sequence<String>) {
        let slots = services.compactMap { vocabulary.position(.service, $0) }
        lock.withLock { for slot in slots { rows[slot] = nil } }
    }
}
