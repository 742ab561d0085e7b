import Foundation

/// Parses one YAML file into a `YAMLNode`, or a diagnostic with the position YAML reported.
enum YAMLParser {
    /// More nodes than this, per byte of input, can only come from aliases expanding ("billion laughs").
    static let nodesPerByteLimit = 1

    static func parse(_ data: Data, path: String) -> Result<YAMLNode?, Diagnostic> {
        data.withUnsafeBytes { bytes in
            parse(bytes, path: path, invalidUTF8: { firstInvalidUTF8(data, path: path) })
        }
    }

    private static func parse(_ file: UnsafeRawBufferPointer, path: String, invalidUTF8: () -> SourceLocation) -> Result<YAMLNode?, Diagnostic> {
        // Positions count from after a byte order mark, as when Foundation decoded the file (it drops one).
        let bytes = file.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeRawBufferPointer(rebasing: file.dropFirst(3)) : file
        // Validated once, here; the text is only read again to place an error.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Diagnostic(.error, "file is not valid UTF-8", at: invalidUTF8(), check: .yamlSyntax))
        }
        var composer = YAMLComposer(events: LibYAMLEvents(bytes), path: path, expectedBytes: bytes.count)
        let composed: (root: YAMLNode, size: Int)?
        do {
            composed = try composer.compose()
        } catch {
            return .failure(YAMLErrorDiagnostic.diagnostic(for: error, path: path, yaml: text))
        }
        guard let composed else { return .success(nil) }
        if composed.size > max(1_000, file.count * nodesPerByteLimit) {
            return .failure(
                Diagnostic(
                    .error, "the document's aliases expand it to more nodes than it has bytes; write the values out instead of aliasing them",
                    at: .file(path), check: .yamlSyntax))
        }
        return .success(composed.root)
    }

    /// The line and column of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(_ data: Data, path: String) -> SourceLocation {
        let bytes = [UInt8](data)
        var line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            let valid =
                length > 0 && index + length <= bytes.count
                && String(bytes: bytes[index..<(index + length)], encoding: .utf8) != nil
            if !valid {
                let column = (String(bytes: bytes[lineStart..<index], encoding: .utf8)?.unicodeScalars.count ?? (index - lineStart)) + 1
                return SourceLocation(path: path, line: line, column: column)
            }
            if byte == 0x0A { line += 1; lineStart = index + 1 }
            index += length
        }
        return .file(path)
    }
}
