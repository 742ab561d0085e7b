import Foundation

/// Runs a piece of work on a thread of its own whose stack is large enough for the Swift parser.
///
/// SwiftParser and SyntaxVisitor recurse once or more per level of nesting. swift-syntax guards
/// against running out of stack by giving up at a nesting level that suits a default thread (20
/// levels in a debug build, 256 in a release one); what is past that level is left unparsed, so a
/// debug build would miss calls in an ordinary SwiftUI view. The scanner instead parses up to a
/// fixed, generous level (``SwiftSourceScanner/maximumNestingLevel``) on a thread whose stack holds
/// it in either build, whatever thread the caller is on. The stack is reserved address space: only
/// the pages a deep file touches are ever used.
enum LargeStackThread {
    static let stackSize = 512 << 20

    /// Runs `work` on a new thread of `stackSize` bytes (a test may ask for a small one, to show
    /// that some work does not recurse) and waits for its result.
    static func run<Result: Sendable>(stackSize: Int = stackSize, _ work: @escaping @Sendable () -> Result) -> Result {
        let outcome = Outcome<Result>()
        let thread = Thread {
            outcome.set(work())
        }
        thread.stackSize = stackSize
        thread.start()
        return outcome.wait()
    }

    /// The work's result, handed from the worker thread to the waiting one.
    private final class Outcome<Result: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Result?

        func set(_ value: Result) {
            condition.lock()
            result = value
            condition.signal()
            condition.unlock()
        }

        func wait() -> Result {
            condition.lock()
            defer { condition.unlock() }
            while result == nil { condition.wait() }
            return result!
        }
    }
}
