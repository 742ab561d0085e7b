/// A cell of the matrix that no claim decides.
public enum UndecidedCellCheck: Check {
    public static let id = "undecided-cell"
    public static let severity = Severity.warning
    public static let summary = "A service × platform × level cell of the matrix has no claim that decides it."
    public static let documentation = """
    For every service, platform and access level that the platform offers, the model should say whether \
    the service works (`service-available`) and whether it relaunches a terminated app \
    (`launches-terminated-app`). A cell that no claim covers is shown as \"unknown\" in every output. \
    This is a warning: encode a source that decides it, or accept the gap (`--warnings-as-errors` makes \
    it an error).
    """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let vocabulary = context.model.vocabulary
        var diagnostics: [Diagnostic] = []
        // Cells in an unresolved contradiction are decided by claims, just not yet agreed on: that is an error elsewhere.
        var disputed = Set<String>()
        for contradiction in context.merge.contradictions where contradiction.adjudication == nil {
            for subject in contradiction.subjects { for platform in contradiction.platforms { for level in contradiction.levels {
                disputed.insert("\(contradiction.kind.rawValue) \(subject) \(platform) \(level)")
            } } }
        }
        let platforms = vocabulary.ids(.platform)
        let levels = vocabulary.ids(.level)
        // Levels a platform does not offer have no cells to decide; asked once per platform, not per service.
        let offered = Dictionary(uniqueKeysWithValues: platforms.map { platform in
            (platform, levels.filter { context.merge.fact(.levelSupported, subject: $0, platform: platform)?.value != .boolean(false) })
        })
        for service in vocabulary.all(.service) {
            for platform in platforms {
                if context.merge.facts(.serviceOnPlatform, subject: service.id.value, platform: platform)
                    .contains(where: { $0.value == .boolean(false) && $0.os.until == nil }) { continue }
                for level in offered[platform]! {
                    for kind in [FactKind.serviceAvailable, .launchesTerminatedApp]
                    where context.merge.factCount(kind, subject: service.id.value, platform: platform, level: level) == 0
                        && !disputed.contains("\(kind.rawValue) \(service.id.value) \(platform) \(level)") {
                        diagnostics.append(Diagnostic(.warning, "no claim decides \(kind.rawValue) for \(service.id.value) under \(level) on \(platform)",
                                                      at: service.id.location, check: Self.id))
                    }
                }
            }
        }
        // Past a hundred, the cells are listed on the site and in the JSON as "unknown"; one more
        // warning counts the rest, so that the diagnostics stay proportionate to the Content.
        if diagnostics.count > Self.listed {
            let rest = diagnostics.count - Self.listed
            diagnostics = Array(diagnostics.prefix(Self.listed))
            diagnostics.append(Diagnostic(.warning, "and \(rest) more cells that no claim decides (each shows as unknown in the outputs)",
                                          at: .file(joinPath(context.model.root, "services.yaml")), check: Self.id))
        }
        return diagnostics
    }

    static let listed = 100
}
