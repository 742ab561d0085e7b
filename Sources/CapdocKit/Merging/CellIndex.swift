/// Numbers every fact cell — kind × subject × platform × level — so that claims can be grouped per
/// fact in flat arrays, in a deterministic order (kind, then vocabulary order).
struct CellIndex {
    let platforms: [String]
    let levels: [String]
    /// The subject ids of each kind, in vocabulary order ("" for kinds without a subject; topics for
    /// notes; `FlowKey`s for flow facts, in order of first claim).
    let subjects: [FactKind: [String]]
    let subjectPositions: [FactKind: [String: Int]]
    let platformPositions: [String: Int]
    let levelPositions: [String: Int]
    private let offsets: [FactKind: Int]
    let count: Int

    /// `freeSubjects`: the subjects of kinds whose subjects come from the claims (note topics, flow keys).
    init(vocabulary: Vocabulary, freeSubjects: [FactKind: [String]]) {
        platforms = vocabulary.ids(.platform)
        levels = vocabulary.ids(.level)
        var subjects: [FactKind: [String]] = [:]
        var offsets: [FactKind: Int] = [:]
        var total = 0
        for kind in FactKind.allCases {
            let universe: [String]
            if kind.hasFreeTopic || kind.isFlow {
                universe = freeSubjects[kind] ?? []
            } else if let subjectKind = kind.subjectKind {
                universe = vocabulary.ids(subjectKind)
            } else {
                universe = [""]
            }
            subjects[kind] = universe
            offsets[kind] = total
            total += universe.count * platforms.count * (kind.takesLevels ? levels.count : 1)
        }
        self.subjects = subjects
        self.subjectPositions = subjects.mapValues { Dictionary($0.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) }
        self.offsets = offsets
        self.count = total
        platformPositions = Dictionary(platforms.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        levelPositions = Dictionary(levels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The cell of an address given by ids, or nil when an id is not in the vocabulary.
    func cell(kind: FactKind, subject: String, platform: String, level: String?) -> Int? {
        guard let subjectPosition = subjectPositions[kind]?[subject], let platformPosition = platformPositions[platform] else { return nil }
        var levelPosition = 0
        if kind.takesLevels {
            guard let level, let position = levelPositions[level] else { return nil }
            levelPosition = position
        }
        return index(kind: kind, subject: subjectPosition, platform: platformPosition, level: levelPosition)
    }

    func levelCount(_ kind: FactKind) -> Int { kind.takesLevels ? levels.count : 1 }

    func index(kind: FactKind, subject: Int, platform: Int, level: Int) -> Int {
        offsets[kind]! + (subject * platforms.count + platform) * levelCount(kind) + level
    }
}
