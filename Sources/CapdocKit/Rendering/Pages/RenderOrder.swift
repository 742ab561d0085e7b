import Foundation

/// When a build renders a page, so that the answers about each service (`AnswerTable`) are worked
/// out once and let go once every page that shows them is written.
///
/// The cells of every service used to stay in memory for the whole build: at 20,000 services more
/// than half a gigabyte, more than the model itself. Once the services are in parts, the pages that
/// show a service's cells are its own page and the parts of the matrix, the level pages and the
/// platform pages that hold it. Part sizes nest (a platform part of 150 services is three level parts
/// and six matrix parts), so the services fall into blocks of `blockSize` whose pages show no other
/// block's cells: a build renders the block's pages together, then drops its cells.
enum RenderStage: Sendable, Hashable {
    /// Before the blocks: pages that show no service's cells.
    case first
    /// With the block of services whose cells the page shows.
    case cells(block: Int)
    /// After the blocks: pages that read every service's timeline (deployment targets), which the
    /// cache keeps for the whole build.
    case last
}

extension PageContext {
    /// Services per block: a multiple of every listing's part size that shows cells.
    static let blockSize = ServiceParts.Size.platform

    /// The stage of a service's own page.
    func cellStage(ofService service: String) -> RenderStage {
        guard serviceParts.isSplit, let position = serviceParts.position(of: service) else { return .first }
        return .cells(block: position / Self.blockSize)
    }

    /// The stage of a part of a listing.
    func cellStage(of listing: ServiceListing, part number: Int) -> RenderStage {
        switch listing.reads {
        case .nothing: .first
        case .timelines: .last
        case .cells: .cells(block: (number - 1) * listing.size / Self.blockSize)
        }
    }

    /// The services of a block, in id order.
    func services(inBlock block: Int) -> ArraySlice<String> {
        let start = min(block * Self.blockSize, serviceParts.sorted.count)
        return serviceParts.sorted[start..<min(start + Self.blockSize, serviceParts.sorted.count)]
    }
}

/// The pages in the order a build renders them, and the countdown that lets each block's cells go.
final class RenderOrder: @unchecked Sendable {
    /// Page indices, in the order to render them.
    let pages: [Int]
    private let stages: [RenderStage]
    let context: PageContext
    /// Per block, its pages not yet written.
    private var pending: [Int: Int]
    private let lock = NSLock()

    init(_ sources: [PageSource], context: PageContext) {
        stages = sources.map(\.stage)
        self.context = context
        var first: [Int] = [], last: [Int] = [], blocks: [Int: [Int]] = [:]
        for (index, stage) in stages.enumerated() {
            switch stage {
            case .first: first.append(index)
            case let .cells(block): blocks[block, default: []].append(index)
            case .last: last.append(index)
            }
        }
        // The last pages go part by part across the deployment targets (every overview, every first
        // part, …), not target by target: a target's first page works out its summary
        // (`TargetSummary`) while the other thread waits for it, so two threads are best on two
        // targets. (A platform's `TargetAnswerTable`, worked out by its first target, is waited for once.)
        last = last.enumerated().map { (part: ServiceParts.overview(of: sources[$1].ref)?.1 ?? 0, offset: $0, page: $1) }
            .sorted { ($0.part, $0.offset) < ($1.part, $1.offset) }.map(\.page)
        pages = first + blocks.keys.sorted().flatMap { blocks[$0]! } + last
        pending = blocks.mapValues(\.count)
    }

    /// Marks a page written; the last page of a block lets the block's cells go. A page written
    /// again (or out of order) only costs its cells being worked out again: never a wrong page.
    func written(_ index: Int) {
        guard case let .cells(block) = stages[index] else { return }
        let done: Bool = lock.withLock {
            guard let left = pending[block] else { return false }
            pending[block] = left - 1
            return left == 1
        }
        if done {
            context.answerTable.release(context.services(inBlock: block))
            context.cellPlans.release(context.services(inBlock: block))
        }
    }
}
