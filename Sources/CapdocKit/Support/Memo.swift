import Foundation

/// A value worked out the first time it is asked for and kept: for what several pages of one build
/// need (a struct's lazy property cannot be shared by copies of it, nor read from two threads).
final class Memo<Value>: @unchecked Sendable {
    private var stored: Value?
    private let lock = NSLock()

    init() {}

    /// The value, worked out by `compute` if no caller did before. It is worked out under the lock: a
    /// second caller waits for the first one's value rather than working it out again (both threads of
    /// a build often reach the same memo at once). `compute` must not ask this memo.
    func value(_ compute: () -> Value) -> Value {
        lock.withLock {
            if let stored { return stored }
            let computed = compute()
            stored = computed
            return computed
        }
    }
}
