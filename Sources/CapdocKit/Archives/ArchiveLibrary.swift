import CapdocFiles
import Foundation

/// Archived copies of source pages, for verifying quotes (`capdoc check --archives DIR …`).
///
/// Several folders may hold them (the seed pages and the current pages, say); an archive file is
/// looked up in each, in order.
public struct ArchiveLibrary: Sendable {
    public let folders: [String]
    private let fileSystem: any FileSystem

    public init(folders: [String], fileSystem: any FileSystem = DiskFileSystem()) {
        self.folders = folders
        self.fileSystem = fileSystem
    }

    public init(folder: String, fileSystem: any FileSystem = DiskFileSystem()) {
        self.init(folders: [folder], fileSystem: fileSystem)
    }

    /// The folders as messages name them.
    public var description: String { folders.map { "'\($0)'" }.joined(separator: " or ") }

    /// Larger archives are refused before they are read: an archived page is text of a few to a few
    /// dozen KB (the largest of `../shared/archives` is 13 KB).
    static let maximumSize = 8 << 20

    /// Why an archive could not be used.
    enum Failure: Error, Sendable, Equatable {
        /// No folder has a file of that name.
        case notFound
        /// The file at `path` could not be read (too large, not a regular file, …): what is wrong.
        case unreadable(path: String, reason: String)
    }

    /// The searchable text of an archive, read from the first folder that has it.
    func lookUp(_ name: String) -> Result<ArchiveText, Failure> {
        guard !name.contains("/") else { return .failure(.notFound) }
        for folder in folders {
            let path = joinPath(folder, name)
            switch fileSystem.contents(of: path, limit: Self.maximumSize) {
            case let .success(data): return .success(ArchiveText(String(decoding: data, as: UTF8.self)))
            case .failure(.missing): continue
            case let .failure(failure): return .failure(.unreadable(path: path, reason: failure.reason(limit: Self.maximumSize)))
            }
        }
        return .failure(.notFound)
    }

    /// The searchable text of an archive, or nil when no folder has a readable file of that name.
    public func text(named name: String) -> ArchiveText? {
        try? lookUp(name).get()
    }
}

/// An archived page's text in the forms quotes are looked up in: the raw text, and — because some
/// archives are Markdown — the text as cmark reads it, both normalized once, as UTF-8 bytes (one
/// form when both are the same).
///
/// All the quotes checked against an archive are looked for together, in one pass over each form
/// (`OrderedPartsSearch`): the work is the archive's size plus the quotes' total size, whatever they
/// hold, not the archive's size once per quote.
public struct ArchiveText: Sendable {
    let forms: [[UInt8]]

    public init(_ raw: String) {
        let text = Array(Self.normalize(raw).utf8)
        let markdown = Array(Self.normalize(CMarkDocument(markdown: raw).plainText).utf8)
        forms = text == markdown ? [text] : [text, markdown]
    }

    /// Whether the quote occurs in the text, ignoring white space and typographic quote differences.
    /// A quote may leave text out with an ellipsis (`…`): its parts must then occur in order.
    public func contains(quote: String) -> Bool {
        found(quotes: [quote]).contains(quote)
    }

    /// The quotes that occur in the text, in the sense of `contains(quote:)`, looked for all at once.
    public func found(quotes: some Collection<String>) -> Set<String> {
        found(quotes: quotes, batchBytes: Self.batchBytes)
    }

    /// The quotes' parts go into automata of about this many bytes (a quote is never split), one
    /// pass over the text each: the automaton's memory (some 20 bytes per byte of parts, 35 while
    /// it is built) stays bounded however many quotes Content holds; and as an archive's forms are
    /// at most twice 8 MiB, the passes cost at most twice the quotes' size plus one archive's: linear.
    static let batchBytes = ArchiveLibrary.maximumSize

    func found(quotes: some Collection<String>, batchBytes: Int) -> Set<String> {
        var found = Set<String>()
        var batch: [String] = []
        var batchParts: [[[UInt8]]] = []
        var size = 0
        func search() {
            let result = OrderedPartsSearch(quotes: batchParts).found(in: forms)
            for index in batch.indices where result[index] { found.insert(batch[index]) }
            batch.removeAll()
            batchParts.removeAll()
            size = 0
        }
        for quote in quotes {
            let parts = Self.parts(of: quote)
            let quoteSize = parts.reduce(0) { $0 + $1.count }
            if size > 0, size + quoteSize > batchBytes { search() }
            batch.append(quote)
            batchParts.append(parts)
            size += quoteSize
        }
        if !batch.isEmpty { search() }
        return found
    }

    /// A quote's parts between ellipses, each normalized (empty ones are left to the search to drop).
    static func parts(of quote: String) -> [[UInt8]] {
        quote.components(separatedBy: "\u{2026}").map { Array(Self.normalize($0).utf8) }
    }

    /// Collapses white space to single spaces and maps typographic quotes and apostrophes to ASCII.
    static func normalize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" "); pendingSpace = false }
            switch scalar {
            case "\u{2018}", "\u{2019}", "\u{201B}", "\u{2032}": result.append("'")
            case "\u{201C}", "\u{201D}", "\u{201F}", "\u{2033}": result.append("\"")
            case "\u{00A0}": result.append(" ")
            default: result.append(scalar)
            }
        }
        // Canonically equivalent spellings (é as one scalar or two) compare equal as bytes.
        return String(result).precomposedStringWithCanonicalMapping
    }
}
