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

/// `parallelMap` over runs of `0..<count`: a few contiguous runs per core (so that uneven runs even
/// out), their results in order.
func parallelRuns<T: Sendable>(_ count: Int, _ body: @Sendable (Range<Int>) -> T) -> [T] {
    let runs = min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
    return parallelMap(runs) { run in body((count * run / runs)..<(count * (run + 1) / runs)) }
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

/// Runs `body` for each of `0..<count` on every core; the first error stops the jobs not yet
/// started and is thrown once all running ones have finished.
func parallelForEach(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
    let failure = FirstFailure()
    DispatchQueue.concurrentPerform(iterations: count) { index in
        guard !failure.happened else { return }
        do { try body(index) } catch { failure.record(error) }
    }
    if let error = failure.error { throw error }
}

private final class FirstFailure: @unchecked Sendable {
    private var first: (any Error)?
    private let lock = NSLock()

    var happened: Bool { lock.withLock { first != nil } }
    var error: (any Error)? { lock.withLock { first } }

    func record(_ error: any Error) {
        lock.withLock { if first == nil { first = error } }
    }
}
