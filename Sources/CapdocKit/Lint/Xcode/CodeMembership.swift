import Foundation

/// Which target's code each call of `--sources` is in, from the files the project lists for each
/// target (``XcodeTargetSources``): a call in a widget's file is the widget's, not its app's; and
/// a dependency's call is the code of the targets that link the dependency
/// (``XcodeTargetLibraries``), not of a second app of the project that does not.
///
/// A call counts for every target when the project cannot say: a dependency no target is seen to
/// link (a project that links it some way not read here), and a call in a file no target lists (a
/// folder added to the project as a reference, a file not yet added), as before targets were told apart.
struct CodeMembership {
    private let code: [(use: CodeUse, path: String?)]
    /// Each target's linked libraries, by target name (lowercased names).
    private let linked: [String: Set<String>]
    /// Every library some target links.
    private let linkedByAny: Set<String>

    init(project: XcodeProject, code: [CodeUse], linked: [String: Set<String>] = [:]) {
        let workingFolder = FileManager.default.currentDirectoryPath
        self.linked = linked
        linkedByAny = linked.values.reduce(into: []) { $0.formUnion($1) }
        self.code = code.map { use in
            guard use.dependency == nil else { return (use, nil) }
            let path = XcodePath.join(workingFolder, use.location.file)
            return (use, project.targets.contains { $0.sources.contains(path) } ? path : nil)
        }
    }

    /// The calls in the target's code, those of the dependencies it links, and those that count for every target.
    func code(of target: XcodeTarget) -> [CodeUse] {
        code.filter { entry in
            if let dependency = entry.use.dependency?.lowercased(), linkedByAny.contains(dependency) {
                return linked[target.name]?.contains(dependency) ?? false
            }
            return entry.path.map(target.sources.contains) ?? true
        }.map(\.use)
    }
}
