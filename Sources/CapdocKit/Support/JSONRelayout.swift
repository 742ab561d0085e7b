/// Lays out JSON that `JSONValue` wrote compactly as `JSONValue` would have written it in another
/// layout: a value kept as compact bytes (an entry of the dataset's shared answers, interned by those
/// bytes) is written indented for `--pretty` without being parsed back into a tree.
///
/// The input must be `JSONValue`'s compact output: no whitespace between tokens, strings escaped as it
/// escapes them (so a quote or backslash inside a string is always after a backslash).
enum JSONRelayout {
    static func write(_ compact: some Collection<UInt8>, indent: Int, layout: JSONLayout, to output: inout [UInt8]) {
        guard layout == .pretty else { output += compact; return }
        var depth = indent
        var inString = false
        var escaped = false
        var previous: UInt8 = 0
        var index = compact.startIndex
        while index != compact.endIndex {
            let byte = compact[index]
            let next = compact.index(after: index)
            defer { index = next; previous = byte }
            if inString {
                output.append(byte)
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                output.append(byte)
            case 0x5B, 0x7B:  // [ {
                output.append(byte)
                // An empty list or object stays on its line: `[]`, `{}`.
                if next != compact.endIndex, compact[next] == byte + 2 { continue }
                depth += 1
                output.append(0x0A)
                JSONValue.writeIndent(depth, to: &output)
            case 0x5D, 0x7D:  // ] }
                if previous == byte - 2 {
                    output.append(byte)
                    continue
                }
                depth -= 1
                output.append(0x0A)
                JSONValue.writeIndent(depth, to: &output)
                output.append(byte)
            case 0x2C:  // ,
                output.append(byte)
                output.append(0x0A)
                JSONValue.writeIndent(depth, to: &output)
            case 0x3A:  // :
                output += ": ".utf8
            default:
                output.append(byte)
            }
        }
    }
}
