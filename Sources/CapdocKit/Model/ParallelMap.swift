import Dispatch
import Foundation

/// `(0..<count).map(body)`, run on every core; results keep their order.
/// For independent, CPU-bound work: parsing files, rendering pages.
func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    guard count > 1 else { return (0..<count).map(body) }
    let results = ResultSlots<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        results.store(body(index), at: index)
    }
    return results.values()
}

/// Slots written by concurrent iterations, each exactly once; read after all have finished.
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(_ count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: T, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [T] { slots.map { $0! } }
}
