import Foundation

/// Loads `Content/` into a `ContentModel`, with a diagnostic for every structural problem.
///
/// Loading goes on past errors so that one run reports as much as it can; the model then holds
/// what could be read.
public struct ContentLoader: Sendable {
    public let fileSystem: any FileSystem
    /// Parses kept from the last load (`capdoc serve`): a file whose bytes did not change is not parsed again.
    public let parseCache: ParseCache?

    public init(fileSystem: any FileSystem = DiskFileSystem(), parseCache: ParseCache? = nil) {
        self.fileSystem = fileSystem
        self.parseCache = parseCache
    }

    public struct Result: Sendable {
        public var model: ContentModel
        public var diagnostics: [Diagnostic]
        /// Where each claim's value list of keys was written, by claim reference (for reference checks).
        var keyReferences: [String: [Located<String>]]
    }

    static let adjudicationsFile = "adjudications.yaml"
    static let adjudicationsFolder = "adjudications"
    static let sourcesFolder = "sources"
    /// The files the loader reads at the top of the content folder: any other `.yaml` there is a
    /// mistake (a misspelt or retired vocabulary file), whose entries would otherwise never be read.
    static let topLevelFiles = VocabularyLoader.files.map(\.file) + [VocabularyLoader.flowFile, adjudicationsFile, GateReader.file, DomainReader.file]

    public func load(from root: String) -> Result {
        var diagnostics: [Diagnostic] = []
        var keyReferences: [String: [Located<String>]] = [:]

        guard fileSystem.isDirectory(root) else {
            diagnostics.append(Diagnostic(.error, "content folder '\(root)' does not exist", at: .file(root), check: .missingField))
            return Result(
                model: ContentModel(vocabulary: Vocabulary(), sources: [], adjudications: [], root: root),
                diagnostics: diagnostics, keyReferences: [:])
        }

        diagnostics += unknownFiles(in: root)
        // The domain first: whether there is a flow to read depends on it.
        let domainPath = joinPath(root, DomainReader.file)
        let domain =
            parseRequired(domainPath, diagnostics: &diagnostics).flatMap { DomainReader.domain($0, diagnostics: &diagnostics) }
            // Without a readable domain file (already an error), the concepts the files have are assumed, so
            // that its one error does not bring one about every relaunch and flow claim.
            ?? Domain(relaunch: true, flow: fileSystem.fileExists(joinPath(root, VocabularyLoader.flowFile)))

        // Then the flow: the sources need its states' statuses (for the default status of transitions).
        var flowDiagnostics: [Diagnostic] = []
        let flowPath = joinPath(root, VocabularyLoader.flowFile)
        let flow = domain.flow ? parseRequired(flowPath, diagnostics: &flowDiagnostics) : nil
        if !domain.flow, fileSystem.fileExists(flowPath) || fileSystem.isSymbolicLink(flowPath) {
            flowDiagnostics.append(
                Diagnostic(
                    .error, "'\(VocabularyLoader.flowFile)' is not read: \(DomainReader.file) says the domain has no authorization flow ('flow: false')",
                    at: .file(flowPath), check: .unknownField))
        }
        var states: [String: String] = [:]
        if let flow {
            // A throwaway load of the flow alone: the states are the same as in the whole vocabulary,
            // whose load (and its diagnostics) comes below, in its place.
            var flowOnly = VocabularyLoader()
            var ignored: [Diagnostic] = []
            flowOnly.loadFlow(flow, diagnostics: &ignored)
            for state in flowOnly.vocabulary.all(.state) { states[state.id.value] = state.attributes["status"] }
        }

        var sourceDiagnostics: [Diagnostic] = []
        let sourcesPath = joinPath(root, Self.sourcesFolder)
        if fileSystem.isSymbolicLink(sourcesPath) {
            sourceDiagnostics.append(
                Diagnostic(
                    .error, "'\(sourcesPath)' is a symbolic link; the sources folder must be inside the content folder",
                    at: .file(sourcesPath), check: .unsafeFile))
        }
        let names = fileSystem.isSymbolicLink(sourcesPath) ? [] : (fileSystem.entries(of: sourcesPath) ?? [])
        if !names.contains(where: { $0.hasSuffix(".yaml") }) {
            sourceDiagnostics.append(
                Diagnostic(
                    .error, "no sources: '\(sourcesPath)' has no .yaml files", at: .file(sourcesPath),
                    check: .missingField))
        }
        var files: [(path: String, id: String)] = []
        // Another spelling of the extension would be skipped silently, and its claims never checked.
        for name in names where !name.hasSuffix(".yaml") && [".yml", ".YAML", ".YML", ".Yaml"].contains(where: name.hasSuffix) {
            sourceDiagnostics.append(
                Diagnostic(
                    .error, "'\(name)' is not read: source files end in .yaml", at: .file(joinPath(sourcesPath, name)),
                    check: .unsafeFile))
        }
        for name in names where name.hasSuffix(".yaml") {
            let path = joinPath(sourcesPath, name)
            let id = String(name.dropLast(".yaml".count))
            if let problem = Identifier.problem(with: id, kind: .source) {
                sourceDiagnostics.append(Diagnostic(.error, "source file name: " + problem, at: .file(path), check: .unsafeID))
                continue
            }
            files.append((path, id))
        }

        // The vocabulary and the sources are independent (but for the states, read above): load them
        // on every core, the vocabulary (one large file of services, maybe) beside the first sources,
        // then gather everything in file order.
        let stateStatuses = states
        let sourceFiles = files
        let loader = self
        let flowResult = (flow, flowDiagnostics)
        let parsed = parallelMap(sourceFiles.count + 1) { index -> LoadedPart in
            if index == 0 {
                var (vocabulary, vocabularyDiagnostics) = loader.loadVocabulary(root, flow: flowResult, keyStyle: domain.keyStyle)
                vocabulary.domain = domain
                return .vocabulary(vocabulary, vocabularyDiagnostics)
            }
            var fileDiagnostics: [Diagnostic] = []
            let (path, id) = sourceFiles[index - 1]
            guard let node = loader.parseRequired(path, diagnostics: &fileDiagnostics) else { return .source(nil, fileDiagnostics, [:]) }
            let read = {
                var diagnostics: [Diagnostic] = []
                var references: [String: [Located<String>]] = [:]
                let source = SourceReader.source(
                    node, id: id, path: path, states: stateStatuses, hosts: domain.sourceHosts, diagnostics: &diagnostics, keyReferences: &references)
                return ParseCache.SourceRead(source: source, diagnostics: diagnostics, keyReferences: references)
            }
            let context = ParseCache.SourceReadContext(states: stateStatuses, hosts: domain.sourceHosts)
            let source = loader.parseCache?.source(path, context: context, read: read) ?? read()
            return .source(source.source, fileDiagnostics + source.diagnostics, source.keyReferences)
        }
        var vocabulary = Vocabulary()
        var sources: [Source] = []
        for part in parsed {
            switch part {
            case let .vocabulary(loaded, vocabularyDiagnostics):
                vocabulary = loaded
                diagnostics += vocabularyDiagnostics
                diagnostics += sourceDiagnostics
            case let .source(source, fileDiagnostics, references):
                if let source { sources.append(source) }
                diagnostics += fileDiagnostics
                keyReferences.merge(references) { first, _ in first }
            }
        }

        // Rulings live in adjudications.yaml and, optionally, in files of an adjudications/ folder
        // (one per topic, so that maintainers of different areas don't edit one file), in name order.
        var adjudications: [Adjudication] = []
        var adjudicationIDs: [String: SourceLocation] = [:]
        let adjudicationsFolder = joinPath(root, Self.adjudicationsFolder)
        let adjudicationFiles =
            [joinPath(root, Self.adjudicationsFile)]
            + (fileSystem.isDirectory(adjudicationsFolder) && !fileSystem.isSymbolicLink(adjudicationsFolder)
                ? (fileSystem.entries(of: adjudicationsFolder) ?? []).filter { $0.hasSuffix(".yaml") }.sorted().map { joinPath(adjudicationsFolder, $0) }
                : [])
        for path in adjudicationFiles where fileSystem.fileExists(path) {
            if let node = parseRequired(path, diagnostics: &diagnostics), !node.isNull {
                adjudications += AdjudicationReader.adjudications(node, seen: &adjudicationIDs, diagnostics: &diagnostics)
            }
        }

        // Gates are optional: Content without them answers with each fact as its claims state it.
        var gates: [Gate] = []
        let gatesPath = joinPath(root, GateReader.file)
        if fileSystem.fileExists(gatesPath), let node = parseRequired(gatesPath, diagnostics: &diagnostics), !node.isNull {
            gates = GateReader.gates(node, diagnostics: &diagnostics)
        }

        // The vocabulary is needed to know which platforms a complete list leaves out.
        sources = sources.map { PlatformListCompletion.completed(PlatformVersionStyle.styled($0, vocabulary: vocabulary), vocabulary: vocabulary) }
        diagnostics += Self.undeclaredConcepts(in: sources, domain: domain)
        let model = ContentModel(vocabulary: vocabulary, sources: sources, adjudications: adjudications, gates: gates, root: root)
        return Result(model: model, diagnostics: diagnostics, keyReferences: keyReferences)
    }

    /// The `.yaml` files at the top of the content folder that the loader does not read, and the
    /// folders holding `.yaml` files that it does not read (a misspelt `source/`): claims there would
    /// be dropped without a word.
    private func unknownFiles(in root: String) -> [Diagnostic] {
        let entries = (fileSystem.entries(of: root) ?? []).sorted()
        let names = entries.filter { $0.hasSuffix(".yaml") && !Self.topLevelFiles.contains($0) }
        let files = names.map { name in
            Diagnostic(
                .error,
                "unknown Content file '\(name)'\(Suggestions.phrase(for: name, in: Self.topLevelFiles)); the files at the top of the content folder are \(Self.topLevelFiles.joined(separator: ", "))",
                at: .file(joinPath(root, name)), check: .unknownField)
        }
        let known = [Self.sourcesFolder, Self.adjudicationsFolder]
        let folders = entries.filter { entry in
            let path = joinPath(root, entry)
            return !known.contains(entry) && !entry.hasPrefix(".") && fileSystem.isDirectory(path) && !fileSystem.isSymbolicLink(path)
                && (fileSystem.entries(of: path) ?? []).contains { $0.hasSuffix(".yaml") }
        }
        return files
            + folders.map { name in
                Diagnostic(
                    .error,
                    "the folder '\(name)' holds YAML files that are not read\(Suggestions.phrase(for: name, in: known)); Content's folders are \(known.map { $0 + "/" }.joined(separator: " and "))",
                    at: .file(joinPath(root, name)), check: .unknownField)
            }
    }

    /// Claims of a relaunch or flow kind where the domain has no such concept: their facts would
    /// appear on no page, so they are a mistake, like an unknown fact kind.
    static func undeclaredConcepts(in sources: [Source], domain: Domain) -> [Diagnostic] {
        guard !domain.relaunch || !domain.flow else { return [] }
        return sources.flatMap(\.claims).filter { !domain.has($0.fact) }.map { claim in
            let concept = claim.fact.isFlow ? "an authorization flow ('flow: false')" : "relaunches of terminated apps ('relaunch: false')"
            return Diagnostic(
                .error, "fact kind '\(claim.fact.rawValue)' is not part of this domain: \(DomainReader.file) says it has no \(concept)",
                at: claim.location, check: .unknownID)
        }
    }

    /// The domain and vocabulary of the Content at `root`, without its sources; nil when `domain.yaml`
    /// cannot be read. For the help texts and capdoc(1), which take their examples from the Content
    /// they describe and must not pay for (or fail on) its sources; `capdoc check` reports the mistakes.
    public func vocabulary(at root: String) -> Vocabulary? {
        var ignored: [Diagnostic] = []
        guard let node = parseRequired(joinPath(root, DomainReader.file), diagnostics: &ignored),
            let domain = DomainReader.domain(node, diagnostics: &ignored)
        else { return nil }
        let flow = domain.flow ? parseRequired(joinPath(root, VocabularyLoader.flowFile), diagnostics: &ignored) : nil
        var (vocabulary, _) = loadVocabulary(root, flow: (flow, []), keyStyle: domain.keyStyle)
        vocabulary.domain = domain
        return vocabulary
    }

    /// What one task of the parallel load gives.
    private enum LoadedPart: Sendable {
        case vocabulary(Vocabulary, [Diagnostic])
        case source(Source?, [Diagnostic], [String: [Located<String>]])
    }

    /// Loads the vocabulary files, in order, then the flow (already parsed), with their diagnostics.
    private func loadVocabulary(_ root: String, flow: (node: YAMLNode?, diagnostics: [Diagnostic]), keyStyle: Domain.KeyStyle) -> (Vocabulary, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var vocabulary = VocabularyLoader()
        vocabulary.keyStyle = keyStyle
        for entry in VocabularyLoader.files {
            let path = joinPath(root, entry.file)
            // The API and bundle lists came after the first Content folders were written: without
            // them there are no APIs and no bundle kinds but the app.
            if entry.kind == .api || entry.kind == .bundle, !fileSystem.fileExists(path) { continue }
            guard let node = parseRequired(path, diagnostics: &diagnostics) else { continue }
            vocabulary.loadList(node, kind: entry.kind, extras: entry.extras, diagnostics: &diagnostics)
        }
        // Every service fact is a service × platform × level matrix: platforms and levels are kept to
        // what a capability matrix has, so that its size stays proportionate to the services.
        for (kind, file, limit) in [(EntityKind.platform, "platforms.yaml", Self.mostPlatforms), (.level, "levels.yaml", Self.mostLevels)]
        where vocabulary.vocabulary.all(kind).count > limit {
            diagnostics.append(
                Diagnostic(
                    .error,
                    "\(vocabulary.vocabulary.all(kind).count) \(kind.plural): Content may have at most \(Self.mostPlatforms) platforms and \(Self.mostLevels) levels; only the first \(limit) are used",
                    at: .file(joinPath(root, file)), check: .vocabularyLimit))
            vocabulary.vocabulary.truncate(kind, to: limit)
        }
        let matrixWidth = max(1, vocabulary.vocabulary.all(.platform).count * vocabulary.vocabulary.all(.level).count)
        let services = vocabulary.vocabulary.all(.service).count
        if services * matrixWidth > Self.mostServiceCells {
            let kept = Self.mostServiceCells / matrixWidth
            diagnostics.append(
                Diagnostic(
                    .error,
                    "\(services) services × \(matrixWidth) platform-level pairs is \(services * matrixWidth) cells per service fact; Content may have at most \(Self.mostServiceCells); only the first \(kept) services are used",
                    at: .file(joinPath(root, "services.yaml")), check: .vocabularyLimit))
            vocabulary.vocabulary.truncate(.service, to: kept)
        }
        diagnostics += flow.diagnostics
        if let node = flow.node {
            vocabulary.loadFlow(node, diagnostics: &diagnostics)
        }
        return (vocabulary.vocabulary, diagnostics)
    }

    /// Content files are edited by hand: anything larger is a mistake or an attack, and is refused
    /// before it is read, so that memory and time stay bounded.
    static let largestFile = 8 * 1024 * 1024
    static let mostPlatforms = 32
    static let mostLevels = 8
    /// Services × platforms × levels: 20,000 services on 7 platforms with 2 levels are 280,000.
    static let mostServiceCells = 500_000

    /// Reads and parses a file that must exist and hold a YAML document.
    private func parseRequired(_ path: String, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        if fileSystem.isSymbolicLink(path) {
            diagnostics.append(
                Diagnostic(
                    .error, "'\(path)' is a symbolic link; Content files must be real files inside the content folder, so links are not followed",
                    at: .file(path), check: .unsafeFile))
            return nil
        }
        if let size = fileSystem.size(of: path), size > Self.largestFile {
            diagnostics.append(
                Diagnostic(
                    .error, "file is \(size) bytes; a Content file may be at most \(Self.largestFile) bytes (8 MiB): split it",
                    at: .file(path), check: .unsafeFile))
            return nil
        }
        if fileSystem.isDirectory(path) {
            diagnostics.append(Diagnostic(.error, "'\(path)' is a folder; a Content file must be a regular file", at: .file(path), check: .unsafeFile))
            return nil
        }
        let data: Data
        switch fileSystem.contents(of: path, limit: Self.largestFile) {
        case let .success(read):
            data = read
        case let .failure(.tooLarge(size)):
            // It grew past the limit since its size was looked at.
            diagnostics.append(
                Diagnostic(
                    .error, "file is \(size) bytes; a Content file may be at most \(Self.largestFile) bytes (8 MiB): split it",
                    at: .file(path), check: .unsafeFile))
            return nil
        case .failure:
            if fileSystem.size(of: path) != nil {
                diagnostics.append(
                    Diagnostic(
                        .error, "'\(path)' is not a regular file (a FIFO, socket or device); a Content file must be a regular file",
                        at: .file(path), check: .unsafeFile))
            } else {
                diagnostics.append(Diagnostic(.error, "missing file '\(path)'", at: .file(path), check: .missingField))
            }
            return nil
        }
        let parsed = parseCache?.parsed(path, bytes: data) { Self.parse(data, path: path) } ?? Self.parse(data, path: path)
        diagnostics += parsed.diagnostics
        return parsed.node
    }

    /// A file's tree and what parsing it found: a function of its bytes and path alone (`ParseCache`).
    private static func parse(_ data: Data, path: String) -> ParseCache.Parsed {
        switch YAMLParser.parse(data, path: path) {
        case let .success(node?):
            return ParseCache.Parsed(node: node, diagnostics: ControlCharacters.diagnostics(in: node))
        case .success(nil):
            return ParseCache.Parsed(node: nil, diagnostics: [Diagnostic(.error, "file is empty", at: .file(path), check: .missingField)])
        case let .failure(diagnostic):
            return ParseCache.Parsed(node: nil, diagnostics: [diagnostic])
        }
    }
}

/// Reads one source file.
enum SourceReader {
    static let fields = ["title", "edition", "url", "kind", "date", "archive", "summary", PlatformListCompletion.field, "claims"]
    static let kinds = ["reference", "article", "key-reference", "header", "release-notes"]

    static func source(
        _ node: YAMLNode, id: String, path: String, states: [String: String] = [:], hosts: [String] = [], diagnostics: inout [Diagnostic],
        keyReferences: inout [String: [Located<String>]]
    ) -> Source? {
        guard let reader = MappingReader(node, what: "source", allowed: fields, diagnostics: &diagnostics) else { return nil }
        let title = reader.require("title", diagnostics: &diagnostics).flatMap { ValueReader.nonEmptyString($0, field: "title", diagnostics: &diagnostics) }
        let url = reader.require("url", diagnostics: &diagnostics).flatMap { ValueReader.nonEmptyString($0, field: "url", diagnostics: &diagnostics) }
        if let url, let problem = SourceURL.problem(url.value) {
            diagnostics.append(Diagnostic(.error, problem, at: url.location, check: .wrongType))
        } else if let url, !hosts.isEmpty, !hosts.contains(SourceURL.host(url.value)) {
            // Sources are the pages of the vendor the Content documents: a page elsewhere is a
            // mistake, or a link that only looks like theirs.
            diagnostics.append(
                Diagnostic(
                    .error,
                    "url's host '\(SourceURL.host(url.value))' is not one domain.yaml allows for sources (source-hosts: \(hosts.joined(separator: ", ")))",
                    at: url.location, check: .wrongType))
        }
        let kind = reader.require("kind", diagnostics: &diagnostics).flatMap { ValueReader.nonEmptyString($0, field: "kind", diagnostics: &diagnostics) }
        if let kind, !kinds.contains(kind.value) {
            diagnostics.append(
                Diagnostic(
                    .error, "unknown source kind '\(kind.value)'\(Suggestions.phrase(for: kind.value, in: kinds))",
                    at: kind.location, check: .unknownID))
        }
        let date = reader.string("date", required: false, diagnostics: &diagnostics)
        // The date a page was read: the dataset's `content.date` and every page's "Data as of" are the
        // newest one, compared as text, so it must be a real day written YYYY-MM-DD.
        if let date, !CalendarDate.isValid(date.value) {
            diagnostics.append(
                Diagnostic(
                    .error, "date '\(DisplayText.line(date.value))' is not a day written YYYY-MM-DD (such as 2026-11-22)", at: date.location, check: .wrongType)
            )
        }
        let archive = reader.string("archive", required: false, diagnostics: &diagnostics)
        if let archive, archive.value.contains("/") || archive.value.hasPrefix(".") {
            diagnostics.append(
                Diagnostic(
                    .error, "archive must be a file name inside the archives folder, not a path",
                    at: archive.location, check: .unsafeID))
        }
        let summary = reader.node("summary").flatMap { ValueReader.prose($0, field: "summary", allowEmpty: true, diagnostics: &diagnostics) }
        let edition = reader.string("edition", required: false, diagnostics: &diagnostics)
        let platformList = reader.string(PlatformListCompletion.field, required: false, diagnostics: &diagnostics)
        if let platformList, platformList.value != PlatformListCompletion.complete {
            diagnostics.append(
                Diagnostic(
                    .error, "\(PlatformListCompletion.field) '\(platformList.value)' is not '\(PlatformListCompletion.complete)', the one value it takes",
                    at: platformList.location, check: .wrongType))
        }

        var claims: [Claim] = []
        var seen: [String: SourceLocation] = [:]
        if let claimsNode = reader.require("claims", diagnostics: &diagnostics) {
            if let items = claimsNode.items {
                for item in items {
                    guard let claim = ClaimReader.claim(item, sourceID: id, states: states, diagnostics: &diagnostics) else { continue }
                    if let earlier = seen[claim.id.value] {
                        diagnostics.append(
                            Diagnostic(
                                .error, "duplicate claim id '\(claim.id.value)' in source '\(id)'", at: claim.id.location,
                                check: .duplicateID, notes: [DiagnosticNote("first defined here", at: earlier)]))
                        continue
                    }
                    seen[claim.id.value] = claim.id.location
                    if claim.fact.valueType == .keyList, let pairs = item.pairs,
                        let value = pairs.indices.first(where: { pairs.key($0).text == "value" })
                    {
                        let valueNode = pairs.value(value)
                        keyReferences[claim.reference] = ClaimReader.keyReferences(in: valueNode)
                    }
                    claims.append(claim)
                }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, "expected 'claims' to be a list, found \(claimsNode.kindDescription)",
                        at: claimsNode.location, check: .wrongType))
            }
        }
        guard let title, let url, let kind else { return nil }
        return Source(
            id: Located(id, at: reader.location), title: title.value, url: url.value, kind: kind.value,
            date: date?.value, archive: archive, summary: summary?.value, claims: claims, path: path, edition: edition?.value,
            platformList: platformList)
    }
}

/// Reads `adjudications.yaml`.
enum AdjudicationReader {
    static let fields = ["id", "prevails", "over", "platforms", "os", "reason"]

    /// `seen`: the ids of rulings read from earlier files, where they are; ids are unique across files.
    static func adjudications(_ node: YAMLNode, seen: inout [String: SourceLocation], diagnostics: inout [Diagnostic]) -> [Adjudication] {
        guard let items = node.items else {
            diagnostics.append(
                Diagnostic(
                    .error, "expected a list of adjudications, found \(node.kindDescription)",
                    at: node.location, check: .wrongType))
            return []
        }
        var result: [Adjudication] = []
        for item in items {
            guard let reader = MappingReader(item, what: "adjudication", allowed: fields, diagnostics: &diagnostics) else { continue }
            let id = reader.require("id", diagnostics: &diagnostics).flatMap { ValueReader.nonEmptyString($0, field: "id", diagnostics: &diagnostics) }
            if let id, !Identifier.isKebabCase(id.value) {
                diagnostics.append(Diagnostic(.error, "adjudication id '\(id.value)' must be kebab-case", at: id.location, check: .unsafeID))
            }
            let prevails = reader.require("prevails", diagnostics: &diagnostics).flatMap {
                ValueReader.nonEmptyString($0, field: "prevails", diagnostics: &diagnostics)
            }
            let over = reader.require("over", diagnostics: &diagnostics).flatMap {
                ValueReader.stringList($0, field: "over", allowScalar: true, diagnostics: &diagnostics)
            }
            let platforms = reader.node("platforms").flatMap { ClaimReader.selection($0, field: "platforms", diagnostics: &diagnostics) } ?? .silent
            let os = reader.node("os").flatMap { ClaimReader.range($0, platforms: platforms, diagnostics: &diagnostics) } ?? .all
            let reason = reader.require("reason", diagnostics: &diagnostics).flatMap { ValueReader.prose($0, field: "reason", diagnostics: &diagnostics) }
            guard let id, let prevails, let over, let reason else { continue }
            if over.isEmpty {
                diagnostics.append(Diagnostic(.error, "'over' must name at least one claim", at: reader.location, check: .wrongType))
                continue
            }
            if let earlier = seen[id.value] {
                diagnostics.append(
                    Diagnostic(
                        .error, "duplicate adjudication id '\(id.value)'", at: id.location, check: .duplicateID,
                        notes: [DiagnosticNote("first defined here", at: earlier)]))
                continue
            }
            seen[id.value] = id.location
            result.append(
                Adjudication(
                    id: id, prevails: prevails, over: over, platforms: platforms, os: os,
                    reason: reason.value, location: reader.location))
        }
        return result
    }
}
