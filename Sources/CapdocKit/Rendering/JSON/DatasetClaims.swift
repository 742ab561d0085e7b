/// The dataset's claims, keyed by their reference (`"source#claim"`), the string every citation in
/// the dataset is: each with what it scopes and states, its quote, and the URL of its page.
enum DatasetClaims {
    /// One claim: where it came from, what it scopes and states, its quote.
    static func entry(_ claim: Claim, of source: Source) -> JSONValue {
        .object([
            "source": .string(source.id.value),
            "id": .string(claim.id.value),
            "url": .string(source.url),
            "fact": .string(claim.fact.rawValue),
            "subject": DatasetRenderer.selection(claim.scope.subjects),
            "platforms": DatasetRenderer.selection(claim.scope.platforms),
            "levels": DatasetRenderer.selection(claim.scope.levels),
            "os": claim.scope.os.isUnbounded ? nil : DatasetRenderer.range(claim.scope.os),
            "trigger": claim.trigger.map { .string($0.value) },
            "choice": claim.choice.map { .string($0.value) },
            // A prompt names one key: a string, not a one-element list.
            "value": claim.fact == .prompt ? DatasetRenderer.promptKey(claim.value.value) : DatasetRenderer.claimValue(claim.value.value),
            "quote": .string(claim.quote.value),
            "note": claim.note.map(JSONValue.string),
            "replacement": claim.replacement.map(JSONValue.string),
        ])
    }

    /// A source's claims by reference, in its file's order (the keys are written sorted).
    static func claims(of source: Source) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: source.claims.map { ("\(source.id.value)#\($0.id.value)", entry($0, of: source)) })
    }
}
