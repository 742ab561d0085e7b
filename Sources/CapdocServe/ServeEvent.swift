/// What `capdoc serve` reports to its command, which prints it.
public enum ServeEvent: Sendable {
    /// The server listens at this address (with the port it was given, when asked for port 0).
    case listening(url: String)
    /// A build finished, in this many seconds (0 for the first, before the server listens).
    case rebuilt(SiteCompiler.Outcome, seconds: Double)
}

extension SiteCompiler.Outcome {
    /// One line, as `capdoc check` ends its output. The pages are counted, not their files: each is
    /// made when first asked for (`SiteOnDemand`).
    public var summary: String {
        let counts = "\(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")"
        guard let site else { return "check failed (\(counts)): serving the last good build with the diagnostics" }
        return "ready: \(site.pageCount) pages (\(counts))"
    }
}
