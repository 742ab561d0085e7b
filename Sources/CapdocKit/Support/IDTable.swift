/// The places of ids (0, 1, 2, … in the order given), looked up by id: the vocabulary's and the fact
/// cells' tables, which a build of 20,000 services asks tens of millions of times (every answer finds
/// its cell by the ids of its subject, platform and level).
///
/// Why not `[String: Int]`: this table, `Int32` slots probed linearly beside the ids in order, answers
/// a lookup for fewer instructions; the answer is the same as the dictionary's (a test holds them equal).
///
/// Measured gain (issue 37, callgrind, `capdoc build` of all formats at 2,000 services, 2026-11-28):
/// the same table as a `[String: Int]` executed +1.1% instructions (29.95 against 29.62 billion).
/// Its own hash of the UTF-8 bytes a word at a time (`WordHash`) was worth 0.65% (29.43 against 29.62
/// billion) and went back to `Hasher`.
struct IDTable: Sendable {
    /// The ids, by place (an id given twice has two places, and is found at its first, as a
    /// dictionary built with "first wins" finds it).
    private(set) var ids: [String] = []
    /// Open addressing: each slot holds a place + 1, or 0 when empty; a power of two, at most half full.
    private var slots: [Int32] = Array(repeating: 0, count: 8)
    private var mask = 7

    init() {}

    /// Each id at its place in `ids`.
    init<Ids: Sequence>(_ ids: Ids) where Ids.Element == String {
        for id in ids { append(id) }
    }

    var count: Int { ids.count }

    /// The place of `id` (its first), or nil when it is not in the table.
    subscript(id: String) -> Int? {
        var slot = Self.hash(id) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if ids[entry - 1] == id { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Gives `id` the next place; a lookup finds it there unless it had a place already.
    mutating func append(_ id: String) {
        ids.append(id)
        if ids.count * 2 > slots.count { grow() } else { place(ids.count - 1) }
    }

    /// Puts a place in its slot, unless its id is found at an earlier place.
    private mutating func place(_ index: Int) {
        var slot = Self.hash(ids[index]) & mask
        while slots[slot] != 0 {
            if ids[Int(slots[slot]) - 1] == ids[index] { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(index + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for index in ids.indices { place(index) }
    }

    private static func hash(_ id: String) -> Int { id.hashValue }
}
