/// What a complete platform list implies: the claims a source with `platform-list: complete` states
/// without writing them.
///
/// Apple's API, key and entitlement pages list every platform their symbol exists on, each with the
/// version that introduced it. Such a list says two more things than its lines: a platform it leaves
/// out does not have the symbol, and a listed platform did not have it before the version its line
/// gives. A source that says its list is complete gets those claims made for it, citing the list, so
/// that the same evidence gives the same answer for services, APIs, keys, requests and statuses
/// instead of "No" where a maintainer wrote the absence down and "Unknown" where nobody did.
///
/// Only what the source leaves open is made: a platform any of its claims names (whatever the value
/// and range) and versions a claim already covers are left to those claims. Only subjects with a line
/// of their own are completed: at least one `true` claim with the version that introduced it.
enum PlatformListCompletion {
    /// The source field, and the one value it takes.
    static let field = "platform-list"
    static let complete = "complete"

    /// The fact kinds an availability list states: that a symbol exists on a platform.
    static let kinds: [FactKind] = [.serviceOnPlatform, .apiAvailable, .keyExists, .requestAvailable, .statusExists]

    /// The source with the claims its complete list implies appended (unchanged without the field).
    static func completed(_ source: Source, vocabulary: Vocabulary) -> Source {
        guard let list = source.platformList, list.value == complete else { return source }
        let platforms = vocabulary.ids(.platform)
        var taken = Set(source.claims.map(\.id.value))
        var made: [Claim] = []
        // A claim about every platform has spoken about each: nothing is left out. And a list's lines
        // give the versions that introduced the symbol: a subject the source speaks of only in passing
        // ("an iOS app uses this key instead"), with no line of its own, is not what the list is about.
        let groups = availabilityGroups(source.claims).filter { group in
            group.claims.allSatisfy { $0.scope.platforms.isNamedList }
                && group.claims.contains { $0.value.value == .boolean(true) && $0.scope.os.from != nil }
        }
        for group in groups {
            let listed = group.claims.filter { $0.value.value == .boolean(true) }
            let named = Set(group.claims.flatMap { $0.scope.platforms.resolve(in: platforms) })
            let missing = platforms.filter { !named.contains($0) }
            if !missing.isEmpty {
                let stem = groups.count == 1 ? "not-listed" : "not-listed-" + slug(group.subject)
                made.append(
                    claim(
                        group, id: unique(stem, &taken), source: source, location: list.location,
                        platforms: missing, os: .all, quote: joinedQuote(listed),
                        note: "The page's availability list, which names every platform the symbol exists on, has no line for this platform."))
            }
            made += introductions(group, listed: listed, source: source, vocabulary: vocabulary, taken: &taken)
        }
        var completed = source
        completed.claims += made
        return completed
    }

    /// Claims of the availability kinds, grouped by kind and subject in the order they first appear.
    struct Group {
        var kind: FactKind
        var subject: String
        var claims: [Claim]
    }

    static func availabilityGroups(_ claims: [Claim]) -> [Group] {
        var groups: [Group] = []
        for claim in claims where kinds.contains(claim.fact) {
            guard case let .named(subjects) = claim.scope.subjects else { continue }
            for subject in subjects.map(\.value) {
                if let index = groups.firstIndex(where: { $0.kind == claim.fact && $0.subject == subject }) {
                    groups[index].claims.append(claim)
                } else {
                    groups.append(Group(kind: claim.fact, subject: subject, claims: [claim]))
                }
            }
        }
        return groups
    }

    /// "iOS 8.0+" also says "not before 8.0": where a listed platform's earliest line starts after the
    /// platform's first version and no claim of the source covers the versions before it, a `false`
    /// claim for them, as the `-before` convention of Content/README.md writes by hand.
    private static func introductions(
        _ group: Group, listed: [Claim], source: Source, vocabulary: Vocabulary,
        taken: inout Set<String>
    ) -> [Claim] {
        var made: [Claim] = []
        for platform in vocabulary.ids(.platform) {
            guard let first = vocabulary.firstVersion(of: platform) else { continue }
            // Every claim of the group names its platforms (see `completed`).
            let naming = group.claims.filter { $0.scope.platforms.names(platform) }
            let lines = listed.filter { $0.scope.platforms.names(platform) }
            guard let line = lines.min(by: { ($0.scope.os.from ?? .zero) < ($1.scope.os.from ?? .zero) }),
                let introduced = line.scope.os.from, first < introduced,
                !naming.contains(where: { claim in claim.scope.os.from.map { $0 < introduced } ?? true })
            else { continue }
            made.append(
                claim(
                    group, id: unique(line.id.value + "-before", &taken), source: source, location: line.location,
                    platforms: [platform], os: VersionRange(until: introduced), quote: line.quote.value,
                    note: "The availability line gives the introduction: the symbol does not exist before it."))
        }
        return made
    }

    private static func claim(
        _ group: Group, id: String, source: Source, location: SourceLocation, platforms: [String],
        os: VersionRange, quote: String, note: String
    ) -> Claim {
        Claim(
            sourceID: source.id.value, id: Located(id, at: location), fact: group.kind, location: location,
            scope: ClaimScope(
                subjects: .named([Located(group.subject, at: location)]),
                platforms: .named(platforms.map { Located($0, at: location) }), os: os),
            value: Located(.boolean(false), at: location), quote: Located(quote, at: location), note: note)
    }

    /// The quotes of the list's lines, in the source's order, as one quote whose parts are looked up in order.
    private static func joinedQuote(_ lines: [Claim]) -> String {
        lines.map(\.quote.value).uniqued().joined(separator: " … ")
    }

    /// A claim id that no claim of the source has: the stem, or the stem and a number.
    private static func unique(_ stem: String, _ taken: inout Set<String>) -> String {
        var id = stem
        var number = 2
        while taken.contains(id) {
            id = "\(stem)-\(number)"
            number += 1
        }
        taken.insert(id)
        return id
    }

    /// A subject id as part of a kebab-case claim id (Info.plist keys are not kebab-case).
    private static func slug(_ subject: String) -> String {
        var result = ""
        for character in subject.lowercased() {
            if character.isLetter || character.isNumber { result.append(character) } else if result.last != "-" { result.append("-") }
        }
        return result
    }
}
