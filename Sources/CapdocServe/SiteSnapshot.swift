import CapdocKit

/// One state of the served site: the files of the last good build, and what the last check said.
/// A failed check keeps the last good files and adds its diagnostics, which every page then shows.
public struct SiteSnapshot: Sendable {
    /// The files `capdoc build` would write, by path relative to the site's root.
    public var files: [String: [UInt8]]
    /// Counts the rebuilds; open pages compare it with theirs to know they are out of date.
    public var generation: Int
    /// The last check's diagnostics as `capdoc check` prints them (no colour), and whether it found errors.
    public var diagnostics: String
    public var hasErrors: Bool

    public init(files: [String: [UInt8]], generation: Int, diagnostics: String, hasErrors: Bool) {
        self.files = files
        self.generation = generation
        self.diagnostics = diagnostics
        self.hasErrors = hasErrors
    }

    /// The file at `path` as served: HTML pages carry the diagnostics and the reload script.
    public func served(_ path: String) -> [UInt8]? {
        let isPage = ContentType.of(path: path).hasPrefix("text/html")
        // No good build yet (the first check failed): every page is the diagnostics alone.
        let bytes = files.isEmpty && hasErrors && isPage ? Self.noBuildYet : files[path]
        guard let bytes else { return nil }
        guard isPage else { return bytes }
        return PageDecoration(generation: generation, diagnostics: diagnostics, hasErrors: hasErrors).decorate(bytes)
    }

    static let noBuildYet = Array(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>capdoc serve: no build yet</title></head><body><p>Content has not built yet: fix the errors above and this page reloads.</p></body></html>\n"
            .utf8)
}
