import Foundation

/// A table cell before its page numbers the citations: what it says, and the claims it cites.
struct CellPlan: Sendable {
    /// One value over a range of versions, with every claim that decides it and the rulings that chose it.
    struct Segment: Sendable {
        let content: [Inline]
        let claims: [String]
        /// Each claim's place in the model (`ClaimsByReference.position`; -1 where it has none): a
        /// cell is shown on four pages or more, and each page numbers its claims by place.
        let places: [Int32]
        let rulings: [String]
    }
    let segments: [Segment]

    /// Each segment is followed by its own citations, so that "before 13.0: No [2]; 13.0+: Yes [3]"
    /// says which sentence decides which value; a segment a ruling decided says so, linking to it.
    func cell(book: inout CitationBook) -> TableCell {
        var content: [Inline] = []
        // Room for every segment's value, separator and markers at once, rather than growing by steps.
        content.reserveCapacity(segments.reduce(0) { $0 + $1.content.count + $1.claims.count + 2 })
        for (index, segment) in segments.enumerated() {
            if index > 0 { content.append(.text("; ")) }
            if case .value(.unknown, _)? = segment.content.first { book.showsUnknown = true }
            content += segment.content
            let citations = book.citeInOrder(segment.claims, places: segment.places)
            if !citations.isEmpty { content.append(.text(" ")) }
            Citation.appendMarkers(citations, to: &content)
            for ruling in segment.rulings {
                content += [.text(" "), .link([.text("(ruling)")], .page(PageRef.conflicts.with(fragment: ConflictAnchors.ruling(ruling))))]
            }
        }
        return TableCell(content)
    }
}

/// The support and relaunch cells of every service on every platform under every level, worked out
/// the first time a page asks for a service and kept for the others: the matrix, the level pages,
/// the platform pages and the service's own page all show the same cells, and working one out
/// (the service's timeline over OS versions) is most of what building those pages costs.
///
/// A build lets a service's cells go once every page that shows them is written (`RenderOrder`);
/// its timelines stay, small, for the deployment-target pages, which read every service's.
final class ServiceCellCache: @unchecked Sendable {
    /// The answers of a service on a platform under a level over OS versions, without the facts
    /// behind them (`support.facts` and the deprecation's facts are empty): the plans cite the claims.
    typealias Timeline = [(os: VersionRange, support: Support)]

    /// One service on one platform under one level: the cells made from its timeline.
    struct Cells {
        let support: CellPlan
        let relaunch: CellPlan
    }

    private let vocabulary: Vocabulary
    private let levelCount: Int
    /// The platform and level ids and their places (`CellIndex.position`: a handful are searched in
    /// place, where hashing an id costs more than comparing it with them; every cell of every page asks).
    private let platforms: [String], platformPositions: IDTable
    private let levels: [String], levelPositions: IDTable
    /// Per service, its cells platform by platform and level by level, in vocabulary order; nil
    /// until worked out, and again once let go.
    fileprivate var rows: [[Cells]?]
    /// Per service, the timelines of its cells, in the same order: kept for the whole build.
    private var timelines: [[Timeline]?]
    fileprivate let lock = NSLock()
    /// How many times a service's cells were worked out (tests: once each, when pages go in `RenderOrder`).
    fileprivate var workedOut = 0

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        platforms = vocabulary.ids(.platform)
        platformPositions = vocabulary.positions(of: .platform)
        levels = vocabulary.ids(.level)
        levelPositions = vocabulary.positions(of: .level)
        levelCount = levels.count
        rows = Array(repeating: nil, count: vocabulary.ids(.service).count)
        timelines = Array(repeating: nil, count: vocabulary.ids(.service).count)
    }

    /// The cells of a service on a platform under a level (the matrix, level, platform and service
    /// pages ask). Two pages asking at once may both work a service out; the results are the same.
    func cells(service: String, platform: String, level: String, _ context: PageContext) -> Cells {
        guard let (slot, index) = address(service, platform, level) else {
            return context.serviceCellsOf(service: service, platform: platform, level: level).cells
        }
        return (lock.withLock({ rows[slot] }) ?? workOut(service, slot: slot, context).cells)[index]
    }

    /// The timelines of a service on a platform, level by level in vocabulary order (the deployment-target
    /// pages read them, `TargetAnswerTable`); an id the vocabulary does not hold is worked out each time.
    func timelines(service: String, platform: String, _ context: PageContext) -> ArraySlice<Timeline> {
        guard let slot = vocabulary.position(.service, service),
            let platformPosition = CellIndex.position(of: platform, in: platforms, platformPositions)
        else {
            return ArraySlice(levels.map { context.serviceCellsOf(service: service, platform: platform, level: $0).timeline })
        }
        let row = lock.withLock { timelines[slot] } ?? workOut(service, slot: slot, context).timelines
        return row[platformPosition * levelCount..<(platformPosition + 1) * levelCount]
    }

    /// Lets the cells of these services go (their timelines stay); asked for again, they are worked out again.
    func forget(_ services: some Sequence<String>) {
        let slots = services.compactMap { vocabulary.position(.service, $0) }
        lock.withLock { for slot in slots { rows[slot] = nil } }
    }

    /// The service's slot and the cell's place in its row; nil for an id not in the vocabulary.
    private func address(_ service: String, _ platform: String, _ level: String) -> (slot: Int, index: Int)? {
        guard let slot = vocabulary.position(.service, service), let platformPosition = CellIndex.position(of: platform, in: platforms, platformPositions),
            let levelPosition = CellIndex.position(of: level, in: levels, levelPositions)
        else { return nil }
        return (slot, platformPosition * levelCount + levelPosition)
    }

    private func workOut(_ service: String, slot: Int, _ context: PageContext) -> (cells: [Cells], timelines: [Timeline]) {
        let computed = vocabulary.ids(.platform).flatMap { platform in
            // The deprecation is the same under every level: worked out once per platform.
            let deprecations = context.matrix.deprecations(service: service, platform: platform)
            return vocabulary.ids(.level).map { context.serviceCellsOf(service: service, platform: platform, level: $0, deprecations: deprecations) }
        }
        let cells = computed.map(\.cells), timelines = computed.map(\.timeline)
        lock.withLock {
            workedOut += 1
            rows[slot] = cells
            if self.timelines[slot] == nil { self.timelines[slot] = timelines }
        }
        return (cells, timelines)
    }
}

extension ServiceCellCache {
    /// How many services' cells are held now (tests: that a build lets them go).
    var servicesHeld: Int { lock.withLock { rows.count { $0 != nil } } }
    /// How many times a service's cells were worked out.
    var timesWorkedOut: Int { lock.withLock { workedOut } }
}
