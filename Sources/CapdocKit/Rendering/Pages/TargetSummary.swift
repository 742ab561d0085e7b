/// What most services answer on a deployment-target page, and which services answer otherwise.
///
/// At 20,000 services a deployment-target page listed every service: 99 targets of 20,000 rows, half
/// of them "Yes, on every version" under every level (on tvOS, "Not on platform" 20,000 times) — 470 MB
/// of HTML that said, row after row, what the first row said. A developer choosing a deployment target
/// needs the services that need a check or will not work: once the services are in parts, a target's
/// page states the row most services share, once, and its parts list only the services whose row differs.
struct TargetSummary: Sendable {
    /// One level's answer at the target, as its cell shows it.
    struct Answer: Sendable, Hashable {
        let text: String
        let value: ValueClass
    }

    /// The row most services share, level by level (on a tie, the one whose first service comes first in id order).
    let usual: [Answer]
    /// How many services share it.
    let usualCount: Int
    /// Per service, in id order (`ServiceParts.sorted`): whether its row is listed (it differs from the usual one).
    let listed: [Bool]

    /// No usual row: every service is listed (a target the platform's table does not hold).
    static let none = TargetSummary(usual: [], usualCount: 0, listed: [])

    /// Whether the parts leave anything out: a row that no two services share is no usual row.
    var omitsUsual: Bool { usualCount > 1 }

    /// Whether the service at this place in id order is listed.
    func isListed(position: Int) -> Bool { !omitsUsual || listed[position] }

    /// How many services of each part are listed, for a part size.
    func listedCounts(size: Int) -> [Int] {
        stride(from: 0, to: listed.count, by: size).map { start in
            (start..<min(listed.count, start + size)).count(where: isListed(position:))
        }
    }
}

extension PageContext {
    /// The summary of a deployment-target page, worked out once for the overview and every part.
    func targetSummary(platform: String, target: Version) -> TargetSummary {
        targetSummaries[platform]?[target]?.value { workOutTargetSummary(platform: platform, target: target) } ?? .none
    }

    /// One memo per deployment target of each platform (`PageContext.init`).
    static func targetSummaryMemos(_ targets: [String: [Version]]) -> [String: [Version: Memo<TargetSummary>]] {
        targets.mapValues { versions in Dictionary(versions.map { ($0, Memo<TargetSummary>()) }, uniquingKeysWith: { first, _ in first }) }
    }

    /// Every service's row at the target, in id order, counted by the numbers of its answers
    /// (`TargetAnswerTable`): only the usual row's text is written.
    private func workOutTargetSummary(platform: String, target: Version) -> TargetSummary {
        guard let table = targetAnswerTable(platform), let index = table.index(of: target) else { return .none }
        let count = serviceParts.sorted.count
        // Each distinct row, with how many services give it and where it first appears.
        var tally: [TargetRowKey: (count: Int, first: Int)] = [:]
        for position in 0..<count {
            tally[TargetRowKey(table: table, position: position, target: index), default: (0, position)].count += 1
        }
        guard let (usual, (usualCount, _)) = tally.max(by: { ($0.value.count, -$0.value.first) < ($1.value.count, -$1.value.first) }) else { return .none }
        let usualRow = table.row(position: usual.position, target: index)
        let usualAnswers = usualRow.map { table.answers[Int($0)] }
        return TargetSummary(
            usual: usualAnswers.map { TargetSummary.Answer(text: $0.text(from: target, self), value: $0.value) },
            usualCount: usualCount, listed: (0..<count).map { !table.row(position: $0, target: index).elementsEqual(usualRow) })
    }
}

/// A service's row at a target, hashed and compared by its answers' numbers where the table holds them.
private struct TargetRowKey: Hashable {
    let table: TargetAnswerTable
    let position: Int
    let target: Int

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.table.row(position: lhs.position, target: lhs.target).elementsEqual(rhs.table.row(position: rhs.position, target: rhs.target))
    }

    func hash(into hasher: inout Hasher) {
        for id in table.row(position: position, target: target) { hasher.combine(id) }
    }
}
