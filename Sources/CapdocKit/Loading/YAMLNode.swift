import Foundation
import Yams

/// A YAML node with the position of its first character, as capdoc reads Content.
///
/// Built from Yams' node tree so that no position is lost; values stay text and are typed by the
/// readers, which know what each field should be.
public indirect enum YAMLNode: Sendable {
    case scalar(String, isPlain: Bool, SourceLocation)
    case mapping([(key: YAMLNode, value: YAMLNode)], SourceLocation)
    case sequence([YAMLNode], SourceLocation)

    public var location: SourceLocation {
        switch self {
        case let .scalar(_, _, location), let .mapping(_, location), let .sequence(_, location): location
        }
    }

    /// The word used in "expected a list, found a mapping".
    public var kindDescription: String {
        switch self {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    /// A plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        if case let .scalar(text, isPlain, _) = self { return isPlain && ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }
}

/// Parses one YAML file into a `YAMLNode`, or a diagnostic with the position YAML reported.
public enum YAMLParser {
    /// More nodes than this, per byte of input, can only come from aliases expanding ("billion laughs").
    static let nodesPerByteLimit = 1

    public static func parse(_ data: Data, path: String) -> Result<YAMLNode?, Diagnostic> {
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(Diagnostic(.error, "file is not valid UTF-8", at: firstInvalidUTF8(data, path: path),
                                       check: YAMLSyntaxCheck.id))
        }
        let root: Node?
        do {
            // The basic resolver: capdoc types values itself, and the default one runs regular expressions on every scalar.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, path: path, yaml: text))
        } catch {
            return .failure(Diagnostic(.error, "cannot parse YAML: \(error)", at: .file(path), check: YAMLSyntaxCheck.id))
        }
        guard let root else { return .success(nil) }
        var budget = max(1_000, data.count * nodesPerByteLimit)
        do {
            return .success(try convert(root, path: path, budget: &budget))
        } catch {
            return .failure(Diagnostic(.error, "the document's aliases expand it to more nodes than it has bytes; write the values out instead of aliasing them",
                                       at: .file(path), check: YAMLSyntaxCheck.id))
        }
    }

    private struct ExpansionLimit: Error {}

    private static func convert(_ node: Node, path: String, budget: inout Int) throws -> YAMLNode {
        budget -= 1
        if budget < 0 { throw ExpansionLimit() }
        let location = SourceLocation(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case let .scalar(scalar):
            return .scalar(scalar.string, isPlain: scalar.style == .plain, location)
        case let .mapping(mapping):
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            pairs.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                pairs.append((try convert(key, path: path, budget: &budget), try convert(value, path: path, budget: &budget)))
            }
            return .mapping(pairs, location)
        case let .sequence(sequence):
            var items: [YAMLNode] = []
            items.reserveCapacity(sequence.count)
            for item in sequence { items.append(try convert(item, path: path, budget: &budget)) }
            return .sequence(items, location)
        case let .alias(alias):
            return .scalar("", isPlain: true, SourceLocation(path: path, line: alias.mark?.line ?? 1, column: alias.mark?.column ?? 1))
        }
    }

    private static func diagnostic(for error: YamlError, path: String, yaml: String) -> Diagnostic {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> Diagnostic {
            // libyaml's own wording names its C API; say what it means for a Content file.
            if problem.hasPrefix("Maximum nesting level reached") {
                return Diagnostic(.error, "invalid YAML: nested more than 1000 levels deep", at: SourceLocation(path: path, line: mark.line, column: mark.column),
                                  check: YAMLSyntaxCheck.id)
            }
            var message = problem
            if let context { message += " (\(context.text))" }
            return Diagnostic(.error, "invalid YAML: \(message)", at: SourceLocation(path: path, line: mark.line, column: mark.column),
                              check: YAMLSyntaxCheck.id)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            return located(problem, context, mark)
        case let .reader(problem, offset, _, _):
            // The reader reports a byte offset, not a line: count the lines up to it.
            return Diagnostic(.error, "invalid YAML: \(problem)", at: offset.map { location(ofByte: $0, in: yaml, path: path) } ?? .file(path),
                              check: YAMLSyntaxCheck.id)
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams reports where the mapping's first duplicated key is; point at the repeat, where the fix goes.
            let name = duplicates.first ?? ""
            let first = SourceLocation(path: path, line: context.mark.line, column: context.mark.column)
            let repeatLocation = repeatedKey(name, after: first, in: yaml) ?? first
            return Diagnostic(.error, "field '\(name)' is written twice in one mapping", at: repeatLocation, check: DuplicateIDCheck.id,
                              notes: repeatLocation == first ? [] : [DiagnosticNote("first written here", at: first)])
        default:
            return Diagnostic(.error, "invalid YAML: \(error)", at: .file(path), check: YAMLSyntaxCheck.id)
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

    /// The line and column of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(_ data: Data, path: String) -> SourceLocation {
        let bytes = [UInt8](data)
        var line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            let valid = length > 0 && index + length <= bytes.count
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
