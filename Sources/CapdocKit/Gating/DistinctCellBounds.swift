/// The OS bounds of many gated cells of one platform — each cell's facts and the facts of the
/// cells its gates require, down through theirs — without reading again a required cell just read.
///
/// The deployment targets gather the bounds of every service's cells. Every service's availability
/// requires the same few cells (its level's support, say): gathered cell tree by cell tree
/// (`GatedFacts.collectBounds`, building each tree), those were read again for each of 20,000
/// services, a fifth of each `capdoc serve` rebuild. The bounds are a set, so skipping a cell read
/// before gives the same bounds. The cells read last are compared, not hashed: a set of every cell
/// read cost more than it saved.
struct DistinctCellBounds {
    let platform: String
    private(set) var bounds = VersionBounds()
    /// The required cells read last, oldest first: a cell's facts and required cells depend on its
    /// kind, subject and level alone (the platform and the accuracy are the same for all).
    private var recent: [ReadCell] = []
    private static let remembered = 16

    init(platform: String) {
        self.platform = platform
    }

    private struct ReadCell: Equatable {
        var kind: FactKind
        var subject: String
        var level: String?
    }

    /// Adds the bounds of the gated cells of every subject of `kind` (as the merge numbers them: the
    /// vocabulary's ids of its subject kind), under each of `levels` (nil for kinds without levels):
    /// what collecting each by its ids gives, the cells found by their numbers rather than by
    /// hashing the ids of each of 20,000 services.
    mutating func collectEverySubject(of kind: FactKind, levels: [String?], accuracy: Accuracy = .full, from gated: GatedFacts) {
        let cells = gated.merge.cells
        let subjects = cells.subjects(kind)
        let platformPosition = CellIndex.position(of: platform, in: cells.platforms, cells.platformPositions)
        // A level's position as `CellIndex.cell` finds it: none for a kind with levels asked for none.
        let levelPositions = levels.map { level -> Int? in
            guard kind.takesLevels else { return 0 }
            return level.flatMap { CellIndex.position(of: $0, in: cells.levels, cells.levelPositions) }
        }
        for subject in subjects.indices {
            for (level, levelPosition) in zip(levels, levelPositions) {
                if let platformPosition, let levelPosition {
                    let cell = cells.index(
                        kind: kind.ordinal, takesLevels: kind.takesLevels, subject: subject, platform: platformPosition, level: levelPosition)
                    add(gated.merge.factSlice(cell: cell))
                }
                collectRequired(kind, subject: subjects[subject], level: level, accuracy: accuracy, from: gated)
            }
        }
    }

    /// Adds the bounds of the gated cell `GatedFacts.cells` builds for these.
    mutating func collect(_ kind: FactKind, subject: String, level: String?, accuracy: Accuracy = .full, from gated: GatedFacts) {
        add(gated.merge.factSlice(kind, subject: subject, platform: platform, level: level))
        collectRequired(kind, subject: subject, level: level, accuracy: accuracy, from: gated)
    }

    private mutating func add(_ facts: ArraySlice<Fact>) {
        var index = facts.startIndex
        while index < facts.endIndex {
            let os = facts[index].os
            if let from = os.from { bounds.insert(from) }
            if let until = os.until { bounds.insert(until) }
            index += 1
        }
    }

    private mutating func collectRequired(_ kind: FactKind, subject: String, level: String?, accuracy: Accuracy, from gated: GatedFacts) {
        // The required cells as `GatedFacts.cells` finds them: a gate whose subject the entity lacks has none.
        for gate in gated.gates(of: kind, under: accuracy) {
            guard let cell = gated.requiredCell(gate, kind: kind, subject: subject, level: level) else { continue }
            let required = ReadCell(kind: gate.requires, subject: cell.subject, level: cell.level)
            if recent.contains(required) { continue }
            if recent.count == Self.remembered { recent.removeFirst() }
            recent.append(required)
            collect(gate.requires, subject: cell.subject, level: cell.level, accuracy: accuracy, from: gated)
        }
    }
}
