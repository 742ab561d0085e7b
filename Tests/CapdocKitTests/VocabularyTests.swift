import Testing
@testable import CapdocKit

@Suite("Vocabulary lookups")
struct VocabularyTests {
    /// The vocabulary keeps its tables in arrays by ordinal: each kind needs its own slot.
    @Test func ordinalsAreThePlacesInAllCases() {
        #expect(EntityKind.allCases.map(\.ordinal) == Array(EntityKind.allCases.indices))
    }

    @Test func kindsKeepTheirOwnEntries() {
        var vocabulary = Vocabulary()
        let at = SourceLocation(path: "vocabulary.yaml", line: 1, column: 1)
        for kind in EntityKind.allCases {
            vocabulary.add(Entity(kind: kind, id: Located("same-id", at: at), name: "\(kind) one", summary: ""))
            vocabulary.add(Entity(kind: kind, id: Located("\(kind)-only", at: at), name: "\(kind) two", summary: ""))
        }
        // A second entry with an id already used in its kind is refused, and the first kept.
        let earlier = vocabulary.add(Entity(kind: .service, id: Located("same-id", at: at), name: "again", summary: ""))
        #expect(earlier?.name == "service one")
        for kind in EntityKind.allCases {
            #expect(vocabulary.ids(kind) == ["same-id", "\(kind)-only"])
            #expect(vocabulary.name(kind, "same-id") == "\(kind) one")
            #expect(vocabulary.position(kind, "\(kind)-only") == 1)
            #expect(vocabulary.entity(kind, "\(kind)-only")?.name == "\(kind) two")
            #expect(!vocabulary.contains(kind, "missing"))
        }
        vocabulary.truncate(.service, to: 1)
        #expect(vocabulary.ids(.service) == ["same-id"])
        #expect(vocabulary.position(.service, "service-only") == nil)
        #expect(vocabulary.ids(.platform).count == 2)
    }
}
