import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a build may put its output, decided before anything is written — not even the lock file
/// beside it. The output is a folder of its own that capdoc replaces whole, so it must not be the
/// root of the file system, nor a link (the folder replaced would not be the one named), nor inside
/// or around a folder the build reads (Content, the templates): the next check would read the
/// output as Content, or the swap would delete the input.
struct OutputPlacement {
    /// The output folder, absolute and standardized.
    let target: URL

    var parent: URL { target.deletingLastPathComponent() }
    var name: String { target.lastPathComponent }

    /// Capdoc's own names beside the output (lock, staging, retired folders) start with this.
    var siblingPrefix: String { ".\(name).capdoc-" }

    /// Room left in a path for what the build writes under the output (`targets/…/1.html`), and for
    /// the names beside it (`.NAME.capdoc-staging-…`).
    static let roomForContents = 256
    static let roomForSiblings = 48

    init(_ output: String, inputs: [String]) throws {
        // Swift reads a command-line argument that is not UTF-8 with U+FFFD in place of its bytes:
        // that path names another folder than the one meant, which the build would create.
        guard !output.contains("\u{FFFD}") else {
            throw OutputWriter.Failure.placement(
                output, "it holds U+FFFD, as a path with bytes that are not UTF-8 reads; give a path in UTF-8")
        }
        let target = URL(fileURLWithPath: output).standardizedFileURL
        // Too long a path fails only once its folders are made, one by one, and leaves them behind.
        if let long = target.pathComponents.first(where: { $0.utf8.count + Self.roomForSiblings > Int(NAME_MAX) }) {
            throw OutputWriter.Failure.placement(
                output, "its folder name '\(long.prefix(40))…' is \(long.utf8.count) bytes; at most \(Int(NAME_MAX) - Self.roomForSiblings)")
        }
        if target.path.utf8.count + Self.roomForContents > Int(PATH_MAX) {
            throw OutputWriter.Failure.placement(
                output, "it is \(target.path.utf8.count) bytes long as an absolute path; at most \(Int(PATH_MAX) - Self.roomForContents)")
        }
        guard target.path != "/", !target.lastPathComponent.isEmpty, target.lastPathComponent != "/" else {
            throw OutputWriter.Failure.placement(output, "it is the root of the file system; give a folder of its own, like _site")
        }
        if let status = SystemCall.status(of: target.path), SystemCall.isLink(status) {
            throw OutputWriter.Failure.placement(output, "it is a symbolic link; give the folder it leads to")
        }
        let resolvedTarget = Self.resolved(target.path)
        for input in inputs where !input.isEmpty {
            let resolvedInput = Self.resolved(URL(fileURLWithPath: input).standardizedFileURL.path)
            if Self.path(resolvedTarget, isWithin: resolvedInput) {
                throw OutputWriter.Failure.placement(output, "it is inside '\(input)', which the build reads; put the output outside it")
            }
            if Self.path(resolvedInput, isWithin: resolvedTarget) {
                throw OutputWriter.Failure.placement(output, "it holds '\(input)', which the build reads and replacing the output would delete")
            }
        }
        self.target = target
    }

    /// The path with the links of its deepest existing ancestor resolved, so that two spellings of
    /// one folder compare equal; the part that does not exist yet is kept as written.
    static func resolved(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                return ([String(cString: real)] + rest.reversed()).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return path
    }

    /// Whether `inner` is `outer` or lies inside it (both absolute and resolved).
    static func path(_ inner: String, isWithin outer: String) -> Bool {
        inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }
}
