import Foundation

/// What parsing each Content file gave, kept between loads by `capdoc serve`, so that an edit
/// parses again only the files it changed.
///
/// An entry is found by the file's path and its bytes, compared whole: the file is still read on
/// every load (cheap next to parsing it), and nothing is trusted to a modification time that a
/// fast second save within the same tick, or a restored backup, would leave as it was. Parsing is a
/// function of the bytes and the path (which every location carries) alone, so an entry found is
/// exactly what parsing again would give.
public final class ParseCache: @unchecked Sendable {
    /// What parsing one file gave: its tree (nil when it did not parse, or was empty) and the
    /// diagnostics found on the way.
    struct Parsed {
        var node: YAMLNode?
        var diagnostics: [Diagnostic]
    }

    private struct Entry {
        var bytes: Data
        var parsed: Parsed
        /// The last load that used it; `sweep` drops what the last load did not (deleted files).
        var load: Int
        /// The source read from the parse (`source(_:context:read:)`), and what it was read with.
        var source: (context: SourceReadContext, read: SourceRead)?
    }

    /// What a source file's reading depends on besides its parse: the flow's states (the default
    /// status of a transition) and the hosts sources may be on.
    struct SourceReadContext: Hashable {
        var states: [String: String]
        var hosts: [String]
    }

    /// What reading a source file gave: the source (nil when it lacks a required field), the
    /// diagnostics found reading it, and where its claims' key lists were written.
    struct SourceRead {
        var source: Source?
        var diagnostics: [Diagnostic]
        var keyReferences: [String: [Located<String>]]
    }

    private var entries: [String: Entry] = [:]
    private var load = 0
    private let lock = NSLock()
    /// Files parsed and files reused since the cache was made: for the tests and the timings.
    public private(set) var parsedCount = 0
    public private(set) var reusedCount = 0

    public init() {}

    /// The parse of `bytes` at `path`: the kept one when the file has the same bytes as last time,
    /// or `parse()`'s, which is kept for the next load.
    func parsed(_ path: String, bytes: Data, parse: () -> Parsed) -> Parsed {
        let kept: Parsed? = lock.withLock {
            guard var entry = entries[path], entry.bytes == bytes else { return nil }
            entry.load = load
            entries[path] = entry
            reusedCount += 1
            return entry.parsed
        }
        if let kept { return kept }
        let parsed = parse()  // outside the lock: the files of a load are parsed on every core
        lock.withLock {
            entries[path] = Entry(bytes: bytes, parsed: parsed, load: load, source: nil)
            parsedCount += 1
        }
        return parsed
    }

    /// The source read from the file at `path`, whose parse this load has just asked for: the
    /// kept one when it was read from the same parse in the same context, or `read()`'s, which is
    /// kept. Reading is a function of the parse and the context alone, as parsing is of the bytes:
    /// so the models of the files an edit did not change are not read again either.
    func source(_ path: String, context: SourceReadContext, read: () -> SourceRead) -> SourceRead {
        let kept: SourceRead? = lock.withLock {
            guard let source = entries[path]?.source, source.context == context else { return nil }
            sourcesReusedCount += 1
            return source.read
        }
        if let kept { return kept }
        let made = read()
        lock.withLock { entries[path]?.source = (context, made) }
        return made
    }

    /// Sources read again from a kept parse, since the cache was made: for the tests.
    public private(set) var sourcesReusedCount = 0

    /// Ends a load: the files it did not read (deleted, renamed) are let go, and the next load begins.
    func sweep() {
        lock.withLock {
            entries = entries.filter { $0.value.load == load }
            load += 1
        }
    }

    /// How many files are kept.
    public var count: Int { lock.withLock { entries.count } }
}
