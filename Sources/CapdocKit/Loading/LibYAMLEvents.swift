import CYAML

/// libyaml's event parser over UTF-8 bytes, one event at a time.
///
/// The bytes are not copied: the caller keeps them alive for the parser's whole life.
final class LibYAMLEvents {
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    /// The current event: valid after `next()` returned true, until the following call.
    let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    private var holdsEvent = false
    /// libyaml wants a pointer to its input even when it is empty: one that is always there.
    private static let noBytes: StaticString = ""

    init(_ bytes: UnsafeRawBufferPointer) {
        yaml_parser_initialize(parser)
        // The bytes are UTF-8 (validated by the caller): libyaml need not guess from a byte order mark.
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        let start = bytes.count > 0 ? bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) : Self.noBytes.utf8Start
        yaml_parser_set_input_string(parser, start, bytes.count)
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        event.deallocate()
        parser.deallocate()
    }

    /// Parses the next event into `event`, freeing the previous one; false when libyaml failed (see `error`).
    func next() -> Bool {
        if holdsEvent { yaml_event_delete(event) }
        holdsEvent = yaml_parser_parse(parser, event) == 1
        return holdsEvent
    }

    var type: yaml_event_type_t { event.pointee.type }

    /// Where the current event starts, 1-based as YAML editors count (columns in Unicode scalars).
    var line: Int { Int(event.pointee.start_mark.line) + 1 }
    var column: Int { Int(event.pointee.start_mark.column) + 1 }

    /// What libyaml reported when `next()` returned false.
    var error: LibYAMLError {
        let parser = parser.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? ""
        switch parser.error {
        case YAML_READER_ERROR:
            return .reader(problem: problem, byteOffset: parser.problem_offset)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            return .syntax(
                problem: problem, context: parser.context.map { String(cString: $0) },
                line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        default:
            return .memory
        }
    }
}

/// An error of libyaml: its problem, its context and its position.
enum LibYAMLError: Error {
    /// The input is not a YAML character stream (a control character, say), at a byte offset.
    case reader(problem: String, byteOffset: Int)
    /// A scanner or parser error: libyaml's problem, its context ("while scanning a quoted
    /// scalar"), and where the problem is (1-based).
    case syntax(problem: String, context: String?, line: Int, column: Int)
    case memory
}
