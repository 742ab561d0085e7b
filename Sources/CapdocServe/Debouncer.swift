/// Decides when a burst of changes is over: an editor's save is often several writes and a rename,
/// `git checkout` is hundreds; one rebuild should follow, once the files have been quiet for a
/// moment. A stream of changes that never pauses still rebuilds every `longest`, so that a
/// maintainer sees something.
public struct Debouncer: Sendable {
    public let quiet: Duration
    public let longest: Duration
    private var firstChange: ContinuousClock.Instant?
    private var lastChange: ContinuousClock.Instant?

    public init(quiet: Duration, longest: Duration) {
        self.quiet = quiet
        self.longest = longest
    }

    /// Whether a change is waiting for its rebuild.
    public var isPending: Bool { lastChange != nil }

    public mutating func changed(at instant: ContinuousClock.Instant) {
        if firstChange == nil { firstChange = instant }
        lastChange = instant
    }

    /// Whether the rebuild is due at `instant`: quiet since the last change, or the burst has
    /// lasted `longest`.
    public func isDue(at instant: ContinuousClock.Instant) -> Bool {
        guard let firstChange, let lastChange else { return false }
        return instant - lastChange >= quiet || instant - firstChange >= longest
    }

    /// The rebuild has started: changes from now on wait for the next one.
    public mutating func fired() {
        firstChange = nil
        lastChange = nil
    }
}
