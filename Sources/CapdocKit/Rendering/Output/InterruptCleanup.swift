import CapdocSystemC
import Dispatch
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// While a build writes its staging folder, Ctrl-C (SIGINT), SIGTERM and SIGHUP remove that folder
/// before the process dies of the signal, so that an interrupted build leaves nothing beside the
/// output. (SIGKILL cannot be caught: what it leaves is removed by the next build.)
///
/// The signal is handled on a dispatch queue, not in a signal handler, so the cleanup may do real
/// work. Everything that touches the staging folder's name — the swap, the writer's own cleanup
/// after an error, this cleanup — holds `gate`, one at a time: the cleanup never removes the new
/// output between the two renames of a swap without an atomic exchange (what is at the staging name
/// after a swap is the previous output, removed too), and two removals never race over one tree.
/// Signals the process inherited as ignored (a shell's background job) stay ignored.
final class InterruptCleanup: @unchecked Sendable {
    private static let handled = [SIGINT, SIGTERM, SIGHUP]
    private var sources: [any DispatchSourceSignal] = []
    private var caught: [Int32] = []
    private let gate = NSLock()
    private let queue = DispatchQueue(label: "capdoc.interrupt")

    init(staging: StagingFolder) {
        for number in Self.handled where capdoc_signal_is_ignored(number) == 0 {
            signal(number, SIG_IGN)  // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [gate] in
                staging.interrupt()
                gate.lock()  // never released: the process ends here
                Self.removeCompletely(staging.path)
                // Ends the process with the status a shell gives a death by this signal (130 for
                // Ctrl-C). Not by re-raising it: libdispatch keeps its own handler for a signal with
                // a source, so the signal would come back here instead of ending the process.
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
            caught.append(number)
        }
    }

    /// Runs the swap so that a signal arriving meanwhile waits for it.
    func whileSwapping<T>(_ body: () throws -> T) rethrows -> T {
        try gate.withLock(body)
    }

    /// The writer's cleanup after an error. When the error is the interruption itself, the process
    /// waits here for the signal's handler to finish and end it, with the status of the signal
    /// (128 + n, as a shell expects of Ctrl-C) rather than with a build error.
    func removeAfterFailure(_ staging: StagingFolder) {
        gate.withLock {
            Self.removeCompletely(staging.path)
            // Gone from its path, yet perhaps not gone: a folder above it renamed during the build.
            staging.removeWhereverItIs()
        }
        guard staging.isInterrupted, !caught.isEmpty else { return }
        while true { sleep(1) }
    }

    /// Stops catching: the signals' default actions again. Waits for a cleanup in progress (which ends the process).
    func disarm() {
        gate.withLock {
            for source in sources { source.cancel() }
            for number in caught { signal(number, SIG_DFL) }
            sources = []
            caught = []
        }
    }

    /// Removes the folder even while a thread of the build still finishes a file in it: once a folder
    /// is removed nothing more can be created in it, so a few passes empty it for good.
    static func removeCompletely(_ path: String) {
        for _ in 0..<50 where SystemCall.status(of: path) != nil {
            FolderSwap.removeTree(path)
            if SystemCall.status(of: path) != nil { usleep(10_000) }
        }
    }
}
