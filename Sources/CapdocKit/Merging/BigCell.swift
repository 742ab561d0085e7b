/// A big cell, swept. Covering claims are kept in a tree per combination of named dimensions,
/// ordered by `from` (then `until` descending): among claims that all contain the segment, the ones
/// that no claim of the same dimensions refines form a staircase — from the latest `from` down, each
/// with a smaller `until` than the one before — which the tree yields step by step. A step survives
/// unless a covering claim that names more dimensions lies inside its range: one more tree query.
struct BigCell {
    private var claims: [Int32] = []
    /// Per dimension combination: the claims (positions in `claims`) in tree order, their `from`,
    /// and a tree holding the `until` of those covering the segment.
    private var members: [[Int32]] = Array(repeating: [], count: 4)
    private var memberFrom: [[Int32]] = Array(repeating: [], count: 4)
    private var trees: [MinTree] = Array(repeating: MinTree(), count: 4)
    private var coveringCount = [Int](repeating: 0, count: 4)
    /// Each claim's slot in its dimension tree, and in the value tree.
    private var slot: [Int32] = []
    private var valueSlot: [Int32] = []
    /// Claims ordered by value, then claim order; the value tree marks the covering ones with 0.
    private var byValue: [Int32] = []
    private var byValueIDs: [Int32] = []
    private var valueTree = MinTree()
    /// By value (its run in `byValue`): how many claims cover the segment, and the last `enter` at
    /// which one started or stopped covering it (`enters` counts them).
    private var runStarts: [Int32] = []
    private var coveringOfValue: [Int32] = []
    private var changedAt: [Int] = []
    private var enters = 0
    /// Claims with a non-empty range, in order of `from` (when they start covering) and of `until` (when they stop).
    private var entering: [Int32] = []
    private var leaving: [Int32] = []
    private var entered = 0
    private var left = 0

    mutating func start(_ cellClaims: [Int32], columns: ClaimColumns) {
        claims.removeAll(keepingCapacity: true)
        claims.append(contentsOf: cellClaims)
        let positions = Array(Int32(0)..<Int32(claims.count))
        func from(_ position: Int32) -> Int32 { columns.from[Int(claims[Int(position)])] }
        func until(_ position: Int32) -> Int32 { columns.until[Int(claims[Int(position)])] }
        func dimensions(_ position: Int32) -> Int { Int(columns.dimensions[Int(claims[Int(position)])]) }
        slot = [Int32](repeating: 0, count: claims.count)
        for group in 0..<4 {
            members[group] = positions.filter { dimensions($0) == group }.sorted { a, b in
                (from(a), until(b), a) < (from(b), until(a), b)
            }
            memberFrom[group] = members[group].map(from)
            for (index, position) in members[group].enumerated() { slot[Int(position)] = Int32(index) }
            trees[group].reset(count: members[group].count)
            coveringCount[group] = 0
        }
        func value(_ position: Int32) -> Int32 { columns.valueIDs[Int(claims[Int(position)])] }
        byValue = positions.sorted { (value($0), $0) < (value($1), $1) }
        byValueIDs = byValue.map(value)
        valueSlot = [Int32](repeating: 0, count: claims.count)
        for (index, position) in byValue.enumerated() { valueSlot[Int(position)] = Int32(index) }
        valueTree.reset(count: claims.count)
        runStarts.removeAll(keepingCapacity: true)
        for index in byValueIDs.indices where index == 0 || byValueIDs[index] != byValueIDs[index - 1] { runStarts.append(Int32(index)) }
        coveringOfValue = [Int32](repeating: 0, count: runStarts.count)
        changedAt = [Int](repeating: -1, count: runStarts.count)
        enters = 0
        let nonEmpty = positions.filter { from($0) < until($0) }
        entering = nonEmpty.sorted { from($0) < from($1) }
        leaving = nonEmpty.sorted { until($0) < until($1) }
        entered = 0
        left = 0
    }

    /// Updates the covering claims for the segment starting at `lower`; finds the narrowest.
    mutating func enter(_ lower: Int32, columns: ClaimColumns, narrowest: inout [Int32]) -> Bool {
        enters += 1
        while entered < entering.count, columns.from[Int(claims[Int(entering[entered])])] <= lower {
            setCovering(entering[entered], true, columns: columns)
            entered += 1
        }
        while left < leaving.count, columns.until[Int(claims[Int(leaving[left])])] <= lower {
            setCovering(leaving[left], false, columns: columns)
            left += 1
        }
        guard coveringCount.contains(where: { $0 > 0 }) else { return false }
        narrowest.removeAll(keepingCapacity: true)
        for group in 0..<4 where coveringCount[group] > 0 {
            var end = members[group].count
            var threshold = MinTree.empty
            while let step = trees[group].lastSlot(before: end, below: threshold) {
                let from = memberFrom[group][step], until = trees[group][step]
                // Claims with the same range and dimensions are equally narrow: they stand or fall together.
                var first = step
                while first > 0, memberFrom[group][first - 1] == from, trees[group][first - 1] == until { first -= 1 }
                if !refinedByMoreNamed(group, from: from, until: until) {
                    for index in first...step { narrowest.append(claims[Int(members[group][index])]) }
                }
                threshold = until
                end = first
            }
        }
        narrowest.sort()
        return true
    }

    /// Whether a covering claim that names more dimensions than `group` lies inside the range.
    private func refinedByMoreNamed(_ group: Int, from: Int32, until: Int32) -> Bool {
        for other in 0..<4 where other != group && other & group == group && coveringCount[other] > 0 {
            if trees[other].firstSlot(from: memberFrom[other].firstIndex(notBelow: from), below: until + 1) != nil { return true }
        }
        return false
    }

    private mutating func setCovering(_ position: Int32, _ covering: Bool, columns: ClaimColumns) {
        let claim = Int(claims[Int(position)])
        let group = Int(columns.dimensions[claim])
        trees[group].set(Int(slot[Int(position)]), covering ? columns.until[claim] : MinTree.empty)
        valueTree.set(Int(valueSlot[Int(position)]), covering ? 0 : MinTree.empty)
        coveringCount[group] += covering ? 1 : -1
        let run = valueRun(columns.valueIDs[claim])!
        coveringOfValue[run] += covering ? 1 : -1
        changedAt[run] = enters
    }

    /// The value's run in `byValueIDs` (its number among the cell's values), nil when no claim states it.
    private func valueRun(_ valueID: Int32) -> Int? {
        let first = byValueIDs.firstIndex(notBelow: valueID)
        guard first < byValueIDs.count, byValueIDs[first] == valueID else { return nil }
        // Runs are numbered by their first element: count the value changes before it.
        return runStarts.firstIndex(notBelow: Int32(first))
    }

    /// How many claims stating `valueID` cover the current segment.
    func coveringCount(withValue valueID: Int32) -> Int {
        valueRun(valueID).map { Int(coveringOfValue[$0]) } ?? 0
    }

    /// Whether a claim stating `valueID` started or stopped covering at the current segment's lower
    /// bound: if none did, the claims of that value covering it are those that covered the segment before.
    func coveringChanged(withValue valueID: Int32) -> Bool {
        valueRun(valueID).map { changedAt[$0] == enters } ?? false
    }

    /// The first `limit` claims covering the segment whose value is `valueID`, in claim order.
    func firstCovering(withValue valueID: Int32, limit: Int) -> [Int32] {
        let run = byValueIDs.firstIndex(notBelow: valueID)..<byValueIDs.firstIndex(notBelow: valueID + 1)
        return valueTree.firstSlots(in: run, below: 1, limit: limit).map { claims[Int(byValue[$0])] }
    }

    func appendCovering(withValue valueID: Int32, to list: inout [Int32]) {
        // The claims with this value are a run of `byValue`. Local copies, so that the closure does
        // not copy the whole cell for each claim.
        let run = byValueIDs.firstIndex(notBelow: valueID)..<byValueIDs.firstIndex(notBelow: valueID + 1)
        let claims = self.claims, byValue = self.byValue
        valueTree.forEachSlot(in: run, below: 1) { list.append(claims[Int(byValue[$0])]) }
    }
}
