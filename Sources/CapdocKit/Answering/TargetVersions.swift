extension AnswerTable {
    /// Every version of the platform that starts a deployment-target page, oldest first, before
    /// `VersionPageLimit`: the versions at which some service or request changes, only those the
    /// platform declares (`versions` in `platforms.yaml`), or, where it declares none, each major
    /// version of one (issue 41: 4,000 claims each `from` a version of its own wrote 8,420 pages).
    /// The pages and `version-pages-limited` read it.
    func targetVersions(_ platform: String) -> [Version] {
        // The bounds alone, not the answers between them: working out every timeline of every service
        // on every platform costs seconds at thousands of services. Every service's and request's
        // cells (the merge numbers the vocabulary's), and a cell that each one's gates require read
        // once, not once for each (`DistinctCellBounds`).
        var distinct = DistinctCellBounds(platform: platform)
        collectBounds(ofEverySubject: .serviceAvailable, levels: vocabulary.ids(.level), into: &distinct)
        collectBounds(ofEverySubject: .serviceDeprecated, levels: [nil], into: &distinct)
        collectBounds(ofEverySubject: .requestKeys, levels: [nil], into: &distinct)
        return Self.versionsStartingPages(distinct.bounds.sorted, declared: vocabulary.declaredVersions(of: platform))
    }

    /// The versions among `bounds` (sorted) that start a page: those the platform declares, or, where
    /// it declares none, each major version of one.
    static func versionsStartingPages(_ bounds: [Version], declared: Set<Version>?) -> [Version] {
        if let declared { return bounds.filter(declared.contains) }
        var majors: [Version] = []
        for bound in bounds {
            guard let major = bound.components.first.flatMap({ Version("\($0)") }), major != majors.last else { continue }
            majors.append(major)
        }
        return majors
    }
}
