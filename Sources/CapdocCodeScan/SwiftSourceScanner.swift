import SwiftParser
import SwiftSyntax

/// A match in one source file, before it is tied to a file path and an API name.
struct SourceMatch: Sendable, Hashable {
    var patternIndex: Int
    var argument: String?
    var line: Int
    var column: Int
    /// When the code at the match is compiled and run (``BuildCondition``).
    var condition: BuildCondition = .always
}

/// What scanning one file came to.
enum FileScanOutcome: Sendable, Hashable {
    case matches([SourceMatch])
    /// The file was not scanned, for this reason.
    case skipped(String)
}

/// Finds the Swift patterns in the text of one Swift file.
struct SwiftSourceScanner: Sendable {
    /// How deep brackets, braces and `#if`s may nest before the parser leaves the rest of the file
    /// unparsed: the level release builds of swift-syntax choose, far beyond real code, and safe on
    /// ``LargeStackThread``'s stack. ``SwiftNestingGuard`` turns away files nested deeper.
    static let maximumNestingLevel = 256

    let patterns: [(index: Int, pattern: SwiftPattern)]

    var isEmpty: Bool { patterns.isEmpty }

    /// `repair`: where the text was decoded from bytes that are not valid UTF-8, to count columns in the file's bytes.
    func scan(_ source: String, repair: RepairedUTF8? = nil) -> FileScanOutcome {
        guard !patterns.isEmpty else { return .matches([]) }
        let patterns = self.patterns
        return LargeStackThread.run {
            var text = source
            return text.withUTF8 { bytes in
                if let reason = SwiftNestingGuard.reasonToSkip(bytes) { return .skipped(reason) }
                let tree = Parser.parse(source: bytes, maximumNestingLevel: Self.maximumNestingLevel)
                return .matches(Self.matches(of: patterns, in: tree, lines: SourceLines(bytes), repair: repair))
            }
        }
    }

    private static func matches(
        of patterns: [(index: Int, pattern: SwiftPattern)], in tree: SourceFileSyntax, lines: SourceLines, repair: RepairedUTF8?
    ) -> [SourceMatch] {
        var finder = SwiftReferenceFinder(patterns: patterns)
        finder.walk(tree)
        return finder.found.map { found in
            let offset = found.token.positionAfterSkippingLeadingTrivia.utf8Offset
            var location = lines.location(ofOffset: offset)
            if let repair {
                // Line breaks are never replaced: the line's start maps to the file's, and the column is counted there.
                let lineStart = offset - (location.column - 1)
                location.column = repair.fileOffset(ofTextOffset: offset) - repair.fileOffset(ofTextOffset: lineStart) + 1
            }
            return SourceMatch(
                patternIndex: found.patternIndex, argument: found.argument, line: location.line, column: location.column, condition: found.condition)
        }
    }
}
