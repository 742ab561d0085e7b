/// Reads `domain.yaml`: the words that name what the Content is about, and its optional concepts
/// (see `Domain`). Every field but `framework`, `facts`, `version` and `source-hosts` is required: a page titled by a default
/// would speak of no domain at all, and a concept left unsaid would be guessed.
enum DomainReader {
    static let file = "domain.yaml"
    static let fields = [
        "name", "full-name", "man-page", "services", "purpose", "usage-example", "usage-hint", "status-api", "vendor", "key", "keys", "callback",
        "deployment-target", "key-file", "key-snippet", "key-style", "framework", "sandbox-entitlement", "summary", "relaunch", "flow",
        "facts", "version", "source-hosts",
    ]

    static func domain(_ node: YAMLNode, diagnostics: inout [Diagnostic]) -> Domain? {
        guard let reader = MappingReader(node, what: "domain", allowed: fields, diagnostics: &diagnostics) else { return nil }
        // Sentences (the purpose, the summary, the usage) may be long; names are printed on every page.
        let sentences: Set = ["purpose", "usage-example", "usage-hint", "summary"]
        func text(_ field: String) -> Located<String>? {
            let maximumLength = sentences.contains(field) ? nil : ValueReader.maximumLineFieldLength
            return reader.require(field, diagnostics: &diagnostics).flatMap {
                ValueReader.nonEmptyString($0, field: field, maximumLength: maximumLength, diagnostics: &diagnostics)
            }
        }
        func flag(_ field: String) -> Bool? {
            reader.require(field, diagnostics: &diagnostics).flatMap { ValueReader.boolean($0, field: field, diagnostics: &diagnostics) }?.value
        }
        let name = text("name"), fullName = text("full-name"), manPage = text("man-page"), services = text("services")
        let purpose = text("purpose"), usageExample = text("usage-example"), usageHint = text("usage-hint"), statusAPI = text("status-api"),
            summary = text("summary")
        let vendor = text("vendor"), key = text("key"), keys = text("keys"), callback = text("callback"), deploymentTarget = text("deployment-target")
        let framework = reader.node("framework").flatMap { ValueReader.nonEmptyString($0, field: "framework", diagnostics: &diagnostics) }
        let sandboxEntitlement = reader.node("sandbox-entitlement").flatMap {
            ValueReader.nonEmptyString($0, field: "sandbox-entitlement", diagnostics: &diagnostics)
        }
        let relaunch = flag("relaunch"), flow = flag("flow")
        // A snippet is written into a file: the two come together.
        let keyFile = reader.node("key-file").flatMap { ValueReader.nonEmptyString($0, field: "key-file", diagnostics: &diagnostics) }
        let keySnippet = reader.node("key-snippet").flatMap { ValueReader.nonEmptyString($0, field: "key-snippet", diagnostics: &diagnostics) }
        if let keySnippet, keyFile == nil {
            diagnostics.append(
                Diagnostic(
                    .error, "'key-snippet' needs 'key-file', the file the snippet goes into (such as Info.plist)", at: keySnippet.location, check: .missingField
                ))
        }
        var keyStyle = Domain.KeyStyle.plist
        if let node = reader.node("key-style"), let style = ValueReader.nonEmptyString(node, field: "key-style", diagnostics: &diagnostics) {
            if let known = Domain.KeyStyle(rawValue: style.value) {
                keyStyle = known
            } else {
                let styles = Domain.KeyStyle.allCases.map(\.rawValue)
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "key-style '\(DisplayText.line(style.value))' is not one of \(styles.joined(separator: ", "))\(Suggestions.phrase(for: style.value, in: styles))",
                        at: style.location, check: .wrongType))
            }
        }
        if let keySnippet, !keySnippet.value.contains("{key}") {
            diagnostics.append(Diagnostic(.error, "'key-snippet' must hold {key}, where the key's name goes", at: keySnippet.location, check: .wrongType))
        }
        // The Content's release, which the dataset carries so that a tool can pin it: one word.
        let version = reader.node("version").flatMap { ValueReader.nonEmptyString($0, field: "version", diagnostics: &diagnostics) }
        if let version, version.value.contains(where: { $0.isWhitespace }) {
            diagnostics.append(Diagnostic(.error, "version '\(version.value)' must be one word, such as 2026.11.28", at: version.location, check: .wrongType))
        }
        // The man page's name is a file name and an argument of `man`, like an id.
        if let manPage, !Identifier.isKebabCase(manPage.value) {
            diagnostics.append(
                Diagnostic(
                    .error, "man page name '\(manPage.value)' must be kebab-case (lowercase letters, digits, single hyphens)",
                    at: manPage.location, check: .unsafeID))
        }
        // The hosts sources may be on (`source-hosts`): lowercase ASCII host names.
        let sourceHosts =
            (reader.node("source-hosts").flatMap { ValueReader.stringList($0, field: "source-hosts", allowScalar: false, diagnostics: &diagnostics) } ?? [])
            .filter { host in
                let plain =
                    !host.value.isEmpty
                    && host.value.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
                if !plain {
                    diagnostics.append(
                        Diagnostic(
                            .error, "source host '\(DisplayText.line(host.value))' must be a lowercase ASCII host name, such as developer.apple.com",
                            at: host.location, check: .wrongType))
                }
                return plain
            }
        let factTitles = reader.node("facts").map { self.factTitles($0, diagnostics: &diagnostics) } ?? [:]
        guard let name, let fullName, let manPage, let services, let purpose, let usageExample, let usageHint, let statusAPI, let summary, let relaunch,
            let flow, let vendor, let key, let keys, let callback, let deploymentTarget
        else { return nil }
        return Domain(
            name: name.value, fullName: fullName.value, manPage: manPage.value, services: services.value, purpose: purpose.value,
            usageExample: usageExample.value, usageHint: usageHint.value, statusAPI: statusAPI.value, vendor: vendor.value, key: key.value,
            keys: keys.value, callback: callback.value, deploymentTarget: deploymentTarget.value, keyFile: keyFile?.value,
            keySnippet: keySnippet?.value, keyStyle: keyStyle, framework: framework?.value ?? "",
            sandboxEntitlement: sandboxEntitlement?.value, summary: summary.value,
            relaunch: relaunch, flow: flow, factTitles: factTitles,
            version: version?.value, sourceHosts: sourceHosts.map(\.value))
    }

    /// `facts`: a mapping from fact kind to its title in the domain's words.
    private static func factTitles(_ node: YAMLNode, diagnostics: inout [Diagnostic]) -> [FactKind: String] {
        guard let pairs = node.pairs else {
            diagnostics.append(
                Diagnostic(
                    .error, "expected 'facts' to be a mapping of fact kinds to titles, found \(node.kindDescription)",
                    at: node.location, check: .wrongType))
            return [:]
        }
        var titles: [FactKind: String] = [:]
        for index in pairs.indices {
            let key = pairs.key(index)
            guard let name = key.text, let kind = FactKind(rawValue: name) else {
                let written = key.text ?? ""
                diagnostics.append(
                    Diagnostic(
                        .error, "unknown fact kind '\(written)'\(Suggestions.phrase(for: written, in: FactKind.allCases.map(\.rawValue)))",
                        at: key.location, check: .unknownID))
                continue
            }
            if let title = ValueReader.nonEmptyString(pairs.value(index), field: name, diagnostics: &diagnostics) {
                titles[kind] = title.value
            }
        }
        return titles
    }
}

extension ContentLoader {
    /// The domain of the Content at `root` alone, without loading the rest; nil when `domain.yaml`
    /// cannot be read (`capdoc check` says why). For words that are needed before any Content is
    /// loaded, such as the command's help.
    public func domain(at root: String) -> Domain? {
        guard case let .success(data) = fileSystem.contents(of: joinPath(root, DomainReader.file), limit: Self.largestFile),
            case let .success(node?) = YAMLParser.parse(data, path: joinPath(root, DomainReader.file))
        else { return nil }
        var ignored: [Diagnostic] = []
        return DomainReader.domain(node, diagnostics: &ignored)
    }
}
