/// The rules that read the app's code (`--sources`): the requests its calls make, and the services
/// it uses that do not work under the authorization it asks for.
extension PlistLinter {
    /// The requests' and services' APIs, as the model spells them in Swift and Objective-C, for a
    /// code scanner to look for.
    public var codeAPIs: [CodeAPI] {
        var apis: [CodeAPI] = []
        func add(_ use: CodeUse.Use, _ entity: Entity) {
            var swift = entity.apis
            if let api = entity.attributes["api"] { swift.append(api) }
            for name in swift { apis.append(CodeAPI(use: use, swift: name, objectiveC: nil)) }
            for selector in entity.attributes["objc"]?.split(separator: " ") ?? [] {
                apis.append(CodeAPI(use: use, swift: nil, objectiveC: String(selector)))
            }
        }
        for id in model.vocabulary.ids(.request) {
            if let entity = model.vocabulary.entity(.request, id) { add(.request(id), entity) }
        }
        for id in model.vocabulary.ids(.service) {
            if let entity = model.vocabulary.entity(.service, id) { add(.service(id), entity) }
        }
        return apis
    }

    /// The requests the code makes, with the calls that make them: the request methods and service
    /// sessions, and the services that ask for authorization by themselves where the sources say
    /// they need no explicit request (`explicit-request-required: false`).
    func requestsInCode(_ code: [CodeUse], scope: Scope) -> [String: [LintLocation]] {
        var requests: [String: [LintLocation]] = [:]
        for use in code {
            switch use.use {
            case let .request(request):
                requests[request, default: []].append(use.location)
            case let .service(service):
                let explicit = scope.relevant(answers.holding(.explicitRequestRequired, subject: service, platform: scope.platform))
                if explicit.contains(where: { $0.value == .boolean(false) }) {
                    requests[Self.backgroundRequest, default: []].append(use.location)
                }
            }
        }
        return requests
    }

    /// A service the code uses that does not work under the highest level the app requests, on
    /// some OS version the app runs on (region monitoring under When In Use on an iOS 12 target).
    /// Only a source's explicit "no" counts: a service missing from a platform is more likely code
    /// behind `#if os(…)` than a mistake.
    func serviceLevels(_ subject: LintSubject, requests: [String], scope: Scope) -> [LintFinding] {
        let levels = Set(requests.compactMap { model.vocabulary.entity(.request, $0)?.attributes["level"] })
        guard !levels.isEmpty else { return [] }
        // The vocabulary lists levels from the least to the most access.
        guard let level = model.vocabulary.ids(.level).last(where: levels.contains) else { return [] }
        guard let platformPosition = model.vocabulary.position(.platform, scope.platform),
            let levelPosition = model.vocabulary.position(.level, level)
        else { return [] }
        var findings: [LintFinding] = []
        var seen: Set<String> = []
        for use in subject.code {
            guard case let .service(service) = use.use else { continue }
            // The support the matrix shows, from the same answers as every output.
            let unavailable = answers.answers(service: service).support(platform: platformPosition, level: levelPosition)
                .filter { segment in
                    segment.support.availability == .value(.boolean(false))
                        && (scope.target.map { segment.os.overlaps(VersionRange(from: $0)) } ?? (segment.os.until == nil))
                }
            guard !unavailable.isEmpty, seen.insert("\(service) \(use.location)").inserted else { continue }
            let ranges = joined(unavailable.map { scope.clipped($0.os) }).map { on(scope.platform, $0) }.joined(separator: " and ")
            let levelName = model.vocabulary.entity(.level, level)?.name ?? level
            let target = scope.target.map { "deployment target \(platformName(scope.platform)) \($0)" } ?? "newest versions"
            let facts = unavailable.flatMap(\.support.facts)
            findings.append(
                LintFinding(
                    rule: .serviceNeedsLevel, key: service,
                    message:
                        "\(use.api) (\(model.vocabulary.entity(.service, service)?.name ?? service)) does not work under \(levelName) authorization \(ranges), the most the app requests (\(target)); request a higher level or guard the call by OS version",
                    location: use.location, sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims)))
        }
        return findings
    }
}
