import Foundation

/// A value worked out the first time it is asked for and kept: for what several pages of one build
/// need (a struct's lazy property cannot be shared by copies of it, nor read from two threads).
final class Memo<Value>: @unchecked Sendable {
    private var stored: Value?
    private let lock = NSLock()

    init() {}

    /// The value, worked out by `compute` if no caller did before. Two first callers at once may both
    /// compute it; the first to finish is kept, so every caller gets the same value.
    func value(_ compute: () -> Value) -> Value {
        if let stored = lock.withLock({ stored }) { return stored }
        let computed = compute()
        return lock.withLock {
            if stored == nil { stored = computed }
            return stored!
        }
    }
}
