/// A cell of the matrix that no claim decides.
enum UndecidedCellCheck: Check {
    public static let id = CheckID.undecidedCell
    public static let severity = Severity.warning
    public static let summary = "A service × platform × level cell of the matrix has no claim that decides it."
    static let documentation = """
        For every service, platform and access level that the platform offers, the model should say whether \
        the service works (`service-available`) and, where the domain has relaunches (`relaunch: true` in \
        domain.yaml), whether the system relaunches the app for it (`launches-terminated-app`). A cell that no claim covers is shown as \"unknown\" in every output. \
        This is a warning: encode a source that decides it, or accept the gap (`--warnings-as-errors` makes \
        it an error).
        """

    public static func run(_ context: CheckContext) -> [Diagnostic] {
        let merge = context.merge
        let cells = merge.cells
        // Relaunch cells only where the domain has relaunches: elsewhere no claim could decide them.
        let kinds: [FactKind] = [.serviceAvailable, .launchesTerminatedApp].filter(context.model.vocabulary.domain.has)
        // Cells in an unresolved contradiction are decided by claims, just not yet agreed on: that is an error elsewhere.
        var disputed = Set<Int>()
        for contradiction in merge.contradictions where contradiction.adjudication == nil && kinds.contains(contradiction.kind) {
            for subject in contradiction.subjects {
                for platform in contradiction.platforms {
                    for level in contradiction.levels {
                        if let cell = cells.cell(kind: contradiction.kind, subject: subject, platform: platform, level: level) { disputed.insert(cell) }
                    }
                }
            }
        }
        // Levels a platform does not offer have no cells to decide; asked once per platform, not per service.
        let offered = cells.platforms.map { platform in
            cells.levels.indices.filter { merge.fact(.levelSupported, subject: cells.levels[$0], platform: platform)?.value != .boolean(false) }
        }
        // Cells are addressed by position: the matrix has services × platforms × levels of them.
        let onPlatformKind = FactKind.serviceOnPlatform.ordinal
        let kindOrdinals = kinds.map(\.ordinal)
        var diagnostics: [Diagnostic] = []
        var undecided = 0
        for (service, entity) in context.model.vocabulary.all(.service).enumerated() {
            for platform in cells.platforms.indices {
                let onPlatform = cells.index(kind: onPlatformKind, takesLevels: false, subject: service, platform: platform, level: 0)
                if merge.factSlice(cell: onPlatform).contains(where: { $0.value == .boolean(false) && $0.os.until == nil }) { continue }
                for level in offered[platform] {
                    for (kind, ordinal) in zip(kinds, kindOrdinals) {
                        let cell = cells.index(kind: ordinal, takesLevels: true, subject: service, platform: platform, level: level)
                        guard merge.factSlice(cell: cell).isEmpty, !disputed.contains(cell) else { continue }
                        undecided += 1
                        // Past a hundred, the cells are listed on the site and in the JSON as "unknown"; one more
                        // warning counts the rest, so that the diagnostics stay proportionate to the Content.
                        guard undecided <= Self.listed else { continue }
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "no claim decides \(kind.rawValue) for \(entity.id.value) under \(cells.levels[level]) on \(cells.platforms[platform])",
                                at: entity.id.location, check: Self.id))
                    }
                }
            }
        }
        if undecided > Self.listed {
            diagnostics.append(
                Diagnostic(
                    .warning, "and \(undecided - Self.listed) more cells that no claim decides (each shows as unknown in the outputs)",
                    at: .file(joinPath(context.model.root, "services.yaml")), check: Self.id))
        }
        return diagnostics
    }

    static let listed = 100
}
