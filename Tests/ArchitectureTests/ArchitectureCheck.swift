import Foundation

/// The whole check: parse the module's files, index their declarations, read the rules, and
/// report every reference that goes against them.
enum ArchitectureCheck {
    /// One file as text: `modulePath` is its path under the module folder, `path` how findings name it.
    struct Source {
        var path: String
        var modulePath: String
        var text: String
    }

    enum Failure: Error, CustomStringConvertible {
        case folderNotInTable(String)

        var description: String {
            switch self {
            case let .folderNotInTable(folder) where folder.isEmpty:
                "a file lies directly in the module folder; every file belongs in a folder of the table"
            case let .folderNotInTable(folder): "the folder \(folder) has no row in the table"
            }
        }
    }

    static func findings(_ sources: [Source], table markdown: String) throws -> [Finding] {
        let files = sources.map { ParsedFile(path: $0.path, modulePath: $0.modulePath, text: $0.text) }
        let folders = Set(files.map(\.folder))
        let rules = try LayerRules(markdown: markdown, folders: folders)
        if let missing = folders.subtracting(rules.folders).sorted().first { throw Failure.folderNotInTable(missing) }
        let index = DeclarationIndex(files)
        return files.flatMap { ReferenceFinder.findings(in: $0, index: index, rules: rules) }
    }

    /// Every .swift file under `root`/Sources/CapdocKit, in path order.
    static func moduleSources(packageRoot root: URL) throws -> [Source] {
        let module = root.appendingPathComponent("Sources/CapdocKit")
        guard let walker = FileManager.default.enumerator(atPath: module.path) else { return [] }
        let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.map { path in
            let text = try String(contentsOf: module.appendingPathComponent(path), encoding: .utf8)
            return Source(path: "Sources/CapdocKit/\(path)", modulePath: path, text: text)
        }
    }
}
