import Testing
@testable import CapdocKit
import CapdocTestSupport

/// A build renders the pages of each block of services together and then lets their cells go
/// (`RenderOrder`): the pages must be those a build that keeps every cell writes, and the cells
/// must really go.
@Suite("Render order")
struct RenderOrderTests {
    /// Enough generated services for three blocks.
    static let compiled: CompiledModel = {
        let report = SplitPagesTests.content(services: 2 * PageContext.blockSize + 10).check(archives: false)
        return CompiledModel(model: report.model, merge: report.merge)
    }()

    @Test("every listing that shows cells has parts that nest in the blocks")
    func partsNest() {
        let context = PageContext(Self.compiled)
        let sizes = context.serviceListings().filter { if case .cells = $0.reads { true } else { false } }.map(\.size)
        #expect(!sizes.isEmpty)
        for size in sizes { #expect(PageContext.blockSize % size == 0, "a part of \(size) services would straddle two blocks") }
    }

    @Test("the order is every page once, blocks in order, deployment targets last")
    func order() {
        let input = RenderInput(Self.compiled)
        let pages = input.renderOrder.pages
        #expect(pages.sorted() == Array(0..<input.pageCount))
        let refs = pages.map { input.pageSources[$0].ref.path }
        let firstTarget = refs.firstIndex { $0.hasPrefix("targets/") }!
        #expect(refs[firstTarget...].allSatisfy { $0.hasPrefix("targets/") }, "deployment-target pages read every timeline: they come last")
        let stages = pages.map { input.pageSources[$0].stage }
        let blocks = stages.compactMap { if case let .cells(block) = $0 { block } else { nil } }
        #expect(blocks == blocks.sorted() && Set(blocks) == [0, 1, 2])
    }

    @Test("pages rendered in blocks, letting the answers go, equal pages rendered keeping them all; the answers go")
    func sameBytes() throws {
        let input = RenderInput(Self.compiled)
        let context = input.renderOrder.context
        var inBlocks: [String: [UInt8]] = [:]
        for index in input.renderOrder.pages {
            for file in MarkdownRenderer().render(input.page(index), input) { inBlocks[file.path] = Array(file.contents) }
            input.renderOrder.written(index)
        }
        #expect(context.answerTable.servicesHeld == 0, "every block's answers were let go")
        #expect(
            context.answerTable.timesWorkedOut == Self.compiled.vocabulary.ids(.service).count,
            "each service's answers were worked out once: no page asked after they went")
        let kept = RenderInput(Self.compiled)
        var keeping: [String: [UInt8]] = [:]
        for index in 0..<kept.pageCount {
            for file in MarkdownRenderer().render(kept.page(index), kept) { keeping[file.path] = Array(file.contents) }
        }
        #expect(kept.renderOrder.context.answerTable.servicesHeld == Self.compiled.vocabulary.ids(.service).count)
        #expect(inBlocks.count == keeping.count)
        for (path, bytes) in keeping where inBlocks[path] != bytes { Issue.record("\(path) differs") }
    }
}
