import CapdocTestSupport
import Testing

@testable import CapdocKit

/// An incremental merge (`MergeMemory`, `IncrementalMerge`) gives exactly the merge of every cell:
/// the same facts in the same order, citing the same claims at the same places, the same
/// contradictions and the same rulings used — after random edits of every kind.
@Suite("Incremental merge")
struct IncrementalMergeTests {
    /// The edits a maintainer makes, each applied to a random claim, source or ruling.
    enum Edit: CaseIterable {
        case value, range, quote, moveToAnotherCell, aboutEverySubject, addClaim, removeClaim, addAdjudication, removeAdjudication,
            renameFile, deleteFile, addFile
    }

    /// Compared whole, but reported briefly: the first fact that differs, not both lists.
    static func expectSameMerge(_ incremental: MergeResult, as full: MergeResult, after edit: String) {
        let firstDifferent =
            zip(incremental.facts, full.facts).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(incremental.facts.count, full.facts.count)
        let sameFacts = incremental.facts == full.facts
        #expect(sameFacts, "facts differ from fact \(firstDifferent) (\(incremental.facts.count) against \(full.facts.count)) after \(edit)")
        let samePlaces = incremental.facts.map(\.citations.decidingPlaces) == full.facts.map(\.citations.decidingPlaces)
        #expect(samePlaces, "cited places differ after \(edit)")
        let sameStarts = incremental.cellStarts == full.cellStarts
        #expect(sameStarts, "cells' facts begin elsewhere after \(edit)")
        let sameContradictions = incremental.contradictions == full.contradictions
        #expect(sameContradictions, "contradictions differ (\(incremental.contradictions.count) against \(full.contradictions.count)) after \(edit)")
        #expect(incremental.usedAdjudications == full.usedAdjudications, "rulings used differ after \(edit)")
    }

    static func content(seed: Int) -> (FixtureTree, EditableContent, SplitMix) {
        var random = SplitMix(state: UInt64(seed))
        var tree = FixtureTree.base()
        tree.write(tree.text("services.yaml") + EditableContent.servicesYAML(), to: "services.yaml")
        var content = EditableContent()
        for source in ["alpha", "beta", "gamma", "delta"] {
            content.sources[source] = (0..<12).map { _ in content.randomClaim(using: &random) }
        }
        let references = content.references
        for index in 0..<4 {
            content.adjudications.append(
                .init(id: "ruling-\(index)", prevails: references.randomElement(using: &random)!, over: [references.randomElement(using: &random)!]))
        }
        content.write(into: &tree)
        return (tree, content, random)
    }

    /// Applies one edit of `kind`; returns what it did, for the failure messages. An adjudication
    /// added rules on one of `contradictions` when there are any (one naming random claims seldom
    /// decides anything).
    static func apply(
        _ kind: Edit, to content: inout EditableContent, _ tree: inout FixtureTree, contradictions: [Contradiction], using random: inout SplitMix
    ) -> String {
        let source = content.sources.keys.sorted().randomElement(using: &random)!
        var claims = content.sources[source]!
        let place = claims.indices.randomElement(using: &random)
        switch kind {
        case .value: if let place { claims[place].value.toggle() }
        case .range: if let place { content.randomizeRange(of: &claims[place], using: &random) }
        case .quote: if let place { claims[place].quote += " Edited." }
        case .moveToAnotherCell:
            if let place {
                claims[place].subject = EditableContent.services.randomElement(using: &random)!
                claims[place].platform = EditableContent.platforms.randomElement(using: &random)!
            }
        case .aboutEverySubject: if let place { claims[place].subject = nil }
        case .addClaim: claims.insert(content.randomClaim(using: &random), at: Int.random(in: 0...claims.count, using: &random))
        case .removeClaim: if let place { claims.remove(at: place) }
        case .addAdjudication:
            let id = "ruling-added-\(content.adjudications.count)"
            if let disagreeing = contradictions.filter({ $0.adjudication == nil && $0.gate == nil }).randomElement(using: &random)?.claims {
                content.adjudications.append(.init(id: id, prevails: disagreeing[0], over: Array(disagreeing.dropFirst())))
            } else {
                let references = content.references
                content.adjudications.append(
                    .init(id: id, prevails: references.randomElement(using: &random)!, over: [references.randomElement(using: &random)!]))
            }
        case .removeAdjudication:
            if !content.adjudications.isEmpty { content.adjudications.remove(at: Int.random(in: 0..<content.adjudications.count, using: &random)) }
        case .renameFile:
            content.sources[source] = nil
            content.sources[source + "-renamed"] = claims
            content.write(into: &tree, removing: [source])
            return "\(kind) \(source)"
        case .deleteFile:
            guard content.sources.count > 1 else { return "nothing" }
            content.sources[source] = nil
            content.write(into: &tree, removing: [source])
            return "\(kind) \(source)"
        case .addFile:
            content.sources["zeta-\(content.sources.count)"] = (0..<4).map { _ in content.randomClaim(using: &random) }
        }
        content.sources[source] = claims
        content.write(into: &tree)
        return "\(kind) in \(source) at \(place.map(String.init) ?? "-")"
    }

    @Test("after each of 40 random edits, the incremental merge is the merge of every cell", arguments: 0..<6)
    func randomEdits(_ seed: Int) {
        var (tree, content, random) = Self.content(seed: seed)
        let memory = MergeMemory()
        func merged(_ memory: MergeMemory?) -> MergeResult {
            Checker(fileSystem: tree.fileSystem, mergeMemory: memory).check(contentAt: FixtureTree.root).merge
        }
        var full = merged(nil)
        Self.expectSameMerge(merged(memory), as: full, after: "the first merge")
        var history: [String] = []
        var rulingsUsed = 0
        for _ in 0..<40 {
            let kind = Edit.allCases.randomElement(using: &random)!
            history.append(Self.apply(kind, to: &content, &tree, contradictions: full.contradictions, using: &random))
            let incremental = merged(memory)
            full = merged(nil)
            Self.expectSameMerge(incremental, as: full, after: history.joined(separator: ", "))
            rulingsUsed += full.usedAdjudications.count
        }
        // Not every merge fell back to merging every cell, and rulings decided: what is compared is
        // the incremental path, over contradictions and rulings.
        #expect(memory.incrementalCount >= 10, "only \(memory.incrementalCount) of 40 merges were incremental")
        #expect(rulingsUsed > 0, "no ruling decided anything")
    }

    @Test("a one-claim edit merges only the cells that claim covers, and saving the same claims merges none")
    func mergesOnlyWhatChanged() {
        var (tree, content, _) = Self.content(seed: 7)
        let memory = MergeMemory()
        let checker = Checker(fileSystem: tree.fileSystem, mergeMemory: memory)
        let first = checker.check(contentAt: FixtureTree.root).merge
        #expect(memory.fullCount == 1 && memory.lastMergedCells == first.cells.count)

        _ = Checker(fileSystem: tree.fileSystem, mergeMemory: memory).check(contentAt: FixtureTree.root)
        #expect(memory.incrementalCount == 1 && memory.lastMergedCells == 0, "nothing changed, yet \(memory.lastMergedCells) cells were merged")

        // A claim about one service, platform and level covers one cell.
        let named = content.sources["alpha"]!.firstIndex { $0.subject != nil }!
        content.sources["alpha"]![named].quote += " Edited."
        content.write(into: &tree)
        _ = Checker(fileSystem: tree.fileSystem, mergeMemory: memory).check(contentAt: FixtureTree.root)
        #expect(memory.incrementalCount == 2 && memory.lastMergedCells == 1, "one claim edited, \(memory.lastMergedCells) cells merged")
    }
}
