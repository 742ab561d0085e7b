/// Bytes as a dictionary key, hashed as one block of memory.
///
/// Why: `[UInt8]`'s own `hash(into:)` feeds the hasher one byte at a time. The dataset interns every
/// entity's answers by their bytes (a few kilobytes per service); hashed byte by byte, that was most
/// of the cost of interning them.
struct ByteKey: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func == (a: ByteKey, b: ByteKey) -> Bool { a.bytes == b.bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
