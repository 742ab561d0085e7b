/// The flow cut into eras: on one platform, a run of OS versions over which the same transitions
/// hold. A reader who knows the device (iOS 15) wants only the prompts it shows; the rows mix every
/// version. Eras are derived from the rows' own OS ranges, never from versions written in code: an
/// era starts or ends only where some row starts or ends, and neighbouring runs with the same rows
/// are one era.
extension Flow {
    struct Era: Sendable, Hashable {
        var platform: String
        /// Where the era holds; `from` is nil where it reaches back to the platform's first version.
        var range: VersionRange
        /// The rows that hold over some or all of the era, in the order of `rows()`.
        var rows: [Row]
        /// The versions inside the era where its transitions change, oldest first: empty where the
        /// same rows hold over the whole era. Only an era grouped for its page has any
        /// (`EraPaging`): there, each row's own OS versions say where it holds.
        var changes: [Version] = []
    }

    /// Which runs of versions get a page of their own (issue 41). Each version at which a transition
    /// changes started an era with its own pages, about 77 KB each: 32,000 transition claims on one
    /// cell, each `from` a version of its own, wrote 64,734 files and 2.4 GiB. As with the
    /// deployment-target pages, an era page starts only at a version the platform declares
    /// (`versions` in `platforms.yaml`), or, where it declares none, at a new major version; the runs
    /// between are grouped on the page before them, which names the versions where they change. A
    /// platform gets at most `VersionPageLimit.perPlatform` era pages: beyond, its newest eras are
    /// one page (`version-pages-limited` warns). The shipped Content's eras all start at declared
    /// versions, so each is a page, as before.
    struct EraPaging: Sendable {
        /// The versions that may start a page; nil: every new major version does.
        var declared: Set<Version>?
        var firstVersion: Version?
        /// How many pages the platform gets at most (`VersionPageLimit.perPlatform`; tests ask for fewer).
        var limit: Int

        init(declared: Set<Version>?, firstVersion: Version?, limit: Int = VersionPageLimit.perPlatform) {
            self.declared = declared
            self.firstVersion = firstVersion
            self.limit = limit
        }

        init(platform: String, vocabulary: Vocabulary) {
            self.init(declared: vocabulary.declaredVersions(of: platform), firstVersion: vocabulary.firstVersion(of: platform))
        }

        /// Whether a run that starts at `start` begins a new page after the page that starts at
        /// `pageStart` (nil: the platform's first version).
        func startsPage(_ start: Version, after pageStart: Version?) -> Bool {
            if let declared { return declared.contains(start) }
            return start.components.first != (pageStart ?? firstVersion)?.components.first
        }
    }

    /// A platform's era pages, and how many there would be without the paging's limit.
    struct EraPages: Sendable {
        var eras: [Era]
        var wanted: Int
        /// How many of the newest were grouped on the last page for the limit (0: none).
        var grouped: Int { wanted > eras.count ? wanted - eras.count + 1 : 0 }
    }

    /// Every platform's era pages, platforms in vocabulary order, each platform's oldest first.
    static func eraPages(of rows: [Row], vocabulary: Vocabulary) -> [String: EraPages] {
        var pages: [String: EraPages] = [:]
        for platform in vocabulary.ids(.platform) {
            pages[platform] = eraPages(of: rows, platform: platform, paging: EraPaging(platform: platform, vocabulary: vocabulary))
        }
        return pages
    }

    static func eraPages(of rows: [Row], platform: String, paging: EraPaging) -> EraPages {
        let groups = sweep(rows, platform: platform, firstVersion: paging.firstVersion) { paging.startsPage($0, after: $1) }
        return EraPages(eras: limited(groups.eras, to: paging.limit, holding: groups.holding, platform: platform), wanted: groups.eras.count)
    }

    /// A platform's eras as the rows make them, oldest first: each run of versions over which the
    /// same rows hold. A platform where no transition holds has none.
    static func eras(of rows: [Row], platform: String, firstVersion: Version?) -> [Era] {
        let runs = sweep(rows, platform: platform, firstVersion: firstVersion) { _, _ in true }
        return runs.eras.map { $0.era(platform: platform, holding: runs.holding) }
    }

    /// An era while it is worked out: its rows by their position among those holding on the platform.
    struct EraRows {
        var range: VersionRange
        var rows: Set<Int>
        var changes: [Version] = []

        func era(platform: String, holding: [Row]) -> Era {
            Era(platform: platform, range: range, rows: rows.sorted().map { holding[$0] }, changes: changes)
        }

        /// `later` joins this era: the versions where its rows change (and where a gap before it
        /// starts) become changes of this one.
        mutating func absorb(_ later: EraRows) {
            if let until = range.until, until != later.range.from { changes.append(until) }
            if let from = later.range.from { changes.append(from) }
            changes += later.changes
            range.until = later.range.until
            rows.formUnion(later.rows)
        }
    }

    /// At most `limit` eras: the newest are one, as the last deployment-target page answers for
    /// every later version.
    static func limited(_ eras: [EraRows], to limit: Int, holding: [Row], platform: String) -> [Era] {
        var eras = eras
        let last = max(limit, 1) - 1
        if eras.count > last + 1 {
            var newest = eras[last]
            for era in eras[(last + 1)...] { newest.absorb(era) }
            eras.replaceSubrange(last..., with: [newest])
        }
        return eras.map { $0.era(platform: platform, holding: holding) }
    }

    /// The eras of one platform: the runs of versions over which the same rows hold, a run joining
    /// the era before it where `startsEra(run's start, era's start)` is false. Returns the rows that
    /// hold on the platform, which the eras' row numbers index.
    static func sweep(
        _ rows: [Row], platform: String, firstVersion: Version?, startsEra: (Version, Version?) -> Bool
    ) -> (eras: [EraRows], holding: [Row]) {
        let holding = rows.filter { $0.platforms.contains(platform) }
        guard !holding.isEmpty else { return ([], []) }
        func ranges(_ row: Row) -> [VersionRange] { row.os[platform] ?? [.all] }
        // Every bound any row has on the platform, after the platform's first version.
        var bounds = Set(holding.flatMap { row in ranges(row).flatMap { [$0.from, $0.until].compactMap { $0 } } })
        if let firstVersion { bounds = bounds.filter { firstVersion < $0 } }
        let sorted = bounds.sorted()
        var pieces: [VersionRange] = []
        var start: Version? = nil
        for bound in sorted {
            pieces.append(VersionRange(from: start, until: bound))
            start = bound
        }
        pieces.append(VersionRange(from: start, until: nil))
        // A sweep over the pieces, oldest first (issue 41): each of a row's ranges holds over a run of
        // pieces, found by halves, so the row enters the active ones at the run's first piece and
        // leaves after its last. Filtering every row for every piece cost pieces × rows: N
        // transition claims on one cell, each `from` a version of its own, made N pieces of N rows.
        // A range holds over a piece where it starts at or before the piece's start (`probe`: the
        // first piece reaches back to the platform's first version, which a row may start at) and
        // ends at or after its end, as `VersionRange.contains`; both are monotone over the pieces.
        let probes = pieces.map { VersionRange(from: $0.from ?? firstVersion, until: $0.until) }
        func firstPiece(where holds: (VersionRange) -> Bool) -> Int {
            var low = 0, high = probes.count
            while low < high {
                let middle = (low + high) / 2
                if holds(probes[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        var entering = [[Int]](repeating: [], count: probes.count + 1)
        var leaving = [[Int]](repeating: [], count: probes.count + 1)
        for (index, row) in holding.enumerated() {
            for range in ranges(row) {
                let start = VersionRange(from: range.from), end = VersionRange(until: range.until)
                let first = firstPiece { start.contains(VersionRange(from: $0.from)) }
                let past = firstPiece { !end.contains(VersionRange(until: $0.until)) }
                guard first < past else { continue }
                entering[first].append(index)
                leaving[past].append(index)
            }
        }
        // How many of its ranges hold a row over the current piece (a row's ranges may overlap).
        var holds = [Int](repeating: 0, count: holding.count)
        var active = Set<Int>()
        var eras: [EraRows] = []
        // The era being worked out, changed in place: a copy of it would copy its rows and changes at
        // each piece, N pieces of up to N rows where one era holds them all.
        var current: EraRows? = nil
        var removed: [Int] = [], inserted: [Int] = []
        for (index, piece) in pieces.enumerated() {
            removed.removeAll(keepingCapacity: true)
            inserted.removeAll(keepingCapacity: true)
            for row in leaving[index] {
                holds[row] -= 1
                if holds[row] == 0 { active.remove(row); removed.append(row) }
            }
            for row in entering[index] {
                holds[row] += 1
                if holds[row] == 1 { active.insert(row); inserted.append(row) }
            }
            guard !active.isEmpty else { continue }
            // The rows of the piece before, where it touches this one: every row that left came back
            // (each leaves and enters at most once a piece, leaving first), and no other entered.
            let sameRows = current?.range.until == piece.from && removed.count == inserted.count && removed.allSatisfy(active.contains)
            if sameRows {
                current!.range.until = piece.until
            } else if current != nil, let from = piece.from, !startsEra(from, current!.range.from) {
                // Every row now holding held at the era's start or entered since: those entering now
                // are all it gains.
                current!.absorb(EraRows(range: piece, rows: Set(inserted)))
            } else {
                if let era = current { eras.append(era) }
                current = EraRows(range: piece, rows: active)
            }
        }
        if let era = current { eras.append(era) }
        return (eras, holding)
    }
}

extension Flow.Era {
    /// The states the era's transitions start in or lead to, in `flow.yaml` order.
    func states(in vocabulary: Vocabulary) -> [String] {
        let touched = Set(rows.flatMap { [$0.from, $0.outcome.to] })
        return vocabulary.ids(.state).filter(touched.contains)
    }

    /// Each state's distance from `initial` over the era's transitions (as `Flow.layers()` over all
    /// of them): the era's diagram lays its columns out by what holds in the era alone.
    func layers(from initial: String) -> [String: Int] {
        var edges: [String: Set<String>] = [:]
        for row in rows { edges[row.from, default: []].insert(row.outcome.to) }
        return Flow.distances(from: initial, edges: edges)
    }
}
