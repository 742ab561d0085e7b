/// One merged fact: the value that holds for a subject on a platform (under a level), over a range of OS versions.
///
/// The kind is inline; everything else is in one immutable shared box (`FactBox`), as `Claim` does:
/// pages and answers copy facts into every segment and cell they compose, and an inline fact retained
/// each of its strings, versions and values on every copy (a sixth of a build's time went to retaining
/// and releasing). A setter builds a new box; only the merge builds facts, each whole.
/// With `Claim`'s and `Gate`'s boxes, worth −8.4% instructions at 2,000 services (callgrind,
/// 2026-11-28; see `SharedBox`).
public struct Fact: Sendable, Hashable {
    public var kind: FactKind
    private var box: FactBox

    init(
        kind: FactKind, subject: String, platform: String, level: String?, os: VersionRange, value: ClaimValue,
        adjudication: String?, citations: FactCitations
    ) {
        self.kind = kind
        box = FactBox(
            FactFields(
                subject: subject, platform: platform, level: level, os: os, value: value,
                adjudication: adjudication, citations: citations))
    }

    /// The subject's id (a service, level, request, status or key), the topic of a note, the `FlowKey`
    /// of a flow fact (`from|trigger|choice`), or "" for kinds without a subject.
    public var subject: String {
        get { box.fields.subject }
        set { box = box.with { $0.subject = newValue } }
    }
    public var platform: String {
        get { box.fields.platform }
        set { box = box.with { $0.platform = newValue } }
    }
    /// The level, for service facts; nil otherwise.
    public var level: String? {
        get { box.fields.level }
        set { box = box.with { $0.level = newValue } }
    }
    public var os: VersionRange {
        get { box.fields.os }
        set { box = box.with { $0.os = newValue } }
    }
    public var value: ClaimValue {
        get { box.fields.value }
        set { box = box.with { $0.value = newValue } }
    }
    /// The adjudication that decided this value, when sources disagreed here.
    public var adjudication: String? {
        get { box.fields.adjudication }
        set { box = box.with { $0.adjudication = newValue } }
    }
    /// What the fact cites, shared with the other facts that cite the same claims.
    var citations: FactCitations {
        get { box.fields.citations }
        set { box = box.with { $0.citations = newValue } }
    }

    /// References (`source#claim`) of the claims that state this value here, in claim order.
    public var claims: [String] {
        get { citations.claims }
        set { citations = FactCitations(claims: newValue, deciding: deciding, sources: sources, decidingPlaces: citations.decidingPlaces) }
    }

    /// The first of `claims`, without listing them all (a fact may cite thousands).
    var firstClaim: String? { citations.firstClaim }

    /// The narrowest of them: the claims that decide the value (wider ones that agree only corroborate).
    var deciding: [String] {
        get { citations.deciding }
        set { citations = FactCitations(claims: claims, deciding: newValue, sources: sources) }
    }

    /// The ids of the sources of those claims, sorted and unique.
    public var sources: [String] {
        get { citations.sources }
        set { citations = FactCitations(claims: claims, deciding: deciding, sources: newValue, decidingPlaces: citations.decidingPlaces) }
    }
}

extension Array where Element == Fact {
    /// Appends the facts that are not among these yet, in their order: a fact that `facts` holds twice
    /// and these do not is appended twice, as `self += facts.filter { !self.contains($0) }` would.
    mutating func appendNew(_ facts: [Fact]) {
        let known = count
        for fact in facts where !self[..<known].contains(fact) { append(fact) }
    }

    /// `appendNew` for a list that grows step by step (a timeline's segment, one range at a time):
    /// `index` holds what is in the list, so that each step looks up its facts rather than comparing
    /// them with every fact so far — a segment that spans thousands of facts (a cell of N claims,
    /// each `from` a version of its own) made that N²/2 comparisons (issue 41). Same result.
    /// A segment of a few facts (nearly all) is searched in place, as hashing would cost more.
    mutating func appendNew(_ facts: [Fact], index: inout FactIndex) {
        guard count > FactIndex.searchedInPlace else { return appendNew(facts) }
        if index.count < count { index.insert(self[index.count...]) }
        for fact in facts where !index.contains(fact) { append(fact) }
    }
}

/// The facts of a list, looked up by what tells facts apart at a glance (kind, cell and range), then
/// compared in full: the index of a segment's facts (`appendNew(_:index:)`).
struct FactIndex {
    private var buckets: [Key: [Fact]] = [:]
    private(set) var count = 0

    private struct Key: Hashable {
        var kind: FactKind
        var subject: String
        var platform: String
        var level: String?
        var os: VersionRange
        init(_ fact: Fact) {
            kind = fact.kind
            subject = fact.subject
            platform = fact.platform
            level = fact.level
            os = fact.os
        }
    }

    /// Up to this many facts, `appendNew(_:index:)` compares in place and leaves the index empty.
    static let searchedInPlace = 16

    init() {}

    func contains(_ fact: Fact) -> Bool { buckets[Key(fact)]?.contains(fact) ?? false }

    mutating func insert(_ facts: ArraySlice<Fact>) {
        for fact in facts { buckets[Key(fact), default: []].append(fact) }
        count += facts.count
    }
}

/// The fields of a `Fact` beside its kind, shared by its copies.
typealias FactBox = SharedBox<FactFields>

/// The fields of `FactBox`: see `Fact` for what each means.
struct FactFields: Sendable, Hashable {
    var subject: String
    var platform: String
    var level: String?
    var os: VersionRange
    var value: ClaimValue
    var adjudication: String?
    var citations: FactCitations
}

/// A contradiction between claims: where they overlap, neither refines the other, and they disagree.
public struct Contradiction: Sendable, Hashable {
    public var kind: FactKind
    /// References of the disagreeing claims, in claim order.
    public var claims: [String]
    /// The adjudication that rules on it, or nil when it is unresolved (an error).
    public var adjudication: String?
    /// For a claim that a gate contradicts (`GateConflicts`): the gate's id. The first claim is then
    /// the gated claim, the others the claims that close the gate.
    public var gate: String?
    /// Where they conflict: the subjects, platforms and levels involved, in vocabulary order,
    /// and the OS versions of each platform.
    public var subjects: [String]
    public var platforms: [String]
    public var levels: [String]
    var ranges: [String: [VersionRange]]
}

/// The outcome of merging all claims.
public struct MergeResult: Sendable {
    public var facts: [Fact]
    public var contradictions: [Contradiction]
    /// Ids of adjudications that resolved at least one contradiction.
    var usedAdjudications: Set<String>
    /// Claims by reference, for looking up what a fact or contradiction cites.
    var claimsByReference: ClaimsByReference

    /// The replacement the first of these claims that names one gives (deprecation claims may name one).
    public func replacement(namedBy references: some Sequence<String>) -> String? {
        references.lazy.compactMap { self.claimsByReference[$0]?.replacement }.first
    }

    /// `replacement(namedBy:)` of the facts' deciding claims, in order, each found by its place where the
    /// merge gave the fact's citations their places: the dataset asks it of every positive segment of
    /// every timeline, and finding each claim by its reference hashed sixty bytes every time.
    func replacement(decidingIn facts: [Fact]) -> String? {
        for fact in facts {
            let citations = fact.citations
            if let places = citations.decidingPlaces {
                for place in places where place >= 0 {
                    if let replacement = claimsByReference.claim(at: Int(place)).replacement { return replacement }
                }
            } else if let replacement = replacement(namedBy: citations.deciding) {
                return replacement
            }
        }
        return nil
    }

    /// Facts of one kind, subject, platform and level, in OS order.
    public func facts(_ kind: FactKind, subject: String, platform: String, level: String? = nil) -> [Fact] {
        Array(factSlice(kind, subject: subject, platform: platform, level: level))
    }

    /// `facts(_:subject:platform:level:)` without copying them.
    func factSlice(_ kind: FactKind, subject: String, platform: String, level: String? = nil) -> ArraySlice<Fact> {
        guard let cell = cells.cell(kind: kind, subject: subject, platform: platform, level: level) else { return [] }
        return facts[Int(cellStarts[cell])..<Int(cellStarts[cell + 1])]
    }

    /// The facts of a cell, by its number in `cells`.
    func factSlice(cell: Int) -> ArraySlice<Fact> { facts[Int(cellStarts[cell])..<Int(cellStarts[cell + 1])] }

    /// Every fact of a kind, without copying them: facts are stored kind by kind.
    public func facts(of kind: FactKind) -> ArraySlice<Fact> {
        let run = cells.cells(of: kind)
        return facts[Int(cellStarts[run.lowerBound])..<Int(cellStarts[run.upperBound])]
    }

    /// The fact that holds at `version` (or at the newest versions when nil).
    public func fact(_ kind: FactKind, subject: String, platform: String, level: String? = nil, at version: Version? = nil) -> Fact? {
        Self.fact(in: factSlice(kind, subject: subject, platform: platform, level: level), at: version)
    }

    /// Of one cell's facts, the one that holds at `version`, or at the newest versions (the one without
    /// an upper bound) when nil.
    ///
    /// The merge writes a cell's facts in OS order, without overlaps, so the fact is found by halves:
    /// a walk from the first made a timeline of a cell of N facts (N claims, each `from` a version of
    /// its own) N²/2 steps, at every version of the timeline (issue 41). Notes are the exception (each
    /// claim a fact over its own range, which may overlap): they are walked, as before.
    static func fact(in candidates: ArraySlice<Fact>, at version: Version?) -> Fact? {
        guard let firstIndex = candidates.indices.first else { return nil }
        // By index, reading only each fact's range: `first(where:)` handed its predicate a copy of every
        // fact it passed (a retain and a release of its box).
        if candidates[firstIndex].kind == .note {
            var index = firstIndex
            while index < candidates.endIndex {
                let holds = if let version { candidates[index].os.contains(version) } else { candidates[index].os.until == nil }
                if holds { return candidates[index] }
                index += 1
            }
            return nil
        }
        guard let version else {
            // Only the last fact of a cell in OS order can be open above.
            let last = candidates.index(before: candidates.endIndex)
            return candidates[last].os.until == nil ? candidates[last] : nil
        }
        // The first fact that ends after `version`: the only one that may hold there.
        var low = firstIndex, high = candidates.endIndex
        while low < high {
            let middle = (low + high) / 2
            if let until = candidates[middle].os.until, !(version < until) { low = middle + 1 } else { high = middle }
        }
        guard low < candidates.endIndex, candidates[low].os.contains(version) else { return nil }
        return candidates[low]
    }

    /// Facts are stored in cell order; the facts of cell `c` are `facts[cellStarts[c] ..< cellStarts[c + 1]]`.
    let cells: CellIndex
    let cellStarts: [Int32]

    init(
        facts: [Fact], cells: CellIndex, cellStarts: [Int32], contradictions: [Contradiction], usedAdjudications: Set<String>,
        claimsByReference: ClaimsByReference
    ) {
        self.facts = facts
        self.cells = cells
        self.cellStarts = cellStarts
        self.contradictions = contradictions
        self.usedAdjudications = usedAdjudications
        self.claimsByReference = claimsByReference
    }
}
