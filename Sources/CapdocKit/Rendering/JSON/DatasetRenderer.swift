import Foundation

/// Renders the dataset for tools: one file per entity under `data/` (`data/services/ID.json`, …,
/// `data/sources/ID.json` with the source's claims), then `capdoc.json`, the whole dataset, which
/// holds each entity's file as its entry (`DatasetPackage`), and `capdoc.json.gz`; and
/// `capdoc.schema.json`, its JSON Schema.
///
/// Every answer is reached by ids (`services["region-monitoring"].platforms.ios.levels.always`), every
/// citation is a claim reference (`"source#claim"`) that is a key of `claims`; nothing is positional.
/// Object keys are sorted; the bytes depend on nothing but the Content and the layout.
public struct DatasetRenderer: Renderer {
    /// Semantic version of the dataset's shape: bump major for removals and renames, minor for additions.
    public static let schemaVersion = "7.0.0"
    public static let datasetFile = "capdoc.json"
    public static let compressedFile = "capdoc.json.gz"
    public static let schemaFile = "capdoc.schema.json"
    /// The folder of the entities' own files.
    static let dataFolder = "data"

    /// Compact for tools by default; `capdoc build --pretty` indents it for people (the same data).
    public var layout: JSONLayout

    public init(layout: JSONLayout = .compact) {
        self.layout = layout
    }

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] { [] }
    var hasPages: Bool { false }

    /// The schema and the files of every entity but the services (whose files their page jobs write,
    /// `serviceFile`) and the sources.
    public func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        let entities = DatasetEntities(input.compiled, answers: input.answerTable, sources: input.sourcesBySubject)
        var files = [schemaFile(input)]
        for (kind, section) in DatasetEntities.sections where kind != .service {
            for entity in input.compiled.vocabulary.all(kind) {
                files.append(file(section, entity.id.value, compact: entities.entity(kind, entity)))
            }
        }
        for source in input.compiled.model.sources {
            var bytes: [UInt8] = []
            DatasetSections.source(source, withClaims: true).write(to: &bytes, indent: 0, layout: layout)
            bytes.append(0x0A)
            files.append(OutputFile(path: Self.path("sources", source.id.value), bytes: bytes))
        }
        return files
    }

    /// The file of the service at `slot`, from the answers its page is made of (`AnswerTable`).
    func serviceFile(slot: Int, _ input: RenderInput) -> OutputFile {
        let service = input.compiled.vocabulary.all(.service)[slot]
        let entities = DatasetEntities(input.compiled, answers: input.answerTable, sources: input.sourcesBySubject)
        return file("services", service.id.value, compact: entities.service(service, input.answerTable.answers(slot: slot)))
    }

    static func path(_ section: String, _ id: String) -> String { "\(dataFolder)/\(section)/\(id).json" }

    private func file(_ section: String, _ id: String, compact: [UInt8]) -> OutputFile {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(compact.count + 1)
        JSONRelayout.write(compact, indent: 0, layout: layout, to: &bytes)
        bytes.append(0x0A)
        return OutputFile(path: Self.path(section, id), bytes: bytes)
    }

    func schemaFile(_ input: RenderInput) -> OutputFile {
        OutputFile(path: Self.schemaFile, text: DatasetSchema.schema(input.compiled).serialized())
    }

    static func promptKey(_ value: ClaimValue) -> JSONValue {
        if case let .keys(keys) = value, keys.count == 1 { return .string(keys[0]) }
        return claimValue(value)
    }

    static func range(_ range: VersionRange) -> JSONValue {
        .object(["from": range.from.map { .string($0.description) }, "until": range.until.map { .string($0.description) }])
    }

    /// `range(_:)` written compactly without building it: every segment of every timeline has one.
    static func writeRange(_ range: VersionRange, to output: inout [UInt8]) {
        output.append(0x7B)
        if let from = range.from {
            output += #""from":"#.utf8
            JSONValue.writeString(from.description, to: &output)
        }
        if let until = range.until {
            if range.from != nil { output.append(0x2C) }
            output += #""until":"#.utf8
            JSONValue.writeString(until.description, to: &output)
        }
        output.append(0x7D)
    }

    static func claimValue(_ value: ClaimValue) -> JSONValue {
        switch value {
        case let .boolean(flag): .bool(flag)
        case let .keys(keys): .strings(keys)
        case let .text(text): .string(text)
        case let .transition(outcome):
            .object([
                "to": .string(outcome.to), "status": outcome.status.map(JSONValue.string) ?? .null,
                "delegate": outcome.delegate.map(JSONValue.bool) ?? .null,
            ])
        }
    }

    static func gate(_ gate: Gate) -> JSONValue {
        .object([
            "id": .string(gate.id.value), "name": .string(gate.name), "outcome": .string(gate.outcome), "summary": .string(gate.summary),
            "facts": .strings(gate.gated.map(\.rawValue)), "requires": .string(gate.requires.rawValue),
            "subject": gate.subject.map { .string($0.description) },
            "accuracy": gate.accuracy.map { .string($0.rawValue) },
        ])
    }

    static func selection(_ selection: Selection) -> JSONValue? {
        switch selection {
        case .silent: nil
        case .all: .string("all")
        case let .named(ids): .strings(ids.map(\.value))
        }
    }
}
