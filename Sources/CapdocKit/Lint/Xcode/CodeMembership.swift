import Foundation

/// Which target's code each call of `--sources` is in, from the files the project lists for each
/// target (``XcodeTargetSources``): a call in a widget's file is the widget's, not its app's.
///
/// A call counts for every target when the project cannot say: a dependency's call (the project
/// does not list which target links it) and a call in a file no target lists (a folder added to
/// the project as a reference, a file not yet added), as before targets were told apart.
struct CodeMembership {
    private let code: [(use: CodeUse, path: String?)]
    private let targets: [XcodeTarget]

    init(project: XcodeProject, code: [CodeUse]) {
        let workingFolder = FileManager.default.currentDirectoryPath
        targets = project.targets
        self.code = code.map { use in
            guard use.dependency == nil else { return (use, nil) }
            let path = XcodePath.join(workingFolder, use.location.file)
            return (use, project.targets.contains { $0.sources.contains(path) } ? path : nil)
        }
    }

    /// The calls in the target's code, and those that count for every target.
    func code(of target: XcodeTarget) -> [CodeUse] {
        code.filter { entry in entry.path.map(target.sources.contains) ?? true }.map(\.use)
    }
}
