/// The sections of `capdoc.json` that are not entities with answers: the Content's release, the
/// levels, gates, flow, rulings, conflicts, sources and claims. Everything is keyed by id, and every
/// claim is named by its reference (`"source#claim"`), a key of `claims`.
struct DatasetSections {
    let compiled: CompiledModel
    let answers: AnswerTable

    /// What Content the dataset was built from: its domain, its release (`version` in domain.yaml) and
    /// the newest date its sources were read on.
    var content: JSONValue {
        let domain = compiled.vocabulary.domain
        let dates = compiled.model.sources.compactMap(\.date)
        return .object([
            "name": .string(domain.fullName),
            "version": domain.version.map(JSONValue.string) ?? .null,
            "date": dates.max().map(JSONValue.string) ?? .null,
        ])
    }

    private func base(_ entity: Entity) -> [String: JSONValue?] {
        ["id": .string(entity.id.value), "name": .string(entity.name), "summary": .string(entity.summary)]
    }

    private func keyed(_ entries: [(String, JSONValue)]) -> JSONValue {
        .object(Dictionary(entries, uniquingKeysWith: { first, _ in first }))
    }

    var levels: JSONValue { keyed(compiled.vocabulary.all(.level).map { ($0.id.value, .object(base($0))) }) }

    var gates: JSONValue { keyed(compiled.model.gates.map { ($0.id.value, DatasetRenderer.gate($0)) }) }

    /// The rulings on contradictions: which claim prevails over which, and why (CommonMark).
    var adjudications: JSONValue {
        keyed(
            compiled.model.adjudications.map { adjudication in
                (
                    adjudication.id.value,
                    .object([
                        "id": .string(adjudication.id.value),
                        "prevails": .string(adjudication.prevails.value),
                        "over": .strings(adjudication.over.map(\.value)),
                        "reason": .string(adjudication.reason),
                    ])
                )
            })
    }

    /// Where sources contradict each other, and the ruling that settles it (nil: unresolved, which
    /// `capdoc check` refuses, so a built dataset has none).
    var conflicts: JSONValue {
        .array(
            compiled.merge.contradictions.map { contradiction in
                .object([
                    "fact": .string(contradiction.kind.rawValue),
                    "claims": .strings(contradiction.claims),
                    "subjects": .strings(contradiction.subjects),
                    "platforms": .strings(contradiction.platforms),
                    "levels": .strings(contradiction.levels),
                    "os": .object(contradiction.ranges.mapValues { .array($0.map(DatasetRenderer.range)) }),
                    "gate": contradiction.gate.map(JSONValue.string),
                    "adjudication": contradiction.adjudication.map(JSONValue.string) ?? .null,
                ])
            })
    }

    /// The authorization flow: its states, triggers and choices by id, and every transition with the
    /// prompt it shows, where it holds and the claims that state it.
    var flow: JSONValue {
        let vocabulary = compiled.vocabulary
        func entities(_ kind: EntityKind, attribute: String? = nil) -> JSONValue {
            keyed(
                vocabulary.all(kind).map { entity in
                    var members = base(entity)
                    if let attribute { members[attribute] = entity.attributes[attribute].map(JSONValue.string) }
                    return (entity.id.value, .object(members))
                })
        }
        return .object([
            "states": entities(.state, attribute: "status"),
            "triggers": entities(.trigger, attribute: "request"),
            "choices": keyed(
                vocabulary.all(.choice).map { choice in
                    var members = base(choice)
                    members["titles"] = titles(of: choice.id.value)
                    return (choice.id.value, .object(members))
                }),
            "initialState": .string(answers.flow.initialState),
            "transitions": .array(answers.flowRows.map(Self.transition)),
        ])
    }

    /// The titles of a choice's button on each platform: a timeline whose segments are `value` (the
    /// title, in `value`) where a source gives one, `unknown` where none does.
    private func titles(of choice: String) -> JSONValue {
        .object(
            Dictionary(
                uniqueKeysWithValues: compiled.vocabulary.ids(.platform).map { platform in
                    let segments = answers.choiceTitles(choice, platform: platform, over: .all).map { title -> JSONValue in
                        let citations = DatasetTimeline.Citations(title.fact.map { [$0] } ?? [])
                        return .object([
                            "os": title.range.isUnbounded ? nil : DatasetRenderer.range(title.range),
                            "answer": .string(title.title == nil ? "unknown" : "value"),
                            "value": title.title.map(JSONValue.string),
                            "citations": .strings(citations.deciding),
                            "corroborating": citations.corroborating.isEmpty ? nil : .strings(citations.corroborating),
                            "moreCorroborating": citations.moreCorroborating,
                            "adjudications": citations.adjudications.isEmpty ? nil : .strings(citations.adjudications),
                        ])
                    }
                    return (platform, .array(segments))
                }))
    }

    /// One row of the flow: a transition and its prompt, where it holds, and what states it.
    static func transition(_ row: Flow.Row) -> JSONValue {
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
            "os": .object(row.os.mapValues { .array($0.map(DatasetRenderer.range)) }),
            "citations": .strings(row.cited.deciding),
            "corroborating": row.cited.corroborating.isEmpty ? nil : .strings(row.cited.corroborating),
            "moreCorroborating": row.cited.moreCorroborating > 0 ? .number(row.cited.moreCorroborating) : nil,
            "adjudications": row.cited.adjudications.isEmpty ? nil : .strings(row.cited.adjudications),
        ])
    }

    /// A source as `capdoc.json` lists it (its claims are in `claims`) and, with `claims`, as its own
    /// file (`data/sources/ID.json`) lists it.
    static func source(_ source: Source, withClaims: Bool) -> JSONValue {
        .object([
            "id": .string(source.id.value),
            "title": .string(source.title),
            "edition": source.edition.map(JSONValue.string),
            "url": .string(source.url),
            "kind": .string(source.kind),
            "date": source.date.map(JSONValue.string),
            "summary": source.summary.map(JSONValue.string),
            "claims": withClaims ? .object(DatasetClaims.claims(of: source)) : .strings(source.claims.map(\.reference)),
        ])
    }
}
