import CapdocTestSupport

/// Sources and adjudications held as values and written into a fixture tree as YAML, so that a
/// test can make random edits of every kind a maintainer makes (a value, a range, a claim moved to
/// another cell, claims and files added, removed and renamed, rulings added and removed).
struct EditableContent {
    struct Claim {
        var id: String
        var fact: String
        /// nil: `subject: all`.
        var subject: String?
        var platform: String
        var level: String
        var from: Int?
        var until: Int?
        var value: Bool
        var quote: String
    }

    struct Adjudication {
        var id: String
        var prevails: String
        var over: [String]
    }

    static let services = (0..<8).map { "svc-\($0)" }
    static let platforms = ["ios", "watchos"]
    static let levels = ["when-in-use", "always"]
    static let facts = ["service-available", "launches-terminated-app"]

    /// Source files by name (without `.yaml`), each with its claims in order.
    var sources: [String: [Claim]] = [:]
    var adjudications: [Adjudication] = []
    private var nextID = 0

    /// The services the claims speak of, added to the base fixture's.
    static func servicesYAML() -> String {
        services.map { "- id: \($0)\n  name: Service \($0)\n  summary: A synthetic service.\n" }.joined()
    }

    /// A random claim; few services and bounds, so that claims of different sources often meet in a
    /// cell, overlap, and disagree.
    mutating func randomClaim(using random: inout SplitMix) -> Claim {
        nextID += 1
        var claim = Claim(
            id: "c\(nextID)", fact: Self.facts.randomElement(using: &random)!, subject: Self.services.randomElement(using: &random)!,
            platform: Self.platforms.randomElement(using: &random)!, level: Self.levels.randomElement(using: &random)!,
            value: Bool.random(using: &random), quote: "Claim \(nextID) says so.")
        randomizeRange(of: &claim, using: &random)
        if Int.random(in: 0..<10, using: &random) == 0 { claim.subject = nil }
        return claim
    }

    func randomizeRange(of claim: inout Claim, using random: inout SplitMix) {
        claim.from = Bool.random(using: &random) ? Int.random(in: 9...13, using: &random) : nil
        claim.until = Bool.random(using: &random) ? Int.random(in: 12...16, using: &random) : nil
        if let from = claim.from, let until = claim.until, until <= from { claim.until = from + 1 }
    }

    func yaml(of source: String) -> String {
        var text = "title: Source \(source)\nurl: https://example.com/\(source)\nkind: article\nclaims:\n"
        for claim in sources[source] ?? [] {
            text += "  - id: \(claim.id)\n    fact: \(claim.fact)\n    subject: \(claim.subject.map { "[\($0)]" } ?? "all")\n"
            text += "    platforms: [\(claim.platform)]\n    levels: [\(claim.level)]\n"
            let bounds = [claim.from.map { "from: \"\($0).0\"" }, claim.until.map { "until: \"\($0).0\"" }].compactMap { $0 }
            if !bounds.isEmpty { text += "    os: {\(bounds.joined(separator: ", "))}\n" }
            text += "    value: \(claim.value)\n    quote: \(claim.quote)\n"
        }
        return text
    }

    var adjudicationsYAML: String {
        guard !adjudications.isEmpty else { return "[]\n" }
        return adjudications.map { "- id: \($0.id)\n  prevails: \($0.prevails)\n  over: [\($0.over.joined(separator: ", "))]\n  reason: Synthetic ruling.\n" }
            .joined()
    }

    /// Every claim's reference (`source#claim`).
    var references: [String] {
        sources.keys.sorted().flatMap { source in sources[source]!.map { "\(source)#\($0.id)" } }
    }

    /// Writes every source and the adjudications into the tree, and removes `gone` sources' files.
    func write(into tree: inout FixtureTree, removing gone: [String] = []) {
        for source in gone { tree.remove("sources/\(source).yaml") }
        for source in sources.keys { tree.write(yaml(of: source), to: "sources/\(source).yaml") }
        tree.write(adjudicationsYAML, to: "adjudications.yaml")
    }
}
