import CapdocKit

/// One state of the served site: the last good build, and what the last check said. A failed
/// check keeps the last good build and adds its diagnostics, which every page then shows.
public struct SiteSnapshot: Sendable {
    /// Files held whole, by path relative to the site's root: what is served where there is no `site`.
    public var files: [String: [UInt8]]
    /// The last good build, its files made when asked for (`SiteOnDemand`): the files `capdoc build` would write.
    public var site: SiteOnDemand?
    /// Counts the rebuilds; open pages compare it with theirs to know they are out of date.
    public var generation: Int
    /// The last check's diagnostics as `capdoc check` prints them (no colour), and whether it found errors.
    public var diagnostics: String
    public var hasErrors: Bool

    public init(files: [String: [UInt8]] = [:], site: SiteOnDemand? = nil, generation: Int, diagnostics: String, hasErrors: Bool) {
        self.files = files
        self.site = site
        self.generation = generation
        self.diagnostics = diagnostics
        self.hasErrors = hasErrors
    }

    /// The file at `path` as served: HTML pages carry the diagnostics and the reload script. It may
    /// be made now (a page asked for the first time since the edit): call it off Swift's few
    /// concurrency threads.
    public func served(_ path: String) -> [UInt8]? {
        let isPage = ContentType.of(path: path).hasPrefix("text/html")
        // No good build yet (the first check failed): every page is the diagnostics alone.
        let bytes = site == nil && files.isEmpty && hasErrors && isPage ? Self.noBuildYet : file(path)
        guard let bytes else { return nil }
        guard isPage else { return bytes }
        return PageDecoration(generation: generation, diagnostics: diagnostics, hasErrors: hasErrors).decorate(bytes)
    }

    /// The file at `path` of the build, undecorated.
    func file(_ path: String) -> [UInt8]? {
        guard let site else { return files[path] }
        // A file of the dataset that cannot be made is a bug, not Content's mistake: served as missing.
        return (try? site.file(path)) ?? nil
    }

    static let noBuildYet = Array(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>capdoc serve: no build yet</title></head><body><p>Content has not built yet: fix the errors above and this page reloads.</p></body></html>\n"
            .utf8)
}
