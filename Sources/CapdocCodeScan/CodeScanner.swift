import Foundation

/// Finds where an app's Swift and Objective-C code calls or names the APIs it is given.
///
/// ```swift
/// let scanner = CodeScanner(patterns: [APIPattern(api: "always", swift: "requestAlwaysAuthorization()", objectiveC: nil)])
/// for reference in try scanner.scan(directory: "MyApp").references { print(reference.file, reference.line) }
/// ```
///
/// Swift is parsed by swift-syntax (see ``SwiftCallMatcher`` and ``SwiftReferenceFinder`` for the
/// rules); Objective-C (`.m`, `.mm`) is tokenized (see ``ObjCReferenceFinder``). Which files are
/// read is ``SourceTree``'s business.
public struct CodeScanner: Sendable {
    public let patterns: [APIPattern]
    /// The patterns with a spelling the scanner cannot read; they match nothing.
    public let unreadablePatterns: [APIPattern]

    private let swift: SwiftSourceScanner
    private let objectiveC: ObjCReferenceFinder

    public init(patterns: [APIPattern]) {
        self.patterns = patterns
        var swiftPatterns: [(index: Int, pattern: SwiftPattern)] = []
        var objectiveCPatterns: [(index: Int, pattern: ObjCPattern)] = []
        var unreadable: [APIPattern] = []
        for (index, pattern) in patterns.enumerated() {
            var readable = true
            if let spelling = pattern.swift {
                if let parsed = SwiftPattern(spelling: spelling) { swiftPatterns.append((index, parsed)) } else { readable = false }
            }
            if let spelling = pattern.objectiveC {
                if let parsed = ObjCPattern(spelling: spelling) { objectiveCPatterns.append((index, parsed)) } else { readable = false }
            }
            if !readable { unreadable.append(pattern) }
        }
        swift = SwiftSourceScanner(patterns: swiftPatterns)
        objectiveC = ObjCReferenceFinder(patterns: objectiveCPatterns)
        unreadablePatterns = unreadable
    }

    /// Scans a folder, recursively, or a single `.swift`, `.m` or `.mm` file.
    ///
    /// - Throws: ``CodeScanError`` when `directory` is missing, is a symbolic link or reached through
    ///   one below the working folder, cannot be read,
    ///   or is a file of another kind. Trouble with anything inside a folder is not an error: it is
    ///   listed in ``CodeScan/skipped``.
    public func scan(directory: String) throws -> CodeScan {
        scan(try SourceTree(path: directory, workingFolder: FileManager.default.currentDirectoryPath), dependency: nil)
    }

    /// Scans a dependency's folder, the way ``scan(directory:)`` scans the app's, its sample apps
    /// (`Example`, `Demo`…) left out too; each reference carries the dependency's name.
    public func scan(dependency: Dependency) throws -> CodeScan {
        scan(try SourceTree(path: dependency.path, isDependency: true), dependency: dependency.name)
    }

    /// Scans one file's contents that are already in memory, as ``scan(directory:)`` scans each file
    /// it reads; `path` names the file in the references, and its extension (`.swift`, `.m`, `.mm`)
    /// says the language. For tools that hold the text already, and for the fuzz harness.
    public func scan(contents: [UInt8], path: String) -> CodeScan {
        let language: SourceTree.Language = path.hasSuffix(".swift") ? .swift : .objectiveC
        var scan = CodeScan(references: [], filesScanned: 0, skipped: [])
        var references: [(reference: CodeReference, patternIndex: Int)] = []
        add(contents, of: SourceTree.SourceFile(path: path, language: language), dependency: nil, to: &scan, references: &references)
        return Self.sorted(scan, references)
    }

    private func scan(_ tree: SourceTree, dependency: String?) -> CodeScan {
        var scan = CodeScan(references: [], filesScanned: 0, skipped: tree.skipped)
        var references: [(reference: CodeReference, patternIndex: Int)] = []
        for file in tree.files {
            switch FileSystem.contents(ofFileAt: file.path, maximumSize: SourceTree.maximumFileSize) {
            case .bytes(let read): add(read, of: file, dependency: dependency, to: &scan, references: &references)
            case .tooLarge: scan.skipped.append("\(file.path): larger than \(SourceTree.maximumFileSize >> 20) MiB")
            case .unreadable(let reason): scan.skipped.append("\(file.path): could not be read: \(reason)")
            }
        }
        return Self.sorted(scan, references)
    }

    /// Scans one file's bytes into `scan`: its references, or why it was skipped.
    private func add(
        _ bytes: [UInt8], of file: SourceTree.SourceFile, dependency: String?, to scan: inout CodeScan,
        references: inout [(reference: CodeReference, patternIndex: Int)]
    ) {
        let matches: [SourceMatch]
        switch self.scan(bytes, language: file.language) {
        case .matches(let found): matches = found
        case .skipped(let reason): scan.skipped.append("\(file.path): \(reason)"); return
        }
        scan.filesScanned += 1
        for match in matches {
            let reference = CodeReference(
                api: patterns[match.patternIndex].api, argument: match.argument, file: file.path,
                line: match.line, column: match.column, language: file.language == .swift ? .swift : .objectiveC,
                condition: match.condition, dependency: dependency)
            references.append((reference, match.patternIndex))
        }
    }

    /// The scan with its references in their documented order (``CodeScan/references``).
    private static func sorted(_ scan: CodeScan, _ references: [(reference: CodeReference, patternIndex: Int)]) -> CodeScan {
        var scan = scan
        let ordered = references.sorted { left, right in
            if left.reference.file != right.reference.file {
                return left.reference.file.utf8.lexicographicallyPrecedes(right.reference.file.utf8)
            }
            if left.reference.line != right.reference.line { return left.reference.line < right.reference.line }
            if left.reference.column != right.reference.column { return left.reference.column < right.reference.column }
            return left.patternIndex < right.patternIndex
        }
        scan.references = ordered.map(\.reference)
        return scan
    }

    /// The matches in one file's contents. A Swift file that is not valid UTF-8 is decoded with
    /// replacement characters, as the compiler would reject it anyway; Objective-C is tokenized as bytes.
    /// Columns count the file's bytes in both (an invalid byte is one column, see `RepairedUTF8`).
    func scan(_ bytes: [UInt8], language: SourceTree.Language) -> FileScanOutcome {
        switch language {
        case .swift:
            guard !swift.isEmpty else { return .matches([]) }
            let (text, repair) = RepairedUTF8.decode(bytes)
            return swift.scan(text, repair: repair)
        case .objectiveC:
            return objectiveC.matches(in: bytes)
        }
    }
}
