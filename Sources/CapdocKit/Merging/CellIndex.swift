/// Numbers every fact cell — kind × subject × platform × level — so that claims can be grouped per
/// fact in flat arrays, in a deterministic order (kind, then vocabulary order).
///
/// Tables are arrays by `FactKind.ordinal`: a lookup hashes the ids it is given, never the kind.
struct CellIndex: Sendable {
    let platforms: [String]
    let levels: [String]
    let platformPositions: IDTable
    let levelPositions: IDTable
    /// Per kind: the subject ids, in vocabulary order ("" for kinds without a subject; topics for
    /// notes; `FlowKey`s for flow facts, in order of first claim), and their positions.
    private let subjectsByKind: [[String]]
    private let subjectPositionsByKind: [IDTable]
    /// Per kind: the first cell; one more entry holds the number of cells.
    private let offsets: [Int]
    var count: Int { offsets[FactKind.allCases.count] }

    /// `freeSubjects`: the subjects of kinds whose subjects come from the claims (note topics, flow keys).
    init(vocabulary: Vocabulary, freeSubjects: [FactKind: [String]]) {
        platforms = vocabulary.ids(.platform)
        levels = vocabulary.ids(.level)
        var subjects: [[String]] = [], subjectPositions: [IDTable] = []
        var offsets = [0]
        // Kinds about the same entities (three are about services) share their lists.
        var vocabularyIDs: [EntityKind: [String]] = [:]
        for kind in FactKind.allCases {
            if kind.hasFreeTopic || kind.isFlow {
                subjects.append(freeSubjects[kind] ?? [])
                subjectPositions.append(IDTable(subjects.last!))
            } else if let subjectKind = kind.subjectKind {
                if vocabularyIDs[subjectKind] == nil { vocabularyIDs[subjectKind] = vocabulary.ids(subjectKind) }
                subjects.append(vocabularyIDs[subjectKind]!)
                subjectPositions.append(vocabulary.positions(of: subjectKind))
            } else {
                subjects.append([""])
                subjectPositions.append(IDTable([""]))
            }
            offsets.append(offsets.last! + subjects.last!.count * platforms.count * (kind.takesLevels ? levels.count : 1))
        }
        subjectsByKind = subjects
        subjectPositionsByKind = subjectPositions
        self.offsets = offsets
        platformPositions = IDTable(platforms)
        levelPositions = IDTable(levels)
    }

    func subjects(_ kind: FactKind) -> [String] { subjectsByKind[kind.ordinal] }
    func subjectPositions(_ kind: FactKind) -> IDTable { subjectPositionsByKind[kind.ordinal] }

    /// The cell of an address given by ids, or nil when an id is not in the vocabulary.
    func cell(kind: FactKind, subject: String, platform: String, level: String?) -> Int? {
        let ordinal = kind.ordinal
        guard let subjectPosition = subjectPositionsByKind[ordinal][subject],
            let platformPosition = Self.position(of: platform, in: platforms, platformPositions)
        else { return nil }
        var levelPosition = 0
        if kind.takesLevels {
            guard let level, let position = Self.position(of: level, in: levels, levelPositions) else { return nil }
            levelPosition = position
        }
        return index(kind: ordinal, takesLevels: kind.takesLevels, subject: subjectPosition, platform: platformPosition, level: levelPosition)
    }

    /// A platform's or level's place. Every answer looks up several cells, and hashing an id (SipHash)
    /// costs more than comparing it with a handful of short strings: a short list is searched, a long
    /// one (Content may declare many) goes through its table.
    static func position(of id: String, in ids: [String], _ positions: IDTable) -> Int? {
        ids.count <= 16 ? ids.firstIndex(of: id) : positions[id]
    }

    func levelCount(_ kind: FactKind) -> Int { kind.takesLevels ? levels.count : 1 }

    /// The cells of one kind: a contiguous run.
    func cells(of kind: FactKind) -> Range<Int> { offsets[kind.ordinal]..<offsets[kind.ordinal + 1] }

    /// A platform and level of a kind, whatever the subject: where claims about every subject are kept.
    func generalRow(kind ordinal: Int, platform: Int, level: Int) -> Int {
        (ordinal * platforms.count + platform) * max(levels.count, 1) + level
    }

    func index(kind ordinal: Int, takesLevels: Bool, subject: Int, platform: Int, level: Int) -> Int {
        offsets[ordinal] + (subject * platforms.count + platform) * (takesLevels ? levels.count : 1) + level
    }

    /// The cell of a contradiction's address.
    func index(of address: ContradictionCollector.Address) -> Int {
        index(
            kind: address.kind.ordinal, takesLevels: address.kind.takesLevels, subject: address.subject, platform: address.platform, level: address.level ?? 0)
    }

    /// The kind, subject, platform and level positions of a cell: `index` undone.
    func address(of cell: Int) -> (kind: FactKind, subject: Int, platform: Int, level: Int) {
        let kind = FactKind.allCases[offsets.lastIndex { $0 <= cell }!]
        let levelCount = levelCount(kind)
        let within = cell - offsets[kind.ordinal]
        return (kind, within / levelCount / platforms.count, within / levelCount % platforms.count, within % levelCount)
    }

    /// Whether both number the same cells the same way: the same platforms, levels and subjects, in order.
    func numbersCellsAs(_ other: CellIndex) -> Bool {
        platforms == other.platforms && levels == other.levels && subjectsByKind == other.subjectsByKind
    }
}
