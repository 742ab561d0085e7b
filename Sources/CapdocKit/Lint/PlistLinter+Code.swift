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
    /// they need no explicit request (`explicit-request-required: false` under the least level).
    func requestsInCode(_ code: [CodeUse], scope: Scope) -> [String: [CodeUse]] {
        var requests: [String: [CodeUse]] = [:]
        for use in code {
            switch use.use {
            case let .request(request):
                requests[request, default: []].append(use)
            case let .service(service):
                // Read under the least level (When In Use): a service that asks by itself grants at most
                // that level, so an app that never calls a request method gets no more than it; under
                // Always the sources say an app still asks.
                let explicit = scope.relevant(
                    answers.holding(.explicitRequestRequired, subject: service, platform: scope.platform, level: model.vocabulary.ids(.level).first))
                if explicit.contains(where: { $0.value == .boolean(false) }), let least = leastAccessRequest {
                    requests[least, default: []].append(use)
                }
            }
        }
        return requests
    }

    /// The platforms' `compile-conditions` (platforms.yaml), for a code scanner to decide which
    /// platforms compile a call; platforms without them are left out (their calls count everywhere).
    public var compileConditions: [String: [String]] {
        var conditions: [String: [String]] = [:]
        for id in model.vocabulary.ids(.platform) {
            guard let list = model.vocabulary.entity(.platform, id)?.attributes["compile-conditions"] else { continue }
            conditions[id] = list.split(separator: " ").map(String.init)
        }
        return conditions
    }

    /// A call compiled for a platform where the sources say its request does not exist
    /// (`request-available: false` from the deployment target on): Always on tvOS and visionOS.
    func requestsNotOnPlatform(_ subject: LintSubject, scope: Scope) -> [LintFinding] {
        var findings: [LintFinding] = []
        for use in subject.code {
            guard case let .request(request) = use.use else { continue }
            let scope = scope.from(use.runsFrom[scope.platform])
            let facts = scope.relevant(answers.holding(.requestAvailable, subject: request, platform: scope.platform))
            guard !facts.isEmpty, facts.allSatisfy({ $0.value == .boolean(false) }) else { continue }
            let whereText = joined(facts.map { scope.clipped($0.os) }).map { on(scope.platform, $0) }.joined(separator: " and ")
            let by = use.dependency.map { " in the dependency \($0)" } ?? ""
            let fix =
                use.dependency == nil
                ? "compile it only for the platforms that have it (#if os(…), @available(…, unavailable))"
                : "the dependency needs a build for this platform without it"
            findings.append(
                LintFinding(
                    rule: .requestNotOnPlatform, key: request,
                    message:
                        "\(use.api)\(by) (\(model.vocabulary.entity(.request, request)?.name ?? request)) does not exist \(whereText): the sources say the system does not have it there; \(fix)",
                    location: use.location, sources: facts.flatMap(\.sources), claims: facts.flatMap(\.claims)))
        }
        return findings
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
        // A dependency's calls are its authors' to guard; what the app must do about them is declare the keys.
        for use in subject.code where use.dependency == nil {
            guard case let .service(service) = use.use else { continue }
            // A call behind `#available(iOS 17, *)` runs from iOS 17 on, whatever the deployment target.
            let guarded = use.runsFrom[scope.platform].map { version in scope.target.map { version > $0 } ?? false } ?? false
            let scope = scope.from(use.runsFrom[scope.platform])
            // The support the matrix shows, from the same answers as every output.
            let unavailable = answers.answers(service: service).support(platform: platformPosition, level: levelPosition)
                .filter { segment in
                    segment.support.availability == .value(.boolean(false))
                        && (scope.target.map { segment.os.overlaps(VersionRange(from: $0)) } ?? (segment.os.until == nil))
                }
            guard !unavailable.isEmpty, seen.insert("\(service) \(use.location)").inserted else { continue }
            let ranges = joined(unavailable.map { scope.clipped($0.os) }).map { on(scope.platform, $0) }.joined(separator: " and ")
            let levelName = model.vocabulary.entity(.level, level)?.name ?? level
            let target =
                guarded
                ? scope.target.map { "from \(platformName(scope.platform)) \($0), as the call's availability check says" } ?? ""
                : scope.target.map { "deployment target \(platformName(scope.platform)) \($0)" } ?? "newest versions"
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
