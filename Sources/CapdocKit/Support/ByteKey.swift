import Foundation

/// Bytes as a dictionary key, hashed once, as one block of memory.
///
/// Why: `[UInt8]`'s own `hash(into:)` feeds the hasher one byte at a time, and even fed as one block
/// SipHash costs several instructions a byte. The dataset interns every entity's answers by their
/// bytes (a few kilobytes per service): the key keeps a `WordHash` of them, made when it is, and the
/// dictionary hashes that; equal keys still compare every byte.
struct ByteKey: Hashable {
    let bytes: [UInt8]
    private let digest: UInt64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        digest = bytes.withUnsafeBytes(WordHash.hash)
    }

    /// Compared as memory (`memcmp`): `[UInt8]`'s own `==` compares byte by byte, and a key found
    /// again is compared whole, kilobytes at every service.
    static func == (a: ByteKey, b: ByteKey) -> Bool {
        guard a.digest == b.digest, a.bytes.count == b.bytes.count else { return false }
        return a.bytes.withUnsafeBytes { first in
            b.bytes.withUnsafeBytes { second in
                first.count == 0 || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
