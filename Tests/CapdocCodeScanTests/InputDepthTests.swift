import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import CapdocCodeScan

/// Input whose size or depth would make the scanner's work or memory grow without bound (issue 41):
/// postfix chains that make the syntax tree as deep as they are long, and files of millions of tokens.
@Suite struct InputDepthTests {
    private let scanner = CodeScanner(patterns: CoreLocationPatterns.all)

    /// A chain of 50,000 calls is a tree 50,000 levels deep. Walked on a 1 MiB stack (20 bytes a
    /// level), a recursive walk would crash the test; the finder's own stack is on the heap.
    @Test(arguments: ["()", ".b"])
    func aPostfixChainIsWalkedWithoutRecursion(link: String) {
        let source = "let x = a" + String(repeating: link, count: 50_000) + "\nmanager.requestLocation()\n"
        let patterns: [(index: Int, pattern: SwiftPattern)] = [(0, SwiftPattern(spelling: "requestLocation()")!)]
        let tree = LargeStackThread.run { Parser.parse(source: source) }
        let found = LargeStackThread.run(stackSize: 1 << 20) {
            var finder = SwiftReferenceFinder(patterns: patterns)
            finder.walk(tree)
            return finder.found.map(\.token.text)
        }
        #expect(found == ["requestLocation"])
    }

    /// Found by FuzzSourceScanner: under the old budget (2^20) it was parsed, for 15 s.
    @Test func eighteenNestedBracketsAfterANameAreTurnedAway() {
        let started = Date()
        #expect(
            scanner.scan(Array("let t [[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]".utf8), language: .swift)
                == .skipped("square brackets nested too deeply to parse in reasonable time"))
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func theCallAfterALongChainIsFoundAtItsPlace() {
        let source = "let x = a" + String(repeating: "()", count: 20_000) + "\n  manager.requestLocation()\n"
        #expect(hits(inSwift: source) == [Hit(api: "requestLocation()", line: 2, column: 11)])
    }

    /// Two million `a;` took 650 MB and 80 s to parse; past the budget the file is not parsed at all.
    @Test func aSwiftFileOfMoreTokensThanTheBudgetIsSkippedAtOnce() {
        let source = String(repeating: "a;", count: SwiftNestingGuard.maximumTokens / 2 + 1)
        let started = Date()
        #expect(
            scanner.scan(Array(source.utf8), language: .swift)
                == .skipped("more than 1000000 tokens, too many to parse in bounded memory"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func commentsAndStringsAreNoTokens() {
        let filler = String(repeating: "a b c d e f g h ", count: 100_000)  // 1.6 million words
        let source = "// \(filler)\n/* \(filler) */\nlet s = \"\(filler)\"\nmanager.requestLocation()\n"
        #expect(apis(inSwift: source) == ["requestLocation()"])
    }

    @Test func anObjectiveCFileOfMoreTokensThanTheBudgetIsSkipped() {
        let source = "[m requestLocation];" + String(repeating: "[", count: ObjCTokenizer.maximumTokens)
        #expect(
            scanner.scan(Array(source.utf8), language: .objectiveC)
                == .skipped("more than 1000000 tokens, too many to scan in bounded memory"))
        let underTheBudget = "[m requestLocation];" + String(repeating: "[", count: ObjCTokenizer.maximumTokens - 10)
        #expect(apis(inObjectiveC: underTheBudget) == ["requestLocation"])
    }

    @Test func theSkippedFileIsNamedWithItsReason() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Chain.swift", "let x = a" + String(repeating: ".b", count: 600_000))
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.skipped == ["\(file): more than 1000000 tokens, too many to parse in bounded memory"])
    }
}
