import Foundation

/// Where in a file Foundation's JSON parser gave up, as a line and a column (1-based, the column in
/// Unicode scalars, as capdoc's YAML diagnostics count it). Foundation reports only "around
/// character N", N being a byte offset, or an unexpected end of file; a reader of the error needs
/// the line to open.
enum JSONErrorPosition {
    /// The place of `error`, thrown by `JSONSerialization` on `data`; nil when the error names none.
    static func of(_ error: any Error, in data: Data) -> (line: Int, column: Int)? {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        if let offset = byteOffset(in: text) { return position(ofByte: min(offset, data.count), in: data) }
        if text.localizedCaseInsensitiveContains("end of file") { return position(ofByte: data.count, in: data) }
        return nil
    }

    /// N in "… around character N." (nil when the message has none).
    private static func byteOffset(in message: String) -> Int? {
        guard let range = message.range(of: "around character ") else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    /// The line and column of the byte at `offset`: lines end at "\n", columns count scalars.
    static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (index, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: data[data.startIndex + lineStart..<data.startIndex + offset], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    /// The message without its "around character N" (the position says it better).
    static func message(of error: any Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        guard let range = text.range(of: " around character ") else { return text }
        let rest = text[range.upperBound...].drop { $0.isASCII && $0.isNumber }
        return String(text[..<range.lowerBound]) + rest
    }
}
