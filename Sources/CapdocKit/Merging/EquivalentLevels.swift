/// The platforms on which a source says the access levels are functionally equivalent
/// (`levels-equivalent`, "When In Use and Always authorizations are functionally equivalent on the Mac").
///
/// There a claim about one level speaks for every level: the merge gives each level's cell the claims
/// of all of them (`CellMembers`), so two sources that answer differently for When In Use and Always
/// meet in one cell and are a contradiction to adjudicate, and a source that speaks of one level
/// answers for the other instead of leaving it unknown.
///
/// Only an equivalence stated for every version of a platform (no `os` range) is applied, and only
/// where no claim says the levels are not equivalent: the merge does not cut claims' ranges by another
/// fact. An equivalence over a range is still a fact on the pages and in the dataset; the
/// `equivalent-levels-differ` check compares the answers there.
struct EquivalentLevels: Sendable {
    /// By platform position in the `CellIndex`.
    let platforms: [Bool]

    init(claims: [Claim], cells: CellIndex) {
        var equivalent = [Bool](repeating: false, count: cells.platforms.count)
        var denied = [Bool](repeating: false, count: cells.platforms.count)
        for claim in claims where claim.fact == .levelsEquivalent {
            for platform in claim.scope.platforms.resolve(in: cells.platforms) {
                guard let position = cells.platformPositions[platform] else { continue }
                if claim.value.value == .boolean(true) {
                    if claim.scope.os.isUnbounded { equivalent[position] = true }
                } else {
                    denied[position] = true
                }
            }
        }
        platforms = zip(equivalent, denied).map { $0 && !$1 }
    }
}
