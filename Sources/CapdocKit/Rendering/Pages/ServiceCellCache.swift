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
    /// One service's cells, platform by platform and level by level, in vocabulary order.
    private struct Row {
        let support: [CellPlan]
        let relaunch: [CellPlan]
    }

    private let vocabulary: Vocabulary
    private let levelCount: Int
    private var rows: [Row?]
    private let lock = NSLock()

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        levelCount = vocabulary.ids(.level).count
        rows = Array(repeating: nil, count: vocabulary.ids(.service).count)
    }

    /// The support and relaunch cells of a service on a platform under a level. Two pages asking at
    /// once may both work a service out; the results are the same.
    func plans(service: String, platform: String, level: String, _ context: PageContext) -> (support: CellPlan, relaunch: CellPlan) {
        guard let slot = vocabulary.position(.service, service), let platformPosition = vocabulary.position(.platform, platform),
              let levelPosition = vocabulary.position(.level, level) else {
            return context.servicePlans(service: service, platform: platform, level: level)
        }
        let row = lock.withLock({ rows[slot] }) ?? {
            let computed = compute(service, context)
            lock.withLock { rows[slot] = computed }
            return computed
        }()
        let index = platformPosition * levelCount + levelPosition
        return (row.support[index], row.relaunch[index])
    }

    private func compute(_ service: String, _ context: PageContext) -> Row {
        var support: [CellPlan] = []
        var relaunch: [CellPlan] = []
        for platform in vocabulary.ids(.platform) {
            for level in vocabulary.ids(.level) {
                let plans = context.servicePlans(service: service, platform: platform, level: level)
                support.append(plans.support)
                relaunch.append(plans.relaunch)
            }
        }
        return Row(support: support, relaunch: relaunch)
    }
}
