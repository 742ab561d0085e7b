/// The rules for the localized usage strings beside an Info.plist (`de.lproj/InfoPlist.strings`,
/// `InfoPlist.xcstrings`): the prompt shows the localized string, so each must be as good as the plist's.
extension PlistLinter {
    func localizationFindings(_ subject: LintSubject, requests: [String], scope: Scope) -> [LintFinding] {
        var findings: [LintFinding] = []
        for localization in subject.localizations {
            for (key, entry) in localization.entries.sorted(by: { $0.key < $1.key }) {
                let location = LintLocation(file: localization.path, line: entry.line)
                guard model.vocabulary.contains(.key, key) else {
                    var spelled = misspelled(key: key, subject: subject)
                    for index in spelled.indices {
                        spelled[index].location = location
                        spelled[index].message = "the \(localization.language) localization: " + spelled[index].message
                    }
                    findings += spelled
                    continue
                }
                // A key the platform never reads shows no prompt there: the plist's warning says so.
                guard model.vocabulary.entity(.key, key)?.attributes["type"] == "string", !isNeverRead(key, scope) else { continue }
                let rule: LintFinding.Rule
                let why: String
                if let blank = Self.blankness(of: entry.value) {
                    (rule, why) = (.emptyUsageKey, blank)
                } else if let placeholder = PlaceholderText.reason(
                    entry.value, key: key, label: model.vocabulary.entity(.key, key)?.attributes["label"])
                {
                    (rule, why) = (.placeholderUsageKey, placeholder)
                } else {
                    continue
                }
                let facts = citations(for: key, requests: requests, scope: scope)
                findings.append(
                    LintFinding(
                        rule: rule, key: key,
                        message:
                            "the \(localization.language) localization of \(key) \(why): people using the app in that language see a prompt without a reason",
                        location: location, sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims)))
            }
        }
        return findings
    }
}
