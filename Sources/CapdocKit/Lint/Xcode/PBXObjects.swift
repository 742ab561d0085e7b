/// The `objects` of `project.pbxproj`: every object by id. Objects that are not dictionaries are
/// dropped here, so that a reference to one reads like a reference to nothing.
struct PBXObjectGraph: Sendable {
    private let objects: [String: [String: PBXValue]]

    init(_ objects: [String: PBXValue]) {
        self.objects = objects.compactMapValues(\.dictionary)
    }

    func object(_ id: String?) -> [String: PBXValue]? {
        id.flatMap { objects[$0] }
    }

    /// The object a field names, if the field is an id of a dictionary object.
    func object(in fields: [String: PBXValue], at key: String) -> (id: String, fields: [String: PBXValue])? {
        guard let id = fields[key]?.string, let object = objects[id] else { return nil }
        return (id, object)
    }

    var all: [String: [String: PBXValue]] { objects }
}

/// Turns the objects of a project into its configuration lists and targets. Untrusted input:
/// anything of the wrong type is skipped with a warning, never trusted and never fatal, except a
/// `rootObject` that is not a project (checked by `XcodeProject.read`).
struct PBXModelReader {
    let objects: PBXObjectGraph
    let files: PBXFileTree
    /// Object id → setting key → line, from `PBXSettingLines`.
    let lines: [String: [String: Int]]
    let projectFile: String
    /// What was skipped; past `maximumWarnings`, only counted.
    var warnings: [String] {
        reported + (unreported > 0 ? ["\(projectFile): \(unreported) more problems of the same kinds"] : [])
    }

    static let maximumWarnings = 100
    private var reported: [String] = []
    private var unreported = 0

    init(objects: PBXObjectGraph, files: PBXFileTree, lines: [String: [String: Int]], projectFile: String) {
        self.objects = objects
        self.files = files
        self.lines = lines
        self.projectFile = projectFile
    }

    /// The targets of the project in its order: native targets, and the aggregate and legacy
    /// targets too (they ship nothing, their product type is empty, but `--target` can name them).
    mutating func targets(of project: [String: PBXValue]) -> [XcodeTarget] {
        guard let entries = project["targets"]?.array else {
            if project["targets"] != nil { warn("the project's targets are not a list; no target is read") }
            return []
        }
        var targets: [XcodeTarget] = []
        let groups = synchronizedGroups
        for entry in entries {
            guard let id = entry.string else {
                warn("a target entry is \(entry.typeDescription), not an object id; skipped")
                continue
            }
            guard let fields = objects.object(id) else {
                warn("target \(id) is not an object of the project; skipped")
                continue
            }
            let isa = fields["isa"]?.string ?? ""
            guard let kind = XcodeTarget.Kind(rawValue: isa) else {
                warn("target \(id) is a \(isa.isEmpty ? "object without isa" : isa), not a target; skipped")
                continue
            }
            guard let name = fields["name"]?.string, !name.isEmpty else {
                warn("target \(id) has no name; skipped")
                continue
            }
            let list = configurationList(of: fields, owner: "target '\(name)'")
            targets.append(
                XcodeTarget(
                    name: name, kind: kind, productType: fields["productType"]?.string ?? "",
                    productName: fields["productName"]?.string, identifier: id, configurations: list,
                    sources: sources(of: fields, id: id, groups: groups),
                    libraries: XcodeTargetLibraries.named(in: fields, objects: objects, files: files)))
        }
        return targets
    }

    /// The `buildConfigurationList` of a project or target; empty (with a warning) when missing.
    mutating func configurationList(of owner: [String: PBXValue], owner name: String) -> XcodeConfigurationList {
        guard let (_, list) = objects.object(in: owner, at: "buildConfigurationList") else {
            warn("\(name) has no build configuration list; only the levels above it apply")
            return XcodeConfigurationList(configurations: [], defaultName: nil)
        }
        var configurations: [XcodeBuildConfiguration] = []
        for entry in list["buildConfigurations"]?.array ?? [] {
            guard let id = entry.string, let fields = objects.object(id) else {
                warn("\(name) lists a build configuration that is not an object; skipped")
                continue
            }
            guard let configurationName = fields["name"]?.string else {
                warn("\(name) has a build configuration \(id) without a name; skipped")
                continue
            }
            configurations.append(configuration(id: id, fields: fields, name: configurationName, owner: name))
        }
        return XcodeConfigurationList(configurations: configurations, defaultName: list["defaultConfigurationName"]?.string)
    }

    private mutating func configuration(id: String, fields: [String: PBXValue], name: String, owner: String) -> XcodeBuildConfiguration {
        var settings: [XcodeSettingAssignment] = []
        let written = fields["buildSettings"]?.dictionary ?? [:]
        if let found = fields["buildSettings"], found.dictionary == nil {
            warn("\(owner), configuration '\(name)': buildSettings is \(found.typeDescription), not a dictionary; ignored")
        }
        // Sorted by key as written, which is the order Xcode applies one dictionary in: a key with
        // conditions sorts after the bare key, so it wins when its conditions hold.
        for key in written.keys.sorted() {
            guard let value = written[key]?.settingText else {
                warn("\(owner), configuration '\(name)': setting \(key) is a dictionary; ignored")
                continue
            }
            guard let parsed = XcodeSettingAssignment.parseKey(key) else {
                warn("\(owner), configuration '\(name)': \"\(key)\" is not a setting name; ignored")
                continue
            }
            settings.append(
                XcodeSettingAssignment(
                    name: parsed.name, conditions: parsed.conditions, value: value,
                    file: projectFile, line: lines[id]?[key] ?? 0))
        }
        return XcodeBuildConfiguration(name: name, settings: settings, baseConfiguration: baseConfiguration(of: fields))
    }

    /// Where the configuration's `.xcconfig` is: a file reference, or (Xcode 16's folders) a
    /// synchronized folder and a path inside it.
    private func baseConfiguration(of fields: [String: PBXValue]) -> XcodeBuildConfiguration.Base? {
        if let reference = fields["baseConfigurationReference"]?.string {
            guard objects.object(reference) != nil else { return .unresolved("its base configuration \(reference) is not an object of the project") }
            guard let path = files.path(of: reference) else { return .unresolved("cannot tell where its base configuration \(reference) is") }
            return .file(path)
        }
        if let anchor = fields["baseConfigurationReferenceAnchor"]?.string {
            guard let relative = fields["baseConfigurationReferenceRelativePath"]?.string,
                let folder = files.path(of: anchor)
            else { return .unresolved("cannot tell where its base configuration (in folder \(anchor)) is") }
            return .file(XcodePath.join(folder, relative))
        }
        return nil
    }

    private mutating func warn(_ message: String) {
        guard reported.count < Self.maximumWarnings else { return unreported += 1 }
        reported.append("\(projectFile): \(message)")
    }
}
