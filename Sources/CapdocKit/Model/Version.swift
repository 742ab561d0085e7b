/// A dotted OS version such as `13` or `10.15.4`.
///
/// Trailing zero components do not matter: `13` and `13.0` are the same version. How a version
/// prints is its platform's (`version-style` in `platforms.yaml`): Apple's `13.0`, or Android's API
/// level `29`; the style never takes part in comparing or hashing.
public struct Version: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The four components, zero-padded, two to a word: a version is compared, hashed and copied at
    /// every step of every timeline, and as an array each copy was a retain and release and each hash
    /// read a heap buffer. Comparing the words in order compares the components in order, and padding
    /// with zeros is what makes `13` and `13.0` the same version.
    /// Components are at most six digits (20 bits) in 32-bit slots: the top bit of the second slot
    /// is free, and holds the style, so that a version stays two words wide.
    private var high: UInt64
    private let low: UInt64

    /// The bit of `high` that says the version prints as a whole number where it is one (`29`).
    private static let wholeNumberBit: UInt64 = 1 << 31
    /// `high` without the style: what comparing and hashing read.
    private var orderedHigh: UInt64 { high & ~Self.wholeNumberBit }

    /// How a platform writes its versions.
    public enum Style: String, Sendable, CaseIterable {
        /// At least two components: `13` prints as `13.0`, the way Apple's availability lists write versions.
        case dotted
        /// No padding: Android's API level `29` prints as `29` (and `29.1` as it is).
        case integer
    }

    /// The style this version prints in.
    public var style: Style { high & Self.wholeNumberBit != 0 ? .integer : .dotted }

    /// The same version, printing in `style`.
    public func styled(_ style: Style) -> Version {
        var copy = self
        copy.high = style == .integer ? orderedHigh | Self.wholeNumberBit : orderedHigh
        return copy
    }

    /// The most components a version has, and the largest a component may be (six digits).
    static let mostComponents = 4
    static let largestComponent = 999_999

    /// The earliest version: it stands for a range that starts with the first release.
    static let zero = Version(components: [0])

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= Self.mostComponents else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 6, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        self.init(components: numbers)
    }

    /// At most four components, each from 0 to 999,999, beyond trailing zeros (which do not count).
    public init(components: [Int]) {
        var trimmed = components[...]
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        precondition(
            trimmed.count <= Self.mostComponents && trimmed.allSatisfy { (0...Self.largestComponent).contains($0) },
            "a version has at most \(Self.mostComponents) components of at most six digits: \(components)")
        func part(_ index: Int) -> UInt64 { index < trimmed.count ? UInt64(trimmed[trimmed.startIndex + index]) : 0 }
        high = part(0) << 32 | part(1)
        low = part(2) << 32 | part(3)
    }

    /// The components without trailing zeros (at least one): `13.0` is `[13]`.
    public var components: [Int] {
        var all = [high >> 32, orderedHigh & 0xFFFF_FFFF, low >> 32, low & 0xFFFF_FFFF].map { Int($0) }
        while all.count > 1, all.last == 0 { all.removeLast() }
        return all
    }

    /// `13` prints as `13.0`, the way Apple's availability lists write versions (in the dotted style).
    /// Written digit by digit into a buffer on the stack: deployment-target pages print versions in
    /// millions of cells, and the components array, a String per component and the join allocated each time.
    public var description: String {
        let parts = [high >> 32, orderedHigh & 0xFFFF_FFFF, low >> 32, low & 0xFFFF_FFFF]
        let shortest = style == .integer ? 1 : 2  // "13" prints as "13.0" unless whole numbers are the platform's style
        let count = Swift.max(shortest, parts.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 1)
        // Four components of at most six digits and three dots: 27 bytes.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var end = 0
            for index in 0..<count {
                if index > 0 { buffer[end] = 0x2E; end += 1 }
                ByteText.forEachDecimalDigit(of: parts[index]) { digit in
                    buffer[end] = digit
                    end += 1
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
    }

    public static func < (a: Version, b: Version) -> Bool {
        a.orderedHigh != b.orderedHigh ? a.orderedHigh < b.orderedHigh : a.low < b.low
    }

    public static func == (a: Version, b: Version) -> Bool {
        a.orderedHigh == b.orderedHigh && a.low == b.low
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(orderedHigh)
        hasher.combine(low)
    }
}

/// A half-open range of OS versions: `from` included, `until` excluded; a missing bound is open.
public struct VersionRange: Hashable, Sendable, CustomStringConvertible {
    public var from: Version?
    var until: Version?

    public static let all = VersionRange(from: nil, until: nil)

    public init(from: Version? = nil, until: Version? = nil) {
        self.from = from
        self.until = until
    }

    var isUnbounded: Bool { from == nil && until == nil }

    public var isEmpty: Bool {
        if let from, let until { return !(from < until) }
        return false
    }

    public func contains(_ version: Version) -> Bool {
        if let from, version < from { return false }
        if let until, !(version < until) { return false }
        return true
    }

    /// Whether every version of `other` is also in this range.
    public func contains(_ other: VersionRange) -> Bool {
        let lowerOK: Bool =
            switch (from, other.from) {
            case (nil, _): true
            case (_, nil): false
            case let (mine?, theirs?): !(theirs < mine)
            }
        let upperOK: Bool =
            switch (until, other.until) {
            case (nil, _): true
            case (_, nil): false
            case let (mine?, theirs?): !(mine < theirs)
            }
        return lowerOK && upperOK
    }

    func overlaps(_ other: VersionRange) -> Bool {
        if let until, let otherFrom = other.from, !(otherFrom < until) { return false }
        if let otherUntil = other.until, let from, !(from < otherUntil) { return false }
        return true
    }

    /// The versions in both ranges: the later lower bound and the earlier upper bound.
    func intersection(_ other: VersionRange) -> VersionRange {
        let lower: Version? =
            switch (from, other.from) {
            case let (a?, b?): max(a, b)
            case let (a, b): a ?? b
            }
        let upper: Version? =
            switch (until, other.until) {
            case let (a?, b?): min(a, b)
            case let (a, b): a ?? b
            }
        return VersionRange(from: lower, until: upper)
    }

    /// Human wording used in messages and outputs: "13.0 and later", "before 13.0", "11.0 to 13.0".
    public var description: String {
        switch (from, until) {
        case (nil, nil): "all versions"
        case let (from?, nil): "\(from) and later"
        case let (nil, until?): "before \(until)"
        case let (from?, until?): "\(from) up to \(until)"
        }
    }
}

extension VersionRange {
    /// Where the run that ends with `ranges[index]` begins: going back, a range that touches the next
    /// (its `until` is the next one's `from`) and that `same` says reads like `ranges[index]` is part
    /// of it (a deprecation starting splits a range without changing its answer). nil: the run
    /// reaches back to the first version. One rule for every "since when" (`query support`'s
    /// `since`, a cell's glance, a page's availability line), so that they cannot disagree.
    static func runStart(of ranges: [VersionRange], endingAt index: Int, same: (Int) -> Bool) -> Version? {
        var first = index
        while first > 0, let from = ranges[first].from, ranges[first - 1].until == from, same(first - 1) { first -= 1 }
        return ranges[first].from
    }
}
