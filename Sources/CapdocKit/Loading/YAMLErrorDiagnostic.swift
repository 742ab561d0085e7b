import Foundation

/// The diagnostic of a YAML file that does not compose: libyaml's problem and context, or the
/// composer's, at the position where the fix goes.
enum YAMLErrorDiagnostic {
    static func diagnostic(for failure: YAMLComposer.Failure, path: String, yaml: String) -> Diagnostic {
        func invalid(_ message: String, line: Int, column: Int) -> Diagnostic {
            Diagnostic(.error, "invalid YAML: \(message)", at: SourceLocation(path: path, line: line, column: column), check: .yamlSyntax)
        }
        switch failure {
        case let .libyaml(.syntax(problem, context, line, column)):
            return invalid(problem + (context.map { " (\($0))" } ?? ""), line: line, column: column)
        case let .libyaml(.reader(problem, byteOffset)):
            // The reader reports a byte offset, not a line: count the lines up to it.
            return Diagnostic(
                .error, "invalid YAML: \(problem)", at: location(ofByte: byteOffset, in: yaml, path: path),
                check: .yamlSyntax)
        case .libyaml(.memory):
            return Diagnostic(.error, "invalid YAML: Memory error", at: .file(path), check: .yamlSyntax)
        case let .undefinedAlias(line, column):
            return invalid("an alias names no anchor written before it", line: line, column: column)
        case let .anotherDocument(line, column):
            return invalid("a second document starts here; a Content file holds one", line: line, column: column)
        case let .nestedTooDeep(line, column):
            return invalid("nested more than \(YAMLComposer.mostNestingLevels) levels deep", line: line, column: column)
        case let .tagged(tag, line, column):
            // As it was written: YAML's own tags are `!!name` in the file.
            let written = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
            return invalid(
                "the tag '\(DisplayText.line(written))' is not read: Content's values are plain text, lists and mappings; write the value without it",
                line: line, column: column)
        case let .duplicatedKey(name, first, repeated):
            return Diagnostic(
                .error, name.map { "field '\($0)' is written twice in one mapping" } ?? "a key is written twice in one mapping",
                at: repeated, check: .duplicateID, notes: [DiagnosticNote("first written here", at: first)])
        }
    }

    /// The line and column (in Unicode scalars, as YAML counts) of a UTF-8 byte offset.
    static func location(ofByte offset: Int, in text: String, path: String) -> SourceLocation {
        let bytes = Array(text.utf8.prefix(offset))
        let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = String(decoding: bytes[lineStart...], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
