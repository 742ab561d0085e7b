import Foundation

/// The folders of Sources/CapdocKit and which others each may use, read from the table in
/// ARCHITECTURE.md, so that the documentation and the test cannot say different things.
struct LayerRules: Equatable {
    /// Every folder of the table and the folders it may use, directly or through those (a folder
    /// that may use Merging may use what Merging may use: layers stack).
    private(set) var mayUse: [String: Set<String>]

    static let heading = "## Folders and what each may use"

    enum Failure: Error, Equatable, CustomStringConvertible {
        case noTable
        case unknownFolder(String, row: String)
        case cycle(String)

        var description: String {
            switch self {
            case .noTable: "ARCHITECTURE.md has no table under '\(LayerRules.heading)'"
            case let .unknownFolder(name, row): "the table names '\(name)' (row '\(row)'), which is no folder of Sources/CapdocKit"
            case let .cycle(folder): "the table lets \(folder) use itself through other folders: they would be one layer"
            }
        }
    }

    /// Reads the table under `heading`: `| Folder | May use | What it holds |`, the second column a
    /// comma-separated list of folders or `—`. Every folder named must be one of `folders`.
    init(markdown: String, folders: Set<String>) throws {
        let rows = try Self.tableRows(markdown)
        var direct: [String: Set<String>] = [:]
        for cells in rows {
            let folder = Self.name(cells[0])
            let used = Self.names(cells.count > 1 ? cells[1] : "")
            for name in [folder] + used where !folders.contains(name) {
                throw Failure.unknownFolder(name, row: folder)
            }
            direct[folder, default: []].formUnion(used)
        }
        mayUse = try Self.closure(direct)
    }

    /// Whether code in `folder` may refer to a declaration of `other`.
    func allows(_ folder: String, toUse other: String) -> Bool {
        folder == other || mayUse[folder, default: []].contains(other)
    }

    var folders: Set<String> { Set(mayUse.keys) }

    /// The cells of each body row of the first table after the heading (header and rule skipped).
    private static func tableRows(_ markdown: String) throws -> [[String]] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == heading }) else { throw Failure.noTable }
        var table: [[String]] = []
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") { break }
            guard trimmed.hasPrefix("|") else {
                if table.isEmpty { continue } else { break }
            }
            table.append(
                trimmed.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) })
        }
        // The header row and the |---| rule.
        guard table.count > 2 else { throw Failure.noTable }
        return Array(table.dropFirst(2))
    }

    private static func name(_ cell: String) -> String {
        cell.trimmingCharacters(in: CharacterSet(charactersIn: "`* ").union(.whitespaces))
    }

    private static func names(_ cell: String) -> [String] {
        cell.split(separator: ",").map { name(String($0)) }.filter { !$0.isEmpty && $0 != "—" && $0 != "-" }
    }

    /// Each folder with everything it reaches; a folder that reaches itself is in a cycle, which would
    /// make its folders one layer.
    private static func closure(_ direct: [String: Set<String>]) throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for folder in direct.keys.sorted() {
            var reached: Set<String> = []
            var pending = Array(direct[folder, default: []])
            while let next = pending.popLast() {
                guard next != folder else { throw Failure.cycle(folder) }
                guard reached.insert(next).inserted else { continue }
                pending += direct[next, default: []]
            }
            result[folder] = reached
        }
        return result
    }
}
