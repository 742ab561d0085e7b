import Foundation

/// The diagnostic of a YAML file that does not compose, worded and placed as when capdoc read YAML
/// through Yams (which passed libyaml's problem and context on).
enum YAMLErrorDiagnostic {
    static func diagnostic(for failure: YAMLComposer.Failure, path: String, yaml: String) -> Diagnostic {
        func invalid(_ message: String, line: Int, column: Int) -> Diagnostic {
            Diagnostic(.error, "invalid YAML: \(message)", at: SourceLocation(path: path, line: line, column: column), check: YAMLSyntaxCheck.id)
        }
        switch failure {
        case let .libyaml(.syntax(problem, context, line, column)):
            return invalid(problem + (context.map { " (\($0))" } ?? ""), line: line, column: column)
        case let .libyaml(.reader(problem, byteOffset)):
            // The reader reports a byte offset, not a line: count the lines up to it.
            return Diagnostic(.error, "invalid YAML: \(problem)",
                              at: characterOffset(ofByte: byteOffset, in: yaml).map { location(ofByte: $0, in: yaml, path: path) } ?? .file(path),
                              check: YAMLSyntaxCheck.id)
        case .libyaml(.memory):
            return Diagnostic(.error, "invalid YAML: Memory error", at: .file(path), check: YAMLSyntaxCheck.id)
        case let .undefinedAlias(line, column):
            return invalid("found undefined alias", line: line, column: column)
        case let .anotherDocument(line, column):
            return invalid("but found another document (expected a single document in the stream)", line: line, column: column)
        case let .nestedTooDeep(line, column):
            return invalid("nested more than 1000 levels deep", line: line, column: column)
        case let .duplicatedKey(name, first):
            // Yams reported where the mapping's first duplicated key is; point at the repeat, where the fix goes.
            let repeatLocation = repeatedKey(name, after: first, in: yaml) ?? first
            return Diagnostic(.error, "field '\(name)' is written twice in one mapping", at: repeatLocation, check: DuplicateIDCheck.id,
                              notes: repeatLocation == first ? [] : [DiagnosticNote("first written here", at: first)])
        }
    }

    /// The offset Yams derived from libyaml's byte offset: in Characters, and nil unless the byte
    /// starts one. (It is then read as a byte count by `location(ofByte:)`, as it always was.)
    static func characterOffset(ofByte offset: Int, in yaml: String) -> Int? {
        yaml.utf8.index(yaml.utf8.startIndex, offsetBy: offset, limitedBy: yaml.utf8.endIndex)?
            .samePosition(in: yaml)
            .map { yaml.distance(from: yaml.startIndex, to: $0) }
    }

    /// The line and column (in Unicode scalars, as YAML counts) of a UTF-8 byte offset.
    static func location(ofByte offset: Int, in text: String, path: String) -> SourceLocation {
        let bytes = Array(text.utf8.prefix(offset))
        let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = String(decoding: bytes[lineStart...], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }

    /// The next line after `first` that starts the same key at the same column: the repeated field.
    static func repeatedKey(_ name: String, after first: SourceLocation, in yaml: String) -> SourceLocation? {
        guard !name.isEmpty else { return nil }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line < lines.count else { return nil }
        for index in first.line..<lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            if indent < first.column - 1, !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix(String(repeating: " ", count: indent) + "#") { break }
            if indent == first.column - 1, line.dropFirst(indent).hasPrefix(name + ":") {
                return SourceLocation(path: first.path, line: index + 1, column: indent + 1)
            }
        }
        return nil
    }
}
