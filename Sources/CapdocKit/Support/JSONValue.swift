import Foundation

/// How JSON is laid out: indented for people to read, or without whitespace for tools to load
/// (the dataset at 20,000 services was mostly indentation).
public enum JSONLayout: Sendable {
    case pretty, compact
}

/// A JSON value written by capdoc itself, so that output is byte-for-byte deterministic:
/// object keys sorted by their UTF-8 bytes, two-space indentation (or none, compact), no escaped
/// slashes, `[]` and `{}` for empty lists and objects. It is capdoc's only JSON writer: check's
/// diagnostics, lint-plist's JSON and SARIF, query's answers and the dataset all share this one
/// layout and escaping.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    public func serialized(_ layout: JSONLayout = .pretty) -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0, layout: layout)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    // Written as bytes: appending to a String scalar by scalar was most of the dataset's cost.
    func write(to output: inout [UInt8], indent: Int, layout: JSONLayout = .pretty) {
        switch self {
        case let .string(text): Self.writeString(text, to: &output)
        case let .number(number): ByteText.appendDecimal(number, to: &output)
        case let .bool(flag): output += (flag ? "true" : "false").utf8
        case .null: output += "null".utf8
        case let .array(items):
            Self.writeArray(items.count, indent: indent, layout: layout, to: &output) { index, output in
                items[index].write(to: &output, indent: indent + 1, layout: layout)
            }
        case let .object(members):
            Self.writeObject(members.keys, indent: indent, layout: layout, to: &output) { key, output in
                members[key]!.write(to: &output, indent: indent + 1, layout: layout)
            }
        }
    }

    /// The layout of an array of `count` elements; `element` writes the one at an index.
    static func writeArray(_ count: Int, indent: Int, layout: JSONLayout = .pretty, to output: inout [UInt8], _ element: (Int, inout [UInt8]) -> Void) {
        if count == 0 { output += "[]".utf8; return }
        if layout == .compact {
            output.append(0x5B)
            for index in 0..<count {
                if index > 0 { output.append(0x2C) }
                element(index, &output)
            }
            output.append(0x5D)
            return
        }
        output += "[\n".utf8
        for index in 0..<count {
            writeIndent(indent + 1, to: &output)
            element(index, &output)
            output += (index + 1 < count ? ",\n" : "\n").utf8
        }
        writeIndent(indent, to: &output)
        output.append(0x5D)
    }

    /// The layout of an object, its members in the byte order of their keys; `member` writes a key's value.
    static func writeObject(
        _ keys: some Collection<String>, indent: Int, layout: JSONLayout = .pretty, to output: inout [UInt8],
        _ member: (String, inout [UInt8]) -> Void
    ) {
        if keys.isEmpty { output += "{}".utf8; return }
        let sorted = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        if layout == .compact {
            output.append(0x7B)
            for (index, key) in sorted.enumerated() {
                if index > 0 { output.append(0x2C) }
                writeString(key, to: &output)
                output.append(0x3A)
                member(key, &output)
            }
            output.append(0x7D)
            return
        }
        output += "{\n".utf8
        for (index, key) in sorted.enumerated() {
            writeIndent(indent + 1, to: &output)
            writeString(key, to: &output)
            output += ": ".utf8
            member(key, &output)
            output += (index + 1 < sorted.count ? ",\n" : "\n").utf8
        }
        writeIndent(indent, to: &output)
        output.append(0x7D)
    }

    static func writeIndent(_ depth: Int, to output: inout [UInt8]) {
        for _ in 0..<(depth * 2) { output.append(0x20) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(0x22)
        let plain = plainStringBytes  // read once: a static is a lazy global, checked at each read
        ByteText.withBytes(text) { bytes in
            var index = 0
            while index < bytes.count {
                // A run of bytes written as they are (nearly all of a quote or an id) is copied at once:
                // appended byte by byte, writing strings was a percent of a build.
                var runEnd = index
                while runEnd < bytes.count, plain.contains(bytes[runEnd]) { runEnd += 1 }
                if runEnd > index {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                    index = runEnd
                    continue
                }
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x22: output += [0x5C, 0x22]
                case 0x5C: output += [0x5C, 0x5C]
                case 0x0A: output += [0x5C, 0x6E]
                case 0x0D: output += [0x5C, 0x72]
                case 0x09: output += [0x5C, 0x74]
                case 0x00..<0x20:
                    output += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    // U+2028 and U+2029 are valid JSON but end lines in JavaScript: escaped.
                    output += "\\u202".utf8
                    output.append(bytes[index + 1] == 0xA8 ? 0x38 : 0x39)
                    index += 2
                case 0x7F:
                    output += "\\u007f".utf8
                case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]),
                    0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (0xAA...0xAE).contains(bytes[index + 1]),
                    0xE2 where index + 1 < bytes.count && bytes[index] == 0x81 && (0xA6...0xA9).contains(bytes[index + 1]):
                    // DEL, the C1 controls and the bidi overrides and isolates are valid JSON, but act on
                    // a terminal that shows the document or reorder it (`DisplayText`): escaped, the same text.
                    let scalar =
                        byte == 0xC2
                        ? UInt32(bytes[index] & 0x3F) | 0x80
                        : 0x2000 | UInt32(bytes[index] & 0x3F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    output += Self.unicodeEscape(scalar)
                    index += byte == 0xC2 ? 1 : 2
                default: output.append(byte)
                }
            }
        }
        output.append(0x22)
    }

    /// The bytes `writeString` writes as they are wherever they stand: printable ASCII but '"' and '\\',
    /// and the bytes of non-ASCII characters but C2 and E2, which start the characters it escapes.
    private static let plainStringBytes = ByteSet((0x20...0x7E).filter { $0 != 0x22 && $0 != 0x5C } + (0x80...0xFF).filter { $0 != 0xC2 && $0 != 0xE2 })

    /// `\u009b`: a scalar of the Basic Multilingual Plane as a JSON escape.
    static func unicodeEscape(_ scalar: UInt32) -> [UInt8] {
        [0x5C, 0x75] + [12, 8, 4, 0].map { hexDigits[Int((scalar >> UInt32($0)) & 0xF)] }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
}

extension JSONValue {
    /// An object without the members whose value is nil.
    static func object(_ members: [String: JSONValue?]) -> JSONValue {
        .object(members.compactMapValues { $0 })
    }

    static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
}
