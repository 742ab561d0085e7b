/// Bytes written at the end, one piece after another: what the page writers (`TableWriter`,
/// `DirectBlockWriter`, `DirectInlineWriter`) write a table or a block into.
///
/// Why not `[UInt8]`: the writers append millions of short pieces (a tag, a citation marker, a run of
/// text), and `Array.append(contentsOf:)` is a generic function left out of line, about 75
/// instructions a call before it copies anything: 7% of a build's instructions (callgrind, 2,000
/// services). Here an append is a capacity check and a copy, inlined where it is written.
///
/// Not copyable, so two values never share the memory they write into (no copy-on-write check per
/// append); the bytes leave as an array (`array()`), copied once.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// Room for `capacity` bytes; none allocated for 0 (a buffer swapped in and out of a writer).
    init(capacity: Int = 0) {
        self.capacity = Swift.max(capacity, 0)
        // With no capacity, a pointer that is never read, written or freed (the count stays 0 until the
        // first append allocates); a global for it was a lazy-initialization check per buffer made.
        base = capacity > 0 ? .allocate(capacity: capacity) : UnsafeMutablePointer(bitPattern: 1)!
    }

    deinit { if capacity > 0 { base.deallocate() } }

    var isEmpty: Bool { count == 0 }

    var last: UInt8? { count > 0 ? base[count - 1] : nil }

    /// The bytes written, as an array.
    func array() -> [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Reads the bytes written in place.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `additional` more bytes at least, grown by doubling so that appends stay linear.
    @inline(__always)
    mutating func reserve(_ additional: Int) {
        if capacity - count < additional { grow(to: count + additional) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        // Never less than a paragraph's usual bytes: grown from nothing a few bytes at a time, a block's
        // first appends each copied what was written.
        let newCapacity = Swift.max(needed, capacity * 2, 256)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if capacity > 0 {
            grown.initialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        reserve(length)
        (base + count).update(from: source, count: length)
        count += length
    }

    @inline(__always)
    mutating func append(contentsOf bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes))
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// A string's UTF-8 bytes, read where they lie when the string is native.
    mutating func append(_ text: String) {
        ByteText.withBytes(text) { append(contentsOf: $0) }
    }

    /// A literal's bytes, where they lie (`ByteText.withBytes`).
    @inline(__always)
    mutating func append(literal: StaticString) {
        ByteText.withBytes(literal) { append(contentsOf: $0) }
    }

    /// Two bytes at once (an escape: `\-`, `../`'s parts).
    @inline(__always)
    mutating func append(_ first: UInt8, _ second: UInt8) {
        reserve(2)
        base[count] = first
        base[count + 1] = second
        count += 2
    }

    /// Forgets the bytes from `position` on.
    mutating func truncate(to position: Int) {
        precondition(position >= 0 && position <= count, "ByteBuffer truncated past its end")
        count = position
    }

    /// An integer in decimal, as `ByteText.appendDecimal` writes it into an array.
    mutating func appendDecimal(_ number: Int) {
        ByteText.forEachDecimalByte(of: number) { append($0) }
    }
}
