import Foundation

/// Prints diagnostics like a compiler: `path:line:col: error: message [check-id]`, the offending line
/// with a caret under the column, then the notes the same way.
public struct DiagnosticRenderer: Sendable {
    public var fileSystem: any FileSystem
    public var colour: Bool

    public init(fileSystem: any FileSystem = DiskFileSystem(), colour: Bool = false) {
        self.fileSystem = fileSystem
        self.colour = colour
    }

    public func human(_ diagnostics: [Diagnostic]) -> String {
        var lines = LineCache(fileSystem: fileSystem)
        var output = ""
        for diagnostic in diagnostics {
            output += headline(
                diagnostic.location, diagnostic.severity.rawValue, diagnostic.message + " [\(diagnostic.checkID)]",
                severity: diagnostic.severity)
            // A file refused as unsafe is never read, not even for an excerpt: a link may lead anywhere.
            if diagnostic.checkID != .unsafeFile, !fileSystem.isSymbolicLink(diagnostic.location.path),
                !fileSystem.isDirectory(diagnostic.location.path)
            {
                output += lines.excerpt(diagnostic.location)
            }
            for note in diagnostic.notes {
                output += headline(note.location, "note", note.message, severity: .note)
                output += lines.excerpt(note.location)
            }
        }
        return output
    }

    /// The location and message are shown through `DisplayText.line`: a file name or a value quoted
    /// in a message may hold control characters, and must neither act on the terminal nor start a line.
    private func headline(_ location: SourceLocation, _ label: String, _ message: String, severity: Severity) -> String {
        let location = DisplayText.lineStart(path: location.description)
        let message = DisplayText.line(message)
        guard colour else { return "\(location): \(label): \(message)\n" }
        let code =
            switch severity {
            case .error: "31"
            case .warning: "35"
            case .note: "36"
            }
        return "\u{1B}[1m\(location): \u{1B}[\(code)m\(label):\u{1B}[0m\u{1B}[1m \(message)\u{1B}[0m\n"
    }

    /// JSON for tools: `{"diagnostics": [...], "summary": {...}}`, written by `JSONValue` like every
    /// other JSON capdoc prints (keys in byte order, two-space indentation, `[]` for an empty list).
    public static func json(_ diagnostics: [Diagnostic], summary: [String: Int]) -> String {
        func location(_ location: SourceLocation) -> JSONValue {
            .object(["file": .string(location.path), "line": .number(location.line), "column": .number(location.column)])
        }
        let items: [JSONValue] = diagnostics.map { diagnostic in
            .object([
                "check": .string(diagnostic.checkID.rawValue),
                "severity": .string(diagnostic.severity.rawValue),
                "message": .string(diagnostic.message),
                "location": location(diagnostic.location),
                "notes": .array(diagnostic.notes.map { .object(["message": .string($0.message), "location": location($0.location)]) }),
            ])
        }
        return JSONValue.object(["diagnostics": .array(items), "summary": .object(summary.mapValues(JSONValue.number))]).serialized()
    }
}

/// Reads each file once and hands out its lines for excerpts.
private struct LineCache {
    let fileSystem: any FileSystem
    /// Each file's bytes and where each of its lines starts.
    var files: [String: (bytes: [UInt8], starts: [Int])] = [:]

    mutating func excerpt(_ location: SourceLocation) -> String {
        if files[location.path] == nil {
            let bytes = (try? fileSystem.contents(of: location.path, limit: ContentLoader.largestFile).get()).map { Array($0) } ?? []
            files[location.path] = (bytes, Self.lineStarts(bytes))
        }
        let (bytes, starts) = files[location.path]!
        guard location.line >= 1, location.line <= starts.count else { return "" }
        let start = starts[location.line - 1]
        let end = location.line < starts.count ? starts[location.line] - 1 : bytes.count
        var line = String(decoding: bytes[start..<end], as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        if line.count > 200 { line = String(line.prefix(200)) + "…" }
        // The caret goes under the column, counted in Unicode scalars as YAML counts them; tabs kept,
        // and a control character shown as its escape (`\u{1B}`) is as wide as the escape.
        guard DisplayText.mayHoldUnsafe(line) else {
            return "  \(line)\n  \(String(repeating: " ", count: min(max(0, location.column - 1), line.unicodeScalars.count)))^\n"
        }
        let prefix = line.unicodeScalars.prefix(max(0, location.column - 1)).map { scalar in
            scalar == "\t" ? "\t" : DisplayText.isUnsafe(scalar) ? String(repeating: " ", count: DisplayText.escape(scalar).count) : " "
        }.joined()
        let shown = line.unicodeScalars.map { $0 != "\t" && DisplayText.isUnsafe($0) ? DisplayText.escape($0) : String($0) }.joined()
        return "  \(shown)\n  \(prefix)^\n"
    }

    /// Where each line starts (the first at 0; one more after each newline): the file's bytes are
    /// kept and each excerpt decoded alone. Splitting the decoded text into lines, as before, cost
    /// `capdoc serve` a tenth of each rebuild at 20,000 services for a warning in `services.yaml`
    /// (5 MB). A newline is one byte in UTF-8 and in no other character, so each line decodes as it
    /// does in the whole text.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }
}
