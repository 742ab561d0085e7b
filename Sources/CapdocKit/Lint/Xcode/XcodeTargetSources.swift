/// The source files a target compiles, as its project lists them: the files of its Sources build
/// phase (`PBXSourcesBuildPhase`), and (Xcode 16) every file in the folders it keeps in sync
/// (`fileSystemSynchronizedGroups`) but the exceptions the project names for it. So that
/// `lint-plist --sources` gives each target the calls in its own code, not a widget's to its app.
public struct XcodeTargetSources: Sendable, Hashable {
    /// Absolute paths of the files (or folder references) the build phase lists.
    var files: Set<String> = []
    /// Absolute paths of the synchronized folders, each with its files the target leaves out.
    var folders: [String: Set<String>] = [:]
    /// Files of other targets' synchronized folders that the project adds to this one.
    var added: Set<String> = []

    /// Whether the target compiles the file at `path` (absolute, normalized).
    func contains(_ path: String) -> Bool {
        if files.contains(path) || added.contains(path) { return true }
        // A folder reference in the build phase compiles what is in it.
        if files.contains(where: { path.hasPrefix($0 + "/") }) { return true }
        return folders.contains { folder, excluded in
            path.hasPrefix(folder + "/") && !excluded.contains(path) && !excluded.contains(where: { path.hasPrefix($0 + "/") })
        }
    }

    var isEmpty: Bool { files.isEmpty && folders.isEmpty && added.isEmpty }
}

extension PBXModelReader {
    /// The project's synchronized folders (Xcode 16), found once for all its targets.
    var synchronizedGroups: [(id: String, fields: [String: PBXValue])] {
        objects.all.filter { $0.value["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }.map { ($0.key, $0.value) }
    }

    /// A target's sources; what cannot be resolved (a file relative to the SDK, a missing object) is left out.
    func sources(of target: [String: PBXValue], id: String, groups: [(id: String, fields: [String: PBXValue])]) -> XcodeTargetSources {
        var sources = XcodeTargetSources()
        for phaseID in target["buildPhases"]?.array ?? [] {
            guard let phase = objects.object(phaseID.string), phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.array ?? [] {
                guard let buildFile = objects.object(buildFileID.string), let reference = buildFile["fileRef"]?.string,
                    let path = files.path(of: reference)
                else { continue }
                sources.files.insert(path)
            }
        }
        let synchronized = Set((target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string))
        for (groupID, group) in groups {
            guard let folder = files.path(of: groupID) else { continue }
            // The exceptions for this target: files left out of a folder it syncs, or added from one it does not.
            var listed: Set<String> = []
            for exceptionID in group["exceptions"]?.array ?? [] {
                guard let exception = objects.object(exceptionID.string), exception["target"]?.string == id else { continue }
                for relative in exception["membershipExceptions"]?.array ?? [] {
                    if let relative = relative.string { listed.insert(XcodePath.join(folder, relative)) }
                }
            }
            if synchronized.contains(groupID) {
                sources.folders[folder] = listed
            } else {
                sources.added.formUnion(listed)
            }
        }
        return sources
    }
}
