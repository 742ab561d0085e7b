/// Two pages would get the same man page name, so one man page would replace the other.
enum ManPageCollisionCheck: Check {
    public static let id = CheckID.manPageCollision
    public static let summary = "Two entities would get the same man page name."
    static let documentation = """
        Every platform, level, status, service, key and request has a man page in section 7, named `capdoc-` and its id (a key by its name, a request `capdoc-request-ID`), beside the matrix overview (`capdoc-` and `man-page` in `domain.yaml`) and `capdoc-authorization-flow`. Ids of different kinds may be equal elsewhere, but not here: a service with the id `request-always` would take the man page of the request `always`. Rename one of the two.
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        var owners: [String: (description: String, location: SourceLocation?)] = [
            ManPageNames.overview(vocabulary.domain): ("the matrix overview", nil),
            ManPageNames.flow: ("the authorization flow", nil),
        ]
        var diagnostics: [Diagnostic] = []
        for kind in ManPageNames.kindsWithPages {
            for entity in vocabulary.all(kind) {
                let name = ManPageNames.entity(kind, entity.id.value)
                let description = "\(kind.rawValue) '\(entity.id.value)'"
                guard let owner = owners[name] else {
                    owners[name] = (description, entity.id.location)
                    continue
                }
                diagnostics.append(
                    Diagnostic(
                        .error, "\(description) would get the man page name '\(name)', which \(owner.description) has; rename one of them",
                        at: entity.id.location, check: id,
                        notes: owner.location.map { [DiagnosticNote("\(owner.description) is here", at: $0)] } ?? []))
            }
        }
        return diagnostics
    }
}
