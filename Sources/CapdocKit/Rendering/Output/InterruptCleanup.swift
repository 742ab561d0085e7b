import CSystem
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
/// work. It waits for a swap in progress to finish (the swap holds `swapping`), so that it never
/// removes the new output between the two renames of a swap without an atomic exchange; what is at
/// the staging name then is the previous output, which is removed too. Signals the process
/// inherited as ignored (a shell's background job) stay ignored.
final class InterruptCleanup: @unchecked Sendable {
    private static let handled = [SIGINT, SIGTERM, SIGHUP]
    private var sources: [any DispatchSourceSignal] = []
    private var caught: [Int32] = []
    private let swapping = NSLock()
    private let queue = DispatchQueue(label: "capdoc.interrupt")

    init(staging: StagingFolder) {
        for number in Self.handled where capdoc_signal_is_ignored(number) == 0 {
            signal(number, SIG_IGN)  // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [swapping] in
                staging.interrupt()
                swapping.lock()  // never released: the process ends here
                Self.removeCompletely(staging.path)
                signal(number, SIG_DFL)
                raise(number)
            }
            source.resume()
            sources.append(source)
            caught.append(number)
        }
    }

    /// Runs the swap so that a signal arriving meanwhile waits for it.
    func whileSwapping<T>(_ body: () throws -> T) rethrows -> T {
        try swapping.withLock(body)
    }

    /// Stops catching: the signals' default actions again.
    func disarm() {
        for source in sources { source.cancel() }
        for number in caught { signal(number, SIG_DFL) }
        sources = []
        caught = []
    }

    /// Removes the folder even while a thread of the build still finishes a file in it: once a folder
    /// is removed nothing more can be created in it, so a few passes empty it for good.
    private static func removeCompletely(_ path: String) {
        for _ in 0..<50 where SystemCall.status(of: path) != nil {
            FolderSwap.removeTree(path)
            if SystemCall.status(of: path) != nil { usleep(10_000) }
        }
    }
}
