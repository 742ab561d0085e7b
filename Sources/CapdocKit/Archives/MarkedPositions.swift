/// A set of positions `0..<count` that answers "the largest member at or below i" in a few word
/// operations, whatever the set holds: a bitset with a summary level above it (one bit per non-empty
/// word below), and so on up to a single word. Three levels cover 262,144 positions; each query and
/// each change touches one word per level.
///
/// The quote search marks the parts that have quotes waiting for them, and walks the marked ones
/// among a position's suffixes with this, skipping every unmarked one without looking at it.
struct MarkedPositions {
    /// `levels[0]` holds the positions; each word of `levels[l]` has a bit per word of `levels[l - 1]`
    /// that is not zero. The last level is one word.
    private var levels: [[UInt64]]

    init(count: Int) {
        var words = (max(count, 1) + 63) >> 6
        var levels = [[UInt64](repeating: 0, count: words)]
        while words > 1 {
            words = (words + 63) >> 6
            levels.append([UInt64](repeating: 0, count: words))
        }
        self.levels = levels
    }

    mutating func insert(_ position: Int) {
        var index = position
        for level in levels.indices {
            let word = index >> 6
            let wasEmpty = levels[level][word] == 0
            levels[level][word] |= 1 << UInt64(index & 63)
            guard wasEmpty else { return }
            index = word
        }
    }

    mutating func remove(_ position: Int) {
        var index = position
        for level in levels.indices {
            let word = index >> 6
            levels[level][word] &= ~(1 << UInt64(index & 63))
            guard levels[level][word] == 0 else { return }
            index = word
        }
    }

    /// The largest member at or below `position`, or nil.
    func largest(atOrBelow position: Int) -> Int? {
        guard position >= 0 else { return nil }
        // Up: the first level whose word (at or left of the index) has a bit at or below it.
        var level = 0
        var index = position
        while true {
            guard level < levels.count else { return nil }
            let word = index >> 6
            let bit = index & 63
            let below = levels[level][word] & (bit == 63 ? ~0 : (1 << UInt64(bit + 1)) - 1)
            if below != 0 {
                index = word << 6 | (63 - below.leadingZeroBitCount)
                break
            }
            guard word > 0 else { return nil }
            index = word - 1
            level += 1
        }
        // Down: in each word below, the highest bit.
        while level > 0 {
            level -= 1
            index = index << 6 | (63 - levels[level][index].leadingZeroBitCount)
        }
        return index
    }
}
