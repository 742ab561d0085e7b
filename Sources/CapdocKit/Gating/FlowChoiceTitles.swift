/// The titles of a prompt's buttons (`choice-title` facts). Sources name a button apart from what
/// choosing it does, and a title may hold over fewer versions than its choice's transitions: where
/// no source gives one, the answer says so instead of falling back on the choice's name in
/// `flow.yaml`, which is the vocabulary's word, not what the device shows.
extension Flow {
    /// One run of versions of `range` on `platform`, with the title fact that holds over it (nil:
    /// no source gives the title there).
    struct ChoiceTitle: Sendable, Hashable {
        var range: VersionRange
        var fact: Fact?

        var title: String? {
            guard let fact, case let .text(text) = fact.value else { return nil }
            return text
        }
    }

    /// The titles of `choice`'s button over `range` on `platform`, oldest first.
    func choiceTitles(_ choice: String, platform: String, over range: VersionRange) -> [ChoiceTitle] {
        let facts = merge.facts(.choiceTitle, subject: choice, platform: platform).filter { $0.os.overlaps(range) }
        return Self.split(range, by: facts).map { ChoiceTitle(range: $0.0, fact: $0.1) }
    }
}
