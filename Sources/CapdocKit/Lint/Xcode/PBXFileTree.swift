/// Where the files and groups of a project are on disk. A `<group>` path is relative to the
/// parent group's, so paths are worked out walking down from the main group; the walk visits each
/// object once and stops at a bounded depth, so a cycle or a huge tree in a hostile file costs
/// little.
struct PBXFileTree: Sendable {
    static let maximumDepth = 64

    /// Object id → absolute path, for every group or file reached whose path could be resolved.
    private var paths: [String: String] = [:]
    private let sourceRoot: String

    init(objects: PBXObjectGraph, mainGroup: String?, sourceRoot: String) {
        self.sourceRoot = sourceRoot
        guard let mainGroup else { return }
        var visited: Set<String> = []
        // (object id, its parent's path, depth); the main group's parent is the source root.
        var pending: [(String, String?, Int)] = [(mainGroup, sourceRoot, 0)]
        while let (id, parentPath, depth) = pending.popLast() {
            guard visited.insert(id).inserted, let fields = objects.object(id) else { continue }
            let path = Self.path(of: fields, parentPath: parentPath, sourceRoot: sourceRoot)
            if let path { paths[id] = path }
            guard depth < Self.maximumDepth, let children = fields["children"]?.array else { continue }
            // Reversed so that the first child is walked first: the first place wins when an
            // object is listed twice.
            for child in children.reversed() {
                if let childID = child.string { pending.append((childID, path, depth + 1)) }
            }
        }
        // Objects outside the tree can still be found when their path does not depend on a group.
        for (id, fields) in objects.all where paths[id] == nil && !visited.contains(id) {
            if let path = Self.path(of: fields, parentPath: nil, sourceRoot: sourceRoot) { paths[id] = path }
        }
    }

    /// The absolute path of a file reference or group; nil when it is relative to something
    /// capdoc does not know (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`) or not in the tree.
    func path(of id: String) -> String? { paths[id] }

    private static func path(of fields: [String: PBXValue], parentPath: String?, sourceRoot: String) -> String? {
        let path = fields["path"]?.string ?? ""
        switch fields["sourceTree"]?.string ?? "<group>" {
        case "<group>": return parentPath.map { XcodePath.join($0, path) }
        case "SOURCE_ROOT": return XcodePath.join(sourceRoot, path)
        case "<absolute>": return XcodePath.isAbsolute(path) ? XcodePath.normalize(path) : nil
        default: return nil
        }
    }
}
