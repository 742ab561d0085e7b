import Foundation
import ServiceLifecycle

/// Watches Content and the templates, and after each burst of changes rebuilds the site and
/// publishes it: the new files when the check passes, the last good files with the diagnostics
/// when it fails.
struct RebuildLoop: Service {
    let state: SiteState
    let compiler: SiteCompiler
    let folders: [String]
    /// How often the folders are scanned; a save is noticed within this, then `debouncer.quiet` later rebuilt.
    let poll: Duration
    var debouncer: Debouncer
    let report: @Sendable (ServeEvent) -> Void

    func run() async throws {
        // Ctrl-C ends the loop; then the open event streams, so that the server may stop.
        defer { state.close() }
        try? await cancelWhenGracefulShutdown { try await watch() }
    }

    private func watch() async throws {
        var debouncer = debouncer
        var scanned = FolderScan(folders: folders)
        let clock = ContinuousClock()
        while true {
            try await Task.sleep(for: poll)
            let now = FolderScan(folders: folders)
            if now != scanned {
                scanned = now
                debouncer.changed(at: clock.now)
            }
            guard debouncer.isDue(at: clock.now) else { continue }
            debouncer.fired()
            let started = clock.now
            let outcome = await Self.offThePool { compiler.compile() }
            let previous = state.snapshot
            state.publish(Self.snapshot(after: previous, outcome))
            report(.rebuilt(outcome, seconds: (clock.now - started).seconds))
        }
    }

    /// The next snapshot: a failed check keeps the last good site.
    static func snapshot(after previous: SiteSnapshot, _ outcome: SiteCompiler.Outcome) -> SiteSnapshot {
        SiteSnapshot(
            files: outcome.site == nil ? previous.files : [:], site: outcome.site ?? previous.site, generation: previous.generation + 1,
            diagnostics: outcome.diagnostics, hasErrors: outcome.site == nil)
    }

    /// Runs the build (or the making of a page) on a thread of its own: it is long and synchronous,
    /// and would otherwise hold one of Swift's few concurrency threads.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
