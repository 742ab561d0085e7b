/// What a deprecation says to use instead, as a developer would type it and linked to its page: a
/// source names the replacement in its own words ("addConditionForMonitoring:identifier:", the
/// Objective-C selector of Apple's deprecation message); where those words are a name, a Swift API
/// or an Objective-C name of a service, API, request or key of the vocabulary, the cell shows that
/// entity's Swift name (`CLMonitor`) with a link to its page. Other words stay as the source wrote them.
struct ReplacementLinks: Sendable {
    /// Each name a replacement may be written as, with the entity and the name shown for it.
    private let targets: [String: (kind: EntityKind, id: String, shown: String)]

    init(_ vocabulary: Vocabulary) {
        var targets: [String: (kind: EntityKind, id: String, shown: String)] = [:]
        for kind in [EntityKind.key, .request, .api, .service] {
            for entity in vocabulary.all(kind) {
                // The Swift name a developer types: the key itself, the request's API, the API's symbol, the service's first API.
                let shown =
                    kind == .key ? entity.id.value : Self.member(entity.attributes["api"] ?? entity.attributes["symbol"] ?? entity.apis.first ?? entity.name)
                let objc = entity.attributes["objc"].map { $0.split(separator: " ").map(String.init) } ?? []
                // The first entity to claim a name keeps it: keys, then requests, APIs and services.
                for name in [entity.id.value, entity.name, shown] + entity.apis + objc where targets[name] == nil {
                    targets[name] = (kind, entity.id.value, shown)
                }
            }
        }
        self.targets = targets
    }

    /// A method as it is called: `locationManagerDidChangeAuthorization(_:)` for
    /// `CLLocationManagerDelegate.locationManagerDidChangeAuthorization(_:)` (the type is on its page).
    static func member(_ symbol: String) -> String {
        guard let parenthesis = symbol.firstIndex(of: "("), let dot = symbol[..<parenthesis].lastIndex(of: ".") else { return symbol }
        return String(symbol[symbol.index(after: dot)...])
    }

    /// " (use X)" where X links to the replacement's page; the source's words where nothing has them as a name.
    func inlines(_ replacement: String, context: PageContext) -> [Inline] {
        guard let target = targets[replacement] else { return [.text(" (use \(replacement))")] }
        return [.text(" (use "), .link([.code(target.shown)], .page(context.ref(target.kind, target.id))), .text(")")]
    }
}
