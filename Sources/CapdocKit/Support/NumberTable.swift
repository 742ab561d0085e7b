/// Small non-negative numbers to numbers, by open addressing: what `IDTable` does for ids, for keys
/// that are already numbers (a claim's place in the model), so that a lookup hashes nothing but an
/// integer. A page's citations are looked up this way at every segment of every cell.
struct NumberTable {
    /// Each slot holds a key + 1 (0 when empty) and its value; a power of two, at most half full.
    private var keys: [Int32] = Array(repeating: 0, count: 16)
    private var values: [Int32] = Array(repeating: 0, count: 16)
    private var mask = 15
    private(set) var count = 0

    init() {}

    /// The value of `key` (not negative), or nil when it has none.
    subscript(key: Int32) -> Int32? {
        var slot = Self.slot(key, mask)
        while true {
            let stored = keys[slot]
            if stored == 0 { return nil }
            if stored == key &+ 1 { return values[slot] }
            slot = (slot + 1) & mask
        }
    }

    /// Gives `key` (not negative) a value, replacing any it had.
    mutating func set(_ key: Int32, to value: Int32) {
        precondition(key >= 0 && key < Int32.max, "NumberTable keys are places, 0 or more")
        var slot = Self.slot(key, mask)
        while keys[slot] != 0 {
            if keys[slot] == key &+ 1 { values[slot] = value; return }
            slot = (slot + 1) & mask
        }
        keys[slot] = key &+ 1
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
    }

    /// Fibonacci hashing: neighbouring places (the claims of one source) spread over the slots.
    private static func slot(_ key: Int32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        for index in oldKeys.indices where oldKeys[index] != 0 {
            var slot = Self.slot(oldKeys[index] &- 1, mask)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            values[slot] = oldValues[index]
        }
    }
}
