import Foundation
import Synchronization

/// The site being served, shared by the server's connections and the rebuild loop: the current
/// snapshot, and the open `/_capdoc/events` streams that hear of each new one.
public final class SiteState: Sendable {
    private struct Guarded {
        var snapshot: SiteSnapshot
        var listeners: [UUID: AsyncStream<Int>.Continuation] = [:]
        var closed = false
    }

    private let guarded: Mutex<Guarded>

    public init(_ snapshot: SiteSnapshot) {
        guarded = Mutex(Guarded(snapshot: snapshot))
    }

    public var snapshot: SiteSnapshot { guarded.withLock { $0.snapshot } }

    /// Serves `snapshot` from now on and tells every open page its generation.
    public func publish(_ snapshot: SiteSnapshot) {
        let listeners = guarded.withLock { state in
            state.snapshot = snapshot
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.yield(snapshot.generation) }
    }

    /// The generations, starting with the current one; ends when the server stops.
    public func generations() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        let current: Int? = guarded.withLock { state in
            guard !state.closed else { return nil }
            state.listeners[id] = continuation
            return state.snapshot.generation
        }
        guard let current else {
            continuation.finish()
            return stream
        }
        continuation.yield(current)
        continuation.onTermination = { [weak self] _ in
            _ = self?.guarded.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every event stream, so that the server's graceful shutdown does not wait on pages that
    /// would listen forever.
    public func close() {
        let listeners = guarded.withLock { state in
            state.closed = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// How many pages listen: for the tests.
    public var listenerCount: Int { guarded.withLock { $0.listeners.count } }
}
