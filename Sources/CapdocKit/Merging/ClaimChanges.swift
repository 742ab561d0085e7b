/// Which claims differ between two loads of Content: what an incremental merge merges again.
///
/// Worked out from the claims themselves, not from which files were saved: a source is matched with
/// the source of the same path in the other load, and its claims compared place by place (a claim's
/// every field: reference, scope, value, quote, location). A claim that differs, or that has no
/// counterpart (its source added, deleted or renamed, or a claim added or removed in it), is changed
/// in both loads. A file saved with the same claims changes nothing, and nothing rests on a time.
struct ClaimChanges: Sendable {
    /// The numbers, in the earlier load's claims, of the claims that are gone or changed.
    var before: [Int32] = []
    /// The numbers, in the new load's claims, of the claims that are new or changed.
    var after: [Int32] = []
    /// Whether every unchanged claim has the same number in both loads. Facts cite claims by number
    /// (a fact's deciding places, a contradiction's claims): only then can the facts of cells the
    /// edit did not touch be kept as they are.
    var keepsNumbers = true

    init(from earlier: [Source], to later: [Source]) {
        var earlierByPath: [String: (source: Source, first: Int)] = [:]
        var first = 0
        for source in earlier {
            earlierByPath[source.path] = (source, first)
            first += source.claims.count
        }
        var matched = Set<String>()
        var next = 0
        for source in later {
            defer { next += source.claims.count }
            guard let (old, oldFirst) = earlierByPath[source.path] else {
                after += (next..<next + source.claims.count).map { Int32($0) }
                continue
            }
            matched.insert(source.path)
            guard old.claims.count == source.claims.count else {
                before += (oldFirst..<oldFirst + old.claims.count).map { Int32($0) }
                after += (next..<next + source.claims.count).map { Int32($0) }
                continue  // the unchanged claims after it, numbered otherwise now, are found below

            }
            for (place, claim) in source.claims.enumerated() where claim != old.claims[place] {
                before.append(Int32(oldFirst + place))
                after.append(Int32(next + place))
            }
            if oldFirst != next, !source.claims.isEmpty { keepsNumbers = false }
        }
        for (path, (old, oldFirst)) in earlierByPath where !matched.contains(path) {
            before += (oldFirst..<oldFirst + old.claims.count).map { Int32($0) }
        }
        before.sort()
    }

    var isEmpty: Bool { before.isEmpty && after.isEmpty }
}
