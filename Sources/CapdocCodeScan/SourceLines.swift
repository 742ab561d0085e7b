/// Where each line of a file starts, to turn a UTF-8 offset into a line and a column (in bytes,
/// as swift-syntax counts them), both from 1.
///
/// swift-syntax's `SourceLocationConverter` builds the same table by recursing over the tree, one
/// call per level, so a tree made deep by a postfix chain (`a()()()…`) would exhaust the stack;
/// the bytes of the file give the lines without looking at the tree at all.
struct SourceLines {
    /// The offset of each line's first byte; the first line's is 0.
    private let starts: [Int]

    /// Line breaks as Swift reads them: LF, CR, and CR LF as one.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == ASCII.carriageReturn, index < bytes.count, bytes[index] == ASCII.newline { index += 1 }
            if byte == ASCII.newline || byte == ASCII.carriageReturn { starts.append(index) }
        }
        self.starts = starts
    }

    /// The line and column of the byte at `offset`.
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        // The last line starting at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
