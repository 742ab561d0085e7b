/// The rules for a kind of bundle that may do less than an app (`bundles.yaml`: an App Clip may
/// not hold Always authorization nor run in the background), from `bundle-level-supported` and
/// `bundle-background` facts. A bundle kind that `bundles.yaml` doesn't list has no limits.
extension PlistLinter {
    /// `requests`: the requests the bundle makes; `inferredFrom`: what points to each (keys, calls),
    /// empty when the requests were given.
    func bundleLimitFindings(_ subject: LintSubject, requests: [String], inferredFrom: [String: [String]], scope: Scope) -> [LintFinding] {
        guard let bundle = model.vocabulary.entity(.bundle, subject.bundle.id) else { return [] }
        let bundleName = withIndefiniteArticle(bundle.name)
        var findings: [LintFinding] = []
        for request in requests {
            guard let level = model.vocabulary.entity(.request, request)?.attributes["level"] else { continue }
            let limits = BundleLimits(merge: merge, bundle: bundle, platform: scope.platform, level: level, at: scope.target)
            guard limits.closesLevel else { continue }
            let levelName = model.vocabulary.entity(.level, level)?.name ?? level
            let because = inferredFrom[request].map { ", inferred from \($0.joined(separator: ", "))" } ?? ""
            // Point at the key that asks for the level, where one is written; otherwise at the plist.
            let key = (inferredFrom[request] ?? []).first { subject.plist[$0] != nil }
            findings.append(
                LintFinding(
                    rule: .levelNotAllowedInBundle, key: key ?? request,
                    message:
                        "\(bundleName) may not hold \(levelName) authorization, yet it makes \(requestName(request))\(because); remove it and ask for a level \(bundleName) may hold",
                    location: key.map(subject.location(of:)) ?? LintLocation(file: subject.file),
                    sources: limits.levelFacts.flatMap(\.sources), claims: limits.levelFacts.flatMap(\.claims)))
        }
        let limits = BundleLimits(merge: merge, bundle: bundle, platform: scope.platform, level: nil, at: scope.target)
        if limits.closesBackground {
            for (key, mode, _) in backgroundModes(in: subject.plist) {
                findings.append(
                    LintFinding(
                        rule: .backgroundModeInBundle, key: key,
                        message: "\(key) holds \(mode), but \(bundleName) may not run in the background; remove the mode",
                        location: subject.location(of: key),
                        sources: limits.backgroundFacts.flatMap(\.sources), claims: limits.backgroundFacts.flatMap(\.claims)))
            }
        }
        return findings
    }
}
