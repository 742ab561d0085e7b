import Foundation

/// With CAPDOC_TIMINGS=1, sums the processor time a build spends per kind of page and per step
/// (composing the page, rendering it in each format, writing its files) over every thread, and
/// prints the sums after the phase timings: where a large build goes, which wall-clock phases
/// cannot say since every page runs on every core at once.
final class WorkTally: @unchecked Sendable {
    static let enabled = ProcessInfo.processInfo.environment["CAPDOC_TIMINGS"] == "1"

    private var nanoseconds: [String: UInt64] = [:]
    private let lock = NSLock()

    /// The processor time of the calling thread, in nanoseconds.
    static func threadTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `work` and adds the thread's processor time to `row` (once the tally is enabled).
    func measure<T>(_ row: @autoclosure () -> String, _ work: () throws -> T) rethrows -> T {
        guard Self.enabled else { return try work() }
        let start = Self.threadTime()
        let result = try work()
        let spent = Self.threadTime() - start
        let key = row()
        lock.withLock { nanoseconds[key, default: 0] += spent }
        return result
    }

    /// One line per row, the costliest first, with its share of the total.
    func report() -> String {
        let rows = lock.withLock { nanoseconds }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let total = rows.reduce(0) { $0 + $1.value }
        guard total > 0 else { return "" }
        return rows.map { key, value in
            String(format: "cpu: %-28@ %8.1f ms %5.1f%%\n", key as NSString, Double(value) / 1e6, Double(value) * 100 / Double(total))
        }.joined()
    }
}
