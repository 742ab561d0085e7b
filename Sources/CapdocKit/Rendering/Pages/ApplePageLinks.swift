/// Links from an entity's page to Apple's own page about it: the sources whose availability claims
/// are about that entity alone (the API's or the key's reference page).
extension PageContext {
    /// The fact kinds whose claims make a source the reference page of an entity of this kind.
    private static func availabilityKinds(_ kind: EntityKind) -> [FactKind] {
        switch kind {
        case .service: [.serviceOnPlatform]
        case .key: [.keyExists]
        case .request: [.requestAvailable]
        case .api: [.apiAvailable]
        default: []
        }
    }

    func applePages(_ kind: EntityKind, _ id: String) -> [Source] {
        let kinds = Self.availabilityKinds(kind)
        guard !kinds.isEmpty else { return [] }
        var seenURLs = Set<String>()
        return compiled.model.sources.filter { source in
            let subjects = Set(source.claims.filter { kinds.contains($0.fact) }.flatMap { claim -> [String] in
                if case let .named(ids) = claim.scope.subjects { ids.map(\.value) } else { ["*"] }
            })
            return subjects == [id]
        }
        // Two copies of one page link once, to the newest copy (sources with a date first).
        .sorted { ($0.date ?? "", $0.id.value) > ($1.date ?? "", $1.id.value) }
        .filter { seenURLs.insert($0.url).inserted }
    }

    /// "Apple's documentation: requestAlwaysAuthorization()" as a paragraph, or nothing.
    func applePageLinks(_ kind: EntityKind, _ id: String) -> [Block] {
        let pages = applePages(kind, id)
        guard !pages.isEmpty else { return [] }
        return [.paragraph([.text("Apple's documentation: ")] + pages.enumerated().flatMap { index, source -> [Inline] in
            (index > 0 ? [.text(", ")] : []) + [.link([.text(source.title)], .external(source.url))]
        } + [.text(".")])]
    }
}
