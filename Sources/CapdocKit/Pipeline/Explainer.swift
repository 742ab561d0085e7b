/// `capdoc explain TERM`: finds the entity a term names — an id, an Info.plist key, a name or an API —
/// and renders its page with an existing renderer (man or Markdown, both through cmark).
public struct Explainer: Sendable {
    public let input: RenderInput

    public init(model: ContentModel, merge: MergeResult) {
        input = RenderInput(CompiledModel(model: model, merge: merge))
    }

    public struct Match: Sendable, Hashable {
        public var kind: EntityKind
        public var id: String
    }

    static let order: [EntityKind] = [.service, .platform, .level, .status, .key, .request, .api, .bundle]

    /// Every entity the term names, case-insensitively, best first: ids, then `request-ID` (the man
    /// page name of requests), then names, then API names.
    public func matches(_ term: String) -> [Match] { Self.matches(term, in: input.compiled.vocabulary) }

    /// `matches(_:)` over a vocabulary alone (what `query` resolves its terms with).
    public static func matches(_ term: String, in vocabulary: Vocabulary) -> [Match] {
        let wanted = term.lowercased().trimmingCharacters(in: .whitespaces)
        var found: [Match] = []
        func add(_ match: Match) { if !found.contains(match) { found.append(match) } }
        for kind in Self.order {
            for entity in vocabulary.all(kind) where entity.id.value.lowercased() == wanted { add(Match(kind: kind, id: entity.id.value)) }
        }
        if wanted.hasPrefix("request-") {
            let id = String(wanted.dropFirst("request-".count))
            if vocabulary.contains(.request, id) { add(Match(kind: .request, id: id)) }
        }
        // A name written in full comes before one that matches without its parameters or type:
        // `CLServiceSession` is the class before it is the API of `CLServiceSession(authorization: .always)`.
        func names(_ entity: Entity) -> [String] { [entity.name] + entity.apis + ["api", "symbol", "objc", "label"].compactMap { entity.attributes[$0] } }
        for kind in Self.order {
            for entity in vocabulary.all(kind) where names(entity).contains(where: { $0.lowercased() == wanted }) {
                add(Match(kind: kind, id: entity.id.value))
            }
        }
        // Then a member with its parameter list as written: `authorizationStatus()` is the class method
        // `CLLocationManager.authorizationStatus()`, not the property `CLLocationManager.authorizationStatus`.
        if wanted.contains("(") {
            for kind in Self.order {
                for entity in vocabulary.all(kind) where names(entity).contains(where: { Self.memberForms($0).contains(wanted) }) {
                    add(Match(kind: kind, id: entity.id.value))
                }
            }
        }
        for kind in Self.order {
            for entity in vocabulary.all(kind) where names(entity).contains(where: { Self.forms($0).contains(Self.normalize(wanted)) }) {
                add(Match(kind: kind, id: entity.id.value))
            }
        }
        return found
    }

    /// API names match with or without their parameter list (`requestAlwaysAuthorization` finds
    /// `requestAlwaysAuthorization()`) and without the type they belong to (`fetchAssets` finds
    /// `PHAsset.fetchAssets(with:)`, `authorizationStatus` finds `PHPhotoLibrary.authorizationStatus`).
    static func normalize(_ name: String) -> String {
        var text = name.lowercased()
        if let parenthesis = text.firstIndex(of: "(") { text = String(text[..<parenthesis]) }
        return text
    }

    /// The member part of a name with a type prefix, parameters and all
    /// (`CLLocationManager.authorizationStatus()` → `authorizationStatus()`); nil for any other name.
    /// Only a member (lowercase) drops its type: `CLServiceSession.Diagnostic` is a type of its own,
    /// and an entitlement's dots are part of its name.
    static func member(of name: String) -> String? {
        let head = name.prefix { $0 != "(" }
        guard !name.hasPrefix("com."), let dot = head.lastIndex(of: "."), head[head.index(after: dot)...].first?.isLowercase == true else {
            return nil
        }
        return String(name[name.index(after: dot)...])
    }

    /// The forms a vocabulary name matches under: itself, and without its type prefix.
    static func forms(_ name: String) -> [String] {
        [normalize(name)] + (member(of: name).map { [normalize($0)] } ?? [])
    }

    /// The same forms with the parameter list kept (lowercased).
    static func memberForms(_ name: String) -> [String] {
        [name.lowercased()] + (member(of: name).map { [$0.lowercased()] } ?? [])
    }

    /// Terms to suggest for a miss: every id, key and API name.
    public func candidates() -> [String] {
        let vocabulary = input.compiled.vocabulary
        return Self.order.flatMap { kind in
            vocabulary.all(kind).flatMap { [$0.id.value] + $0.apis + [$0.attributes["api"], $0.attributes["symbol"]].compactMap { $0 } }
        }
    }

    /// The best match of a term; an `UnknownID` of no kind (an unknown term) when nothing matches.
    public func resolve(_ term: String) throws(UnknownID) -> Match {
        if let match = matches(term).first { return match }
        throw UnknownID(kind: nil, id: term, candidates: candidates())
    }

    func page(for match: Match) -> Page? {
        input.page(PageRef(match.kind.plural, match.id))
    }

    /// The page as a man page (for a terminal, through man's formatter and pager).
    public func man(_ match: Match) -> String? {
        guard let page = page(for: match) else { return nil }
        return ManRenderer().render(page, input).first.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// The page as CommonMark (for pipes and files).
    public func markdown(_ match: Match) -> String? {
        guard let page = page(for: match) else { return nil }
        return PageDocumentBuilder(format: .markdown, page: page).rendered()
    }
}
