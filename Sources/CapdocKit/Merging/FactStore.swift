import Dispatch

/// The facts one run of cells produced, kept so that they can be moved — not copied and then
/// released, one reference count at a time — into the merged list: joining the runs of a large
/// Content is otherwise a good part of the merge, on one core.
///
/// Facts are kept in blocks of a fixed size: growing never moves them nor leaves half a block spare,
/// and each block is freed as soon as it has been moved, so that the runs and the merged list are
/// not both held whole at once.
///
/// Written by one thread, then handed over whole to the one that joins the runs.
final class FactStore: @unchecked Sendable {
    private static let blockSize = 4096
    private var blocks: [UnsafeMutablePointer<Fact>] = []
    private(set) var count = 0

    deinit {
        for (index, block) in blocks.enumerated() {
            block.deinitialize(count: min(Self.blockSize, count - index * Self.blockSize))
            block.deallocate()
        }
    }

    func append(_ fact: consuming Fact) {
        if count == blocks.count * Self.blockSize { blocks.append(.allocate(capacity: Self.blockSize)) }
        (blocks[count / Self.blockSize] + count % Self.blockSize).initialize(to: fact)
        count += 1
    }

    /// Moves the facts of every store, in order, into one array; the stores are left empty.
    static func join(_ stores: [FactStore]) -> [Fact] {
        var moves: [Move] = []
        var total = 0
        for store in stores {
            for (index, block) in store.blocks.enumerated() {
                let count = min(blockSize, store.count - index * blockSize)
                moves.append(Move(block: block, count: count, offset: total))
                total += count
            }
            store.blocks = []
            store.count = 0
        }
        guard total > 0 else { return [] }
        return [Fact](unsafeUninitializedCapacity: total) { buffer, initialized in
            let base = Destination(base: buffer.baseAddress!)
            // On every core: the moves are the first writes to the list's memory, which costs as much as the copying.
            let blocks = moves
            DispatchQueue.concurrentPerform(iterations: blocks.count) { index in
                let move = blocks[index]
                (base.base + move.offset).moveInitialize(from: move.block, count: move.count)
                move.block.deallocate()
            }
            initialized = total
        }
    }

    /// A block's facts and where in the joined list they go.
    private struct Move: @unchecked Sendable {
        var block: UnsafeMutablePointer<Fact>
        var count: Int
        var offset: Int
    }

    /// The joined list's storage, written by each move at its own offset.
    private struct Destination: @unchecked Sendable {
        var base: UnsafeMutablePointer<Fact>
    }
}
