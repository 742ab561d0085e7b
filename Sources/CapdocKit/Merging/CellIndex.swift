/// Numbers every fact cell — kind × subject × platform × level — so that claims can be grouped per
/// fact in flat arrays, in a deterministic order (kind, then vocabulary order).
struct CellIndex {
    let platforms: [String]
    let levels: [String]
    /// The subject ids of each kind, in vocabulary order ("" for kinds without a subject; topics for
    /// notes; `FlowKey`s for flow facts, in order of first claim).
    let subjects: [FactKind: [String]]
    let subjectPositions: [FactKind: [String: Int]]
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
    }

    func levelCount(_ kind: FactKind) -> Int { kind.takesLevels ? levels.count : 1 }

    func index(kind: FactKind, subject: Int, platform: Int, level: Int) -> Int {
        offsets[kind]! + (subject * platforms.count + platform) * levelCount(kind) + level
    }

    /// The (kind, subject, platform, level) of a cell number.
    func address(of cell: Int) -> (kind: FactKind, subject: String, platform: String, level: String?) {
        var kind = FactKind.allCases[0]
        for candidate in FactKind.allCases where offsets[candidate]! <= cell { kind = candidate }
        let local = cell - offsets[kind]!
        let levelCount = levelCount(kind)
        let level = local % levelCount
        let platform = (local / levelCount) % platforms.count
        let subject = local / levelCount / platforms.count
        return (kind, subjects[kind]![subject], platforms[platform], kind.takesLevels ? levels[level] : nil)
    }
}
