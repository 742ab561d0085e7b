/// What `capdoc query` accepts where it asks for an id: the id, or what `capdoc explain` finds for
/// the term among entities of that kind (a name, an API, an Info.plist key, case-insensitively, with
/// or without parameters); a platform also by Xcode's names (`iphoneos`, `xros`); a flow state,
/// trigger or choice by its name (`requestWhenInUseAuthorization()`). A term that names nothing is
/// given back as written, so that the query says it is unknown, with the nearest ids.
public struct QueryTerms: Sendable {
    let vocabulary: Vocabulary

    public init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
    }

    /// The platform a query is for: the term, or the Content's first platform when none is given.
    public func platform(_ term: String?) -> String {
        term.map { id($0, as: .platform) } ?? vocabulary.ids(.platform).first ?? ""
    }

    public func id(_ term: String, as kind: EntityKind) -> String {
        if vocabulary.contains(kind, term) { return term }
        switch kind {
        case .platform:
            return PlatformNames(vocabulary: vocabulary).platform(named: term) ?? term
        case .state, .trigger, .choice, .source:
            let wanted = Explainer.normalize(term.trimmingCharacters(in: .whitespaces))
            let found = vocabulary.all(kind).first { entity in
                [entity.id.value, entity.name].contains { Explainer.normalize($0) == wanted }
            }
            return found?.id.value ?? term
        case .service, .level, .status, .key, .request, .api, .bundle:
            return Explainer.matches(term, in: vocabulary).first { $0.kind == kind }?.id ?? term
        }
    }
}
