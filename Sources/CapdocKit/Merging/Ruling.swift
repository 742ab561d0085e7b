/// Adjudications prepared for the merger: claim references resolved to claim numbers.
struct Ruling: Sendable {
    let id: String
    let prevails: Int
    let over: Set<Int>
    let platforms: Set<String>?
    let os: VersionRange

    /// Prepared rulings, and the OS bounds they add per platform (so segments are cut where a ruling starts or ends).
    struct Book: Sendable {
        let rulings: [Ruling]
        let boundsByPlatform: [String: [Version]]

        func bounds(for platform: String) -> [Version] { boundsByPlatform[platform] ?? [] }

        /// The narrowest ruling that decides between the disagreeing `narrowest` claims in this segment, if any.
        func ruling(for narrowest: [Int], values: [ClaimValue], platform: String, segment: VersionRange) -> Ruling? {
            let candidates = rulings.filter { ruling in
                guard narrowest.contains(ruling.prevails) else { return false }
                if let platforms = ruling.platforms, !platforms.contains(platform) { return false }
                guard ruling.os.contains(segment) else { return false }
                let winning = values[ruling.prevails]
                return narrowest.allSatisfy { values[$0] == winning || ruling.over.contains($0) }
            }
            return candidates.min { a, b in
                let aRank = (a.platforms == nil ? 1 : 0, a.os.isUnbounded ? 1 : 0)
                let bRank = (b.platforms == nil ? 1 : 0, b.os.isUnbounded ? 1 : 0)
                return aRank != bRank ? aRank < bRank : a.id < b.id
            }
        }
    }

    static func prepare(_ adjudications: [Adjudication], claimIndex: [String: Int]) -> Book {
        var rulings: [Ruling] = []
        var bounds: [String: Set<Version>] = [:]
        for adjudication in adjudications {
            // Unknown references are reported by the unknown-id check; such a ruling cannot apply.
            guard let prevails = claimIndex[adjudication.prevails.value] else { continue }
            let over = Set(adjudication.over.compactMap { claimIndex[$0.value] })
            let platforms: Set<String>? = switch adjudication.platforms {
            case .silent, .all: nil
            case let .named(ids): Set(ids.map(\.value))
            }
            rulings.append(Ruling(id: adjudication.id.value, prevails: prevails, over: over, platforms: platforms, os: adjudication.os))
            if !adjudication.os.isUnbounded, let platforms {
                for platform in platforms {
                    if let from = adjudication.os.from { bounds[platform, default: []].insert(from) }
                    if let until = adjudication.os.until { bounds[platform, default: []].insert(until) }
                }
            }
        }
        return Book(rulings: rulings, boundsByPlatform: bounds.mapValues { $0.sorted() })
    }
}
