import Foundation

/// With CAPDOC_TIMINGS=1 in the environment, prints how long each phase took to standard error:
/// the first thing to read when capdoc is slow on some Content.
struct PhaseTimer {
    private static let enabled = ProcessInfo.processInfo.environment["CAPDOC_TIMINGS"] == "1"
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ phase: String) {
        guard Self.enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        // A timing line is a debugging aid: when standard error cannot take it, it is dropped.
        try? StandardStreams.write(String(format: "timing: %-28@ %8.1f ms\n", phase as NSString, Double(now - last) / 1e6), to: StandardStreams.error)
        last = now
    }
}
