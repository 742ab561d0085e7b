/// Finds which of many quotes — each a sequence of parts that must occur in order without overlap —
/// occur in a text, in one pass over it (issue 15, item 12): a quote is found when its first part
/// occurs, then its second at or after the end of that occurrence, and so on, each at its earliest
/// (the same greedy order as searching for each part in turn from where the last one ended).
///
/// The work is linear in the text and the quotes: building the automaton costs the parts' total
/// size; the pass costs the text's size, plus one step per quote that advances a part, plus — when a
/// part occurs while the quote at the head of its queue is still inside its previous part — at most
/// the part's length per waiting quote, plus, where some part ends, a few word operations per heavy
/// path on the way up the suffix tree of parts (at most log₂ of the number of parts; one or two in
/// prose). Parts nobody waits for are skipped without being looked at (`SuffixPartTree`), so a
/// thousand parts a, aa, aaa, … in a million a's cost the a's, not the product.
struct OrderedPartsSearch {
    /// The quotes' parts, each quote's consecutive: quote q is `parts[partsStart[q] ..< partsStart[q + 1]]`.
    private let parts: [Int32]
    private let partsStart: [Int]
    private let automaton: PartAutomaton
    private let tree: SuffixPartTree

    /// `quotes[q]` is quote q's parts (normalized bytes, in order); empty parts are ignored, and a quote
    /// with none is never found.
    init(quotes: [[[UInt8]]]) {
        var ids: [[UInt8]: Int32] = [:]
        var distinct: [[UInt8]] = []
        var parts: [Int32] = []
        var partsStart = [0]
        for quote in quotes {
            for part in quote where !part.isEmpty {
                if let id = ids[part] {
                    parts.append(id)
                } else {
                    ids[part] = Int32(distinct.count)
                    parts.append(Int32(distinct.count))
                    distinct.append(part)
                }
            }
            partsStart.append(parts.count)
        }
        self.parts = parts
        self.partsStart = partsStart
        automaton = PartAutomaton(parts: distinct)
        tree = SuffixPartTree(automaton: automaton)
    }

    /// Whether each quote occurs in at least one of the texts.
    func found(in texts: [[UInt8]]) -> [Bool] {
        var found = [Bool](repeating: false, count: partsStart.count - 1)
        for text in texts {
            scan(text, found: &found)
        }
        return found
    }

    /// A quote waiting for a part, and where its previous part ended (0 for its first part): the part
    /// must start at or after that.
    private struct Waiting {
        var quote: Int32
        var after: Int
    }

    /// One pass over `text`, marking the quotes not yet found that occur in it.
    private func scan(_ text: [UInt8], found: inout [Bool]) {
        let partCount = automaton.partLength.count
        // Each part's queue, in the order the quotes arrived, which is also the order of `after`
        // (quotes arrive as the pass goes on), so the ones ready to advance are at the front.
        var queues = [[Waiting]](repeating: [], count: partCount)
        var heads = [Int](repeating: 0, count: partCount)
        var marked = MarkedPositions(count: partCount)
        var waitingParts = 0
        // Where each quote stands: the index in `parts` of the part it waits for.
        var next = Array(partsStart.dropLast())
        func wait(_ quote: Int32, for part: Int32, after: Int) {
            if queues[Int(part)].isEmpty {
                marked.insert(tree.position[Int(part)])
                waitingParts += 1
            }
            queues[Int(part)].append(Waiting(quote: quote, after: after))
        }
        // A queue whose every quote has advanced is emptied (its memory kept for the next ones) and unmarked.
        func release(_ part: Int32) {
            queues[Int(part)].removeAll(keepingCapacity: true)
            heads[Int(part)] = 0
            marked.remove(tree.position[Int(part)])
            waitingParts -= 1
        }
        for quote in found.indices where !found[quote] && partsStart[quote] < partsStart[quote + 1] {
            wait(Int32(quote), for: parts[partsStart[quote]], after: 0)
        }
        guard waitingParts > 0 else { return }
        var ending: [Int32] = []
        automaton.scan(text) { deepest, end in
            ending.removeAll(keepingCapacity: true)
            tree.markedSuffixes(of: deepest, marked: marked, into: &ending)
            for part in ending {
                let start = end - automaton.partLength[Int(part)]
                while heads[Int(part)] < queues[Int(part)].count, queues[Int(part)][heads[Int(part)]].after <= start {
                    let quote = Int(queues[Int(part)][heads[Int(part)]].quote)
                    heads[Int(part)] += 1
                    if heads[Int(part)] == queues[Int(part)].count { release(part) }
                    next[quote] += 1
                    if next[quote] == partsStart[quote + 1] {
                        found[quote] = true
                    } else {
                        // Ready from `end` on: later than this occurrence of the part, if it is the same one.
                        wait(Int32(quote), for: parts[next[quote]], after: end)
                    }
                }
            }
            return waitingParts > 0
        }
    }
}
