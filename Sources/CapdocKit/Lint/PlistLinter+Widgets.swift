/// The rule that spans two bundles of a project: a widget that opts in to the service runs under
/// its containing app's authorization, so the app's Info.plist must hold the usage strings.
extension PlistLinter {
    /// Findings for a widget extension that sets an opt-in key (`keys.yaml` `widget-opt-in`) when
    /// none of the project's apps (`apps`, on the widget's platform) has the keys a When In Use
    /// request needs there. Nothing when the project has no app on that platform: the containing
    /// app is elsewhere.
    public func containingAppFindings(widget: LintSubject, apps: [LintSubject]) -> [LintFinding] {
        guard widget.bundle == .widgetExtension else { return [] }
        return model.vocabulary.entities(.key, with: "widget-opt-in").flatMap { entity in
            containingAppFindings(widget: widget, apps: apps, key: entity.id.value, notes: entity.attributes["widget-opt-in"]!)
        }
    }

    /// `notes`: the topic of the `note` facts that the finding cites.
    private func containingAppFindings(widget: LintSubject, apps: [LintSubject], key: String, notes topic: String) -> [LintFinding] {
        guard widget.plist[key] == .boolean(true) else { return [] }
        let candidates = apps.filter { $0.bundle == .app && $0.platform == widget.platform }
        guard !candidates.isEmpty else { return [] }
        let scope = Scope(platform: widget.platform, target: widget.deploymentTarget)
        var needed: Set<String> = []
        var facts: [Fact] = []
        for fact in scope.relevant(answers.holding(.requestKeys, subject: leastAccessRequest ?? "", platform: widget.platform)) {
            if case let .keys(keys) = fact.value { needed.formUnion(keys); facts.append(fact) }
        }
        guard !needed.isEmpty else { return [] }
        func hasStrings(_ app: LintSubject) -> Bool {
            needed.allSatisfy { key in
                if case let .string(text)? = app.plist[key] { return !InvisibleText.isBlank(text) }
                return false
            }
        }
        guard !candidates.contains(where: hasStrings) else { return [] }
        let notes = model.vocabulary.ids(.platform).flatMap { merge.facts(.note, subject: topic, platform: $0) }
        let cited = facts + notes
        let appNames = candidates.map { $0.target ?? $0.file }.sorted().joined(separator: ", ")
        return [
            LintFinding(
                rule: .containingAppKeyMissing, key: key,
                message:
                    "the widget sets \(key), but its containing app (\(appNames)) lacks \(needed.sorted().joined(separator: ", ")): the app must request authorization for the widget, with its own usage strings",
                location: widget.location(of: key),
                sources: cited.flatMap(\.sources), claims: cited.flatMap(\.claims))
        ]
    }
}
