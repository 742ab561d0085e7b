import Foundation

/// How `lint-plist --format sarif` writes a path: relative to the root of the repository the
/// command ran in (`%SRCROOT%`), as code hosts resolve a result's file against their checkout.
/// The root is the nearest folder up from the working folder that holds `.git` (a folder, or the
/// file a worktree has); when the working folder is in no repository, the repository of the first
/// input that is in one; else the working folder. A path outside the root stays an absolute
/// `file://` URI: no code host can place it.
struct SARIFPaths: Sendable {
    static let baseID = "%SRCROOT%"

    /// The working folder, absolute.
    let workingDirectory: String
    /// `%SRCROOT%`, absolute, without symbolic links, ending in `/`.
    let root: String

    /// `inputs`: the files the run reports on, as written.
    init(workingDirectory: String, root: String? = nil, inputs: [String] = []) {
        self.workingDirectory = workingDirectory
        func folder(of input: String) -> String {
            let absolute = input.hasPrefix("/") ? input : (workingDirectory as NSString).appendingPathComponent(input)
            return (absolute as NSString).deletingLastPathComponent
        }
        let base =
            root ?? Self.repositoryRoot(containing: workingDirectory)
            ?? inputs.lazy.compactMap { Self.repositoryRoot(containing: folder(of: $0)) }.first ?? workingDirectory
        let resolved = Self.resolved(base)
        self.root = resolved.hasSuffix("/") ? resolved : resolved + "/"
    }

    /// The nearest folder from `folder` up that holds `.git`.
    static func repositoryRoot(containing folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// `..` and `.` removed, symbolic links followed where the path exists (`/var` and
    /// `/private/var` are one folder on a Mac).
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `uri` and, for a path under the root, `uriBaseId`.
    func artifact(_ written: String) -> [String: JSONValue] {
        let absolute = written.hasPrefix("/") ? written : (workingDirectory as NSString).appendingPathComponent(written)
        let path = Self.resolved(absolute)
        guard path.hasPrefix(root) else { return ["uri": .string(URL(fileURLWithPath: path).absoluteString)] }
        let relative = String(path.dropFirst(root.count))
        let encoded = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
        return ["uri": .string(encoded), "uriBaseId": .string(Self.baseID)]
    }

    /// The root as SARIF's `originalUriBaseIds` gives it.
    var rootURI: String { URL(fileURLWithPath: root, isDirectory: true).absoluteString }
}

/// The `partialFingerprints` of a result: what stays the same when lines move, so that code
/// scanning knows a finding from one run to the next. A 64-bit FNV-1a hash of the rule, key,
/// target, platform and file, then `:` and the occurrence of that hash in the run (two calls of
/// one service in one file are two results).
struct SARIFFingerprints {
    static let name = "capdocFinding/v1"
    private var seen: [String: Int] = [:]

    mutating func next(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\u{0}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        let text = String(repeating: "0", count: 16 - hex.count) + hex
        seen[text, default: 0] += 1
        return "\(text):\(seen[text]!)"
    }
}
