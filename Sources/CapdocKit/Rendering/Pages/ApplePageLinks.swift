/// Links from an entity's page to Apple's own page about it: the sources whose availability claims
/// are about that entity alone (the API's or the key's reference page).
extension PageContext {
    /// The fact kinds whose claims make a source the reference page of an entity of this kind.
    static func availabilityKinds(_ kind: EntityKind) -> [FactKind] {
        switch kind {
        case .service: [.serviceOnPlatform]
        case .key: [.keyExists]
        case .request: [.requestAvailable]
        case .api: [.apiAvailable]
        case .platform, .level, .status, .bundle, .state, .trigger, .choice, .source: []
        }
    }

    /// For each kind and entity id, the sources whose availability claims are about that entity alone,
    /// newest copy first. Worked out once for all pages: scanning every claim for every
    /// entity page is quadratic at thousands of services.
    static func referencePages(_ model: ContentModel) -> [EntityKind: [String: [Source]]] {
        var result: [EntityKind: [String: [Source]]] = [:]
        let sources = model.sources.sorted { ($0.date ?? "", $0.id.value) > ($1.date ?? "", $1.id.value) }
        for kind in [EntityKind.service, .key, .request, .api] {
            let kinds = availabilityKinds(kind)
            var pages: [String: [Source]] = [:]
            for source in sources {
                var subjects = Set<String>()
                for claim in source.claims where kinds.contains(claim.fact) {
                    if case let .named(ids) = claim.scope.subjects { subjects.formUnion(ids.map(\.value)) } else { subjects.insert("*") }
                }
                guard subjects.count == 1, let id = subjects.first, id != "*" else { continue }
                pages[id, default: []].append(source)
            }
            result[kind] = pages
        }
        return result
    }

    /// Apple's page about the entity: its reference pages, two copies of one page linked once (the newest).
    func applePages(_ kind: EntityKind, _ id: String) -> [Source] {
        var seenURLs = Set<String>()
        return (referencePages[kind]?[id] ?? []).filter { seenURLs.insert($0.url).inserted }
    }

    /// "Apple's documentation: requestAlwaysAuthorization()" as a paragraph, or nothing.
    func applePageLinks(_ kind: EntityKind, _ id: String) -> [Block] {
        let pages = applePages(kind, id)
        guard !pages.isEmpty else { return [] }
        return [
            .paragraph(
                [.text("\(vocabulary.domain.vendorPossessive) documentation: ")]
                    + pages.enumerated().flatMap { index, source -> [Inline] in
                        (index > 0 ? [.text(", ")] : []) + [.link([.text(source.title)], .external(source.url))]
                    } + [.text(".")])
        ]
    }
}
