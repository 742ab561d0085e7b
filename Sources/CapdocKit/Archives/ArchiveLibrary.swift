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

    /// The searchable text of an archive, or nil when no folder has such a file.
    public func text(named name: String) -> ArchiveText? {
        guard !name.contains("/") else { return nil }
        for folder in folders {
            if let data = fileSystem.contents(of: joinPath(folder, name)) { return ArchiveText(String(decoding: data, as: UTF8.self)) }
        }
        return nil
    }
}

/// An archived page's text in the forms quotes are looked up in: the raw text, and — because some
/// archives are Markdown — the text as cmark reads it, both normalized.
public struct ArchiveText: Sendable {
    let forms: [String]

    public init(_ raw: String) {
        forms = [Self.normalize(raw), Self.normalize(CMarkDocument(markdown: raw).plainText)]
    }

    /// Whether the quote occurs in the text, ignoring white space and typographic quote differences.
    /// A quote may leave text out with an ellipsis (`…`): its parts must then occur in order.
    public func contains(quote: String) -> Bool {
        let parts = quote.components(separatedBy: "\u{2026}").map(Self.normalize).filter { !$0.isEmpty }
        guard !parts.isEmpty else { return false }
        return forms.contains { form in
            var rest = form[...]
            for part in parts {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
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
        return String(result)
    }
}
