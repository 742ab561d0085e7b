/// Fingerprints of the keys of the open mappings, for the quick duplicate-key check that every
/// mapping takes: a hash of the key's bytes.
///
/// Only untagged ASCII keys get one, because for ASCII text equal bytes and equal `String`s are the
/// same thing (other text may be equal in Swift, canonically, with other bytes: "é" and "e\u{301}").
/// Different fingerprints prove keys different; a repeated one sends the mapping to the full check.
struct KeyFingerprints {
    private var hashes: [UInt64] = []

    var count: Int { hashes.count }

    /// Adds the key's fingerprint; false (and nothing added) when the key is not ASCII.
    mutating func push(_ bytes: UnsafePointer<UInt8>?, count: Int) -> Bool {
        // FNV-1a: keys are a few bytes long; a cryptographic hash would cost more than the whole check.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var any: UInt8 = 0
        for index in 0..<count {
            let byte = bytes![index]
            any |= byte
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        guard any < 0x80 else { return false }
        hashes.append(hash)
        return true
    }

    /// Whether two fingerprints from `start` on are equal; they are then dropped.
    mutating func popAnyRepeated(from start: Int) -> Bool {
        defer { hashes.removeSubrange(start...) }
        let keys = hashes.count - start
        guard keys > 1 else { return false }
        if keys <= 16 {
            for index in (start + 1)..<hashes.count {
                for earlier in start..<index where hashes[earlier] == hashes[index] { return true }
            }
            return false
        }
        var seen = Set<UInt64>(minimumCapacity: keys)
        for index in start..<hashes.count where !seen.insert(hashes[index]).inserted { return true }
        return false
    }
}
