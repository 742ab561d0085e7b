/// A fast seeded hash of bytes, eight at a time: what `IDTable` hashes ids with, instead of `Hasher`
/// (SipHash), which costs several instructions a byte.
///
/// The seed differs between processes, so that no Content can be written to collide (what SipHash's
/// seed does for `Dictionary`); nothing the tables answer depends on it, only how fast they answer.
enum WordHash {
    static let seed = UInt64.random(in: 0...UInt64.max)

    /// The bytes eight at a time, each word multiplied in from the seed, then mixed (SplitMix64's
    /// finalizer) so that the low bits, which pick a slot, depend on every byte.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        if let base = bytes.baseAddress {
            var index = 0
            while index + 8 <= bytes.count {
                hash = (hash ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
                index += 8
            }
            var tail: UInt64 = 0
            for offset in index..<bytes.count { tail |= UInt64(bytes[offset]) << (8 * UInt64(offset - index)) }
            hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        var mixed = hash ^ (hash >> 30)
        mixed = (mixed ^ (mixed >> 27)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
