/// Swift source that is not valid UTF-8, decoded with a replacement character (U+FFFD, 3 bytes) for
/// each invalid sequence, and the way back from an offset in the decoded text to the file's bytes.
///
/// swift-syntax counts columns in bytes of the text it parses. Counted in the decoded text, a call
/// after a stray byte on its line was two columns further right than in the file (three after a
/// truncated sequence of one byte, one after two bytes); Objective-C, tokenized as bytes, counted
/// each invalid byte as one. Columns now count the file's bytes in both languages, invalid or not.
struct RepairedUTF8 {
    /// The decoded text.
    let text: String
    /// At each replacement: its offset in the text and in the file, and how many bytes of the file it replaces.
    private let replacements: [(text: Int, file: Int, length: Int)]

    /// nil when decoding keeps every offset: the bytes are valid UTF-8, or each invalid sequence
    /// happens to be three bytes long, as long as its replacement.
    static func decode(_ bytes: [UInt8]) -> (text: String, repair: RepairedUTF8?) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.count == bytes.count { return (text, nil) }
        let repair = RepairedUTF8(bytes)
        return (repair.text, repair)
    }

    private init(_ bytes: [UInt8]) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count + bytes.count / 2)
        var replacements: [(text: Int, file: Int, length: Int)] = []
        var offset = 0
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar):
                decoded.append(contentsOf: scalar)
                offset += scalar.count
            case let .error(length):
                replacements.append((decoded.count, offset, length))
                decoded += [0xEF, 0xBF, 0xBD]
                offset += length
            case .emptyInput:
                break parsing
            }
        }
        text = String(decoding: decoded, as: UTF8.self)
        self.replacements = replacements
    }

    /// The file offset of the byte at `offset` in the text (a replacement character's bytes: the
    /// first byte it replaces).
    func fileOffset(ofTextOffset offset: Int) -> Int {
        // The last replacement at or before the offset.
        var low = 0, high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle].text <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offset }
        let replacement = replacements[low - 1]
        let past = offset - replacement.text
        return past < 3 ? replacement.file : replacement.file + replacement.length + past - 3
    }
}
