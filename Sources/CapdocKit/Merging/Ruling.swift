/// Adjudications prepared for the merger: claim references resolved to claim numbers.
struct Ruling: Sendable {
    let id: String
    let prevails: Int32
    let over: Set<Int32>
    let platforms: Set<String>?
    let os: VersionRange

    /// Prepared rulings, found by the claim that prevails, and the OS bounds they add per platform
    /// (a segment where claims disagree is cut where a ruling starts or ends).
    struct Book: Sendable {
        let rulings: [Ruling]
        private let byPrevailing: [Int32: [Int]]
        /// Per platform position: the bounds, as `VersionRanks`, sorted.
        private let boundsByPlatform: [[Int32]]

        init(rulings: [Ruling], boundsByPlatform: [[Int32]]) {
            self.rulings = rulings
            self.boundsByPlatform = boundsByPlatform
            var byPrevailing: [Int32: [Int]] = [:]
            for (index, ruling) in rulings.enumerated() { byPrevailing[ruling.prevails, default: []].append(index) }
            self.byPrevailing = byPrevailing
        }

        /// The bounds on a platform strictly between two ranks.
        func bounds(platform: Int, between lower: Int32, and upper: Int32) -> ArraySlice<Int32> {
            let bounds = boundsByPlatform[platform]
            guard !bounds.isEmpty else { return [] }
            let first = bounds.firstIndex(notBelow: lower + 1)
            return bounds[first..<bounds.firstIndex(notBelow: upper)]
        }

        /// The narrowest ruling that decides between the disagreeing `narrowest` claims in this segment, if any.
        func ruling(for narrowest: [Int32], valueIDs: [Int32], platform: String, segment: VersionRange) -> Ruling? {
            // Only a ruling for one of these claims can apply; looked at in adjudication order, as written.
            let indices = narrowest.flatMap { byPrevailing[$0] ?? [] }.sorted()
            let candidates = indices.map { rulings[$0] }.filter { ruling in
                if let platforms = ruling.platforms, !platforms.contains(platform) { return false }
                guard ruling.os.contains(segment) else { return false }
                let winning = valueIDs[Int(ruling.prevails)]
                return narrowest.allSatisfy { valueIDs[Int($0)] == winning || ruling.over.contains($0) }
            }
            return candidates.min { a, b in
                let aRank = (a.platforms == nil ? 1 : 0, a.os.isUnbounded ? 1 : 0)
                let bRank = (b.platforms == nil ? 1 : 0, b.os.isUnbounded ? 1 : 0)
                return aRank != bRank ? aRank < bRank : a.id < b.id
            }
        }
    }

    static func prepare(_ adjudications: [Adjudication], claimIndex: [String: Int], platforms: IDTable, ranks: VersionRanks) -> Book {
        var rulings: [Ruling] = []
        var bounds = [Set<Int32>](repeating: [], count: platforms.count)
        for adjudication in adjudications {
            // Unknown references are reported by the unknown-id check; such a ruling cannot apply.
            guard let prevails = claimIndex[adjudication.prevails.value] else { continue }
            let over = Set(adjudication.over.compactMap { claimIndex[$0.value].map(Int32.init) })
            let platformIDs: Set<String>? =
                switch adjudication.platforms {
                case .silent, .all: nil
                case let .named(ids): Set(ids.map(\.value))
                }
            rulings.append(Ruling(id: adjudication.id.value, prevails: Int32(prevails), over: over, platforms: platformIDs, os: adjudication.os))
            if !adjudication.os.isUnbounded, let platformIDs {
                for platform in platformIDs {
                    guard let position = platforms[platform] else { continue }
                    if adjudication.os.from != nil { bounds[position].insert(ranks.from(adjudication.os)) }
                    if adjudication.os.until != nil { bounds[position].insert(ranks.until(adjudication.os)) }
                }
            }
        }
        return Book(rulings: rulings, boundsByPlatform: bounds.map { $0.sorted() })
    }
}
