/// Turns the path of a request into the name of a file of the site, or refuses it. The site lives in
/// memory, so no path can reach the disk; refusing `..` still matters, because a path that climbs
/// out of the site must not silently name another page of it (`/keys/../../index.html`).
public enum SitePath {
    public enum Resolution: Equatable, Sendable {
        /// A file of the site, relative to its root: `services/visits.html`.
        case file(String)
        /// A path that may not be served: it climbs out of the site, holds a NUL or a backslash,
        /// or its percent-encoding is broken.
        case refused
    }

    /// `path` is the request's path, still percent-encoded and without its query. A folder (`/`,
    /// `/services/`) means its `index.html`, as a static file server does.
    public static func resolve(_ path: String) -> Resolution {
        guard path.hasPrefix("/"), let decoded = path.removingPercentEncoding else { return .refused }
        var segments: [Substring] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            // Refused rather than resolved: no page of the site links with `..` in a path the
            // browser sends (it resolves them itself), so one that arrives is an attempt to escape.
            case "..": return .refused
            default:
                guard !segment.contains("\0"), !segment.contains("\\") else { return .refused }
                segments.append(segment)
            }
        }
        let isFolder = segments.isEmpty || decoded.hasSuffix("/") || decoded.hasSuffix("/.")
        return .file((segments + (isFolder ? ["index.html"] : [])).joined(separator: "/"))
    }
}
