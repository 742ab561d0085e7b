/// What merging any cell reads, worked out once per merge from the whole model: the cells, the
/// claims as columns, the version ranks, the rulings and each cell's claims.
struct MergeTables: Sendable {
    let claims: [Claim]
    let cells: CellIndex
    let equivalent: EquivalentLevels
    /// By platform position: the platform's first version, if it declares one.
    let firstVersions: [Version?]
    let ranks: VersionRanks
    /// Where a platform begins, as a rank: a fact about the time before it is not written (see `CellMerger`).
    let firstRanks: [Int32]
    let columns: ClaimColumns
    let rulings: Ruling.Book
    let members: CellMembers

    init(_ model: ContentModel) {
        let claims = model.claims
        self.claims = claims
        cells = CellIndex(vocabulary: model.vocabulary, freeSubjects: Merger.freeSubjects(of: claims))
        firstVersions = cells.platforms.map { model.vocabulary.firstVersion(of: $0) }
        let ranks = VersionRanks(Merger.bounds(of: claims, model.adjudications) + firstVersions.compactMap { $0 })
        self.ranks = ranks
        firstRanks = firstVersions.map { $0.map { ranks.from(VersionRange(from: $0)) } ?? VersionRanks.unboundedFrom }
        columns = ClaimColumns(claims: claims, ranks: ranks)
        rulings = Ruling.prepare(
            model.adjudications, claimIndex: Merger.claimIndex(namedBy: model.adjudications, references: columns.references),
            platforms: cells.platformPositions, ranks: ranks)
        equivalent = EquivalentLevels(claims: claims, cells: cells)
        members = CellMembers(claims: claims, cells: cells, equivalent: equivalent)
    }

    /// A merger of cells, for one run of them.
    func cellMerger() -> CellMerger {
        CellMerger(columns: columns, rulings: rulings, ranks: ranks, firstRanks: firstRanks)
    }

    /// Merges the cell numbered `cell` into `merger`: what the merge of every cell does for it.
    func merge(cell: Int, into merger: inout CellMerger) {
        let (kind, subject, platform, level) = cells.address(of: cell)
        merger.merge(
            CellMerger.Cell(
                address: .init(kind: kind, subject: subject, platform: platform, level: kind.takesLevels ? level : nil),
                subject: cells.subjects(kind)[subject], platform: cells.platforms[platform],
                level: kind.takesLevels ? cells.levels[level] : nil),
            named: members.named(cell), general: members.general(cells.generalRow(kind: kind.ordinal, platform: platform, level: level)))
    }
}
