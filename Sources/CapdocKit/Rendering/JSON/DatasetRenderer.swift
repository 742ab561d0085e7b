import Foundation

/// Renders `capdoc.json`, the dataset for tools, and `capdoc.schema.json`, its JSON Schema.
///
/// Claims are listed once, in `claims`; the merged facts behind the answers once each, in
/// `citations`, naming the claims that decide them by index. Each entity lists the citations of its
/// facts, and its timelines (in `answers`, shared by the entities whose answers have the same shape)
/// name them by position in that list; a fact about platforms (and levels) is a list in the order of
/// `platforms` (and `levels`). Arrays follow vocabulary order; object keys are sorted; the bytes
/// depend on nothing but the Content and the layout.
public struct DatasetRenderer: Renderer {
    /// Semantic version of the dataset's shape: bump major for removals and renames, minor for additions.
    public static let schemaVersion = "5.1.0"
    public static let datasetFile = "capdoc.json"
    public static let schemaFile = "capdoc.schema.json"

    /// Compact for tools by default; `capdoc build --pretty` indents it for people (the same data).
    public var layout: JSONLayout

    public init(layout: JSONLayout = .compact) {
        self.layout = layout
    }

    public func render(_ page: Page, _ input: RenderInput) -> [OutputFile] { [] }
    var hasPages: Bool { false }

    public func renderShared(_ input: RenderInput) throws -> [OutputFile] {
        [OutputFile(path: Self.datasetFile, bytes: dataset(input.compiled)), schemaFile(input)]
    }

    func schemaFile(_ input: RenderInput) -> OutputFile {
        OutputFile(path: Self.schemaFile, text: DatasetSchema.schema(input.compiled.vocabulary.domain).serialized())
    }

    /// The dataset's bytes, every entity worked out here, in order (`DatasetAssembly`).
    func dataset(_ compiled: CompiledModel) -> [UInt8] {
        // With no page to hand the services in, `prepare` writes every entity.
        let assembly = DatasetAssembly(compiled, layout: layout, servicesFromPages: false)
        precondition(assembly.prepare(), "the dataset is complete once prepared without pages")
        return assembly.bytes()
    }

    /// One row of the flow: a transition and its prompt, where it holds, and what states it.
    static func transition(_ row: Flow.Row, claims: DatasetClaims) -> JSONValue {
        .object([
            "from": .string(row.from),
            "trigger": .string(row.trigger),
            "choice": row.choice.map(JSONValue.string) ?? .null,
            "prompted": .bool(row.prompted),
            "promptKey": row.promptKey.map(JSONValue.string) ?? .null,
            "to": .string(row.outcome.to),
            "reportedStatus": row.outcome.status.map(JSONValue.string) ?? .null,
            "delegateNotified": row.outcome.delegate.map(JSONValue.bool) ?? .null,
            "platforms": .strings(row.platforms),
            "os": .object(row.os.mapValues { .array($0.map(Self.range)) }),
            "deciding": claims.indices(row.deciding),
            "corroborating": claims.corroborating(row.claims, deciding: row.deciding),
            "adjudications": .strings(row.adjudications),
        ])
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

    /// A source's own description; its claims are in `claims`, each naming its source by index.
    static func source(_ source: Source) -> JSONValue {
        .object([
            "id": .string(source.id.value),
            "title": .string(source.title),
            "edition": source.edition.map(JSONValue.string),
            "url": .string(source.url),
            "kind": .string(source.kind),
            "date": source.date.map(JSONValue.string),
            "summary": source.summary.map(JSONValue.string),
        ])
    }
}
