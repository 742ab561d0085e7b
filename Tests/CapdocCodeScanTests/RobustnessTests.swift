import Foundation
import Testing
@testable import CapdocCodeScan

/// Hostile or broken input: nothing may crash, hang, or pass silently.
@Suite struct RobustnessTests {
    private let scanner = CodeScanner(patterns: CoreLocationPatterns.all)

    private func outcome(ofSwift source: String) -> FileScanOutcome {
        scanner.scan(Array(source.utf8), language: .swift)
    }

    @Test(arguments: [
        ("(", "nested more than 240 levels deep"),
        ("{", "nested more than 240 levels deep"),
        ("\"\\(", "nested more than 240 levels deep"),
        ("[", "square brackets nested too deeply to parse in reasonable time"),
    ])
    func aHundredThousandNestedBracketsAreTurnedAwayQuickly(opener: String, reason: String) {
        let source = "manager.requestLocation()\n" + String(repeating: opener, count: 100_000)
        let started = Date()
        #expect(outcome(ofSwift: source) == .skipped(reason))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func nestingUpToTheLimitIsParsedOnAStackLargeEnoughForIt() {
        let depth = SwiftNestingGuard.maximumDepth - 1  // the call's own parentheses are the last level
        let source = String(repeating: "f(", count: depth) + "manager.requestLocation()" + String(repeating: ")", count: depth)
        #expect(outcome(ofSwift: source) == .matches([SourceMatch(patternIndex: 8, argument: nil, line: 1, column: 2 * depth + 9)]))
    }

    /// swift-syntax's look-ahead for `InlineArray` types costs 2ⁿ for n nested `[`: twenty levels take
    /// seconds in a debug build, so this file would never finish parsing.
    @Test func squareBracketsThatWouldTakeExponentialTimeAreTurnedAway() {
        let source = "let table = " + String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40)
        let started = Date()
        #expect(outcome(ofSwift: source) == .skipped("square brackets nested too deeply to parse in reasonable time"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func ordinaryNestedLiteralsAreParsed() {
        let rows = (0..<2_000).map { "[[\($0), 1], [2, 3]]" }.joined(separator: ",\n")
        let source = "let table = [\n\(rows)\n]\nmanager.requestLocation()\n"
        guard case .matches(let matches) = outcome(ofSwift: source) else {
            Issue.record("a table of nested literals was turned away")
            return
        }
        #expect(matches.count == 1)
    }

    @Test func bracketsInCommentsAndStringsDoNotCountTowardsTheLimits() {
        let brackets = String(repeating: "[", count: 300)
        let source =
            "// \(brackets)\n/* \(brackets) /* nested */ \(brackets) */\nlet s = \"\(brackets)\"\nlet r = #\"\(brackets)\\(\"#\nmanager.requestLocation()\n"
        #expect(hits(inSwift: source) == [Hit(api: "requestLocation()", line: 5, column: 9)])
    }

    @Test func bracketsInAnInterpolationCount() {
        let source = "let s = \"\\(" + String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40) + ")\""
        #expect(outcome(ofSwift: source) == .skipped("square brackets nested too deeply to parse in reasonable time"))
    }

    /// Nested `#if`s cost the square of their depth in swift-syntax, and far more past its nesting limit.
    @Test func deeplyNestedIfConfigsAreTurnedAway() {
        let source = String(repeating: "#if DEBUG\n", count: 10_000) + "x()\n" + String(repeating: "#endif\n", count: 10_000)
        let started = Date()
        #expect(outcome(ofSwift: source) == .skipped("#if blocks nested more than 16 deep"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// Nested generic arguments cost the square of their depth in swift-syntax.
    @Test func deeplyNestedGenericArgumentsAreTurnedAway() {
        let source = "let a: " + String(repeating: "A<", count: 100_000) + "B" + String(repeating: ">", count: 100_000)
        let started = Date()
        #expect(outcome(ofSwift: source) == .skipped("generic arguments nested more than 16 deep"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func comparisonsWrittenWithoutSpacesAreNoGenericArguments() {
        let lines = (0..<40).map { "let c\($0) = i<n\($0) && j<m" }.joined(separator: "\n")
        #expect(apis(inSwift: lines + "\nmanager.requestLocation()") == ["requestLocation()"])
        let statements = (0..<40).map { "c\($0) = i<n\($0)" }.joined(separator: "; ")
        #expect(apis(inSwift: statements + "; manager.requestLocation()") == ["requestLocation()"])
        let generic = "let m: Dictionary<String, Array<Set<Optional<Int>>>> = [:]; manager.requestLocation()"
        #expect(apis(inSwift: generic) == ["requestLocation()"])
    }

    @Test func aSkippedFileIsListedWithItsReason() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Deep.swift", String(repeating: "(", count: 100_000))
        let scan = try scanner.scan(directory: folder.path)
        #expect(scan.skipped == ["\(file): nested more than 240 levels deep"])
        #expect(scan.filesScanned == 0)
    }

    @Test func objectiveCNestedAHundredThousandDeepIsScanned() {
        let depth = 100_000
        let source = String(repeating: "[", count: depth) + "m requestLocation" + String(repeating: "]", count: depth)
        #expect(hits(inObjectiveC: source) == [Hit(api: "requestLocation", line: 1, column: depth + 3)])
        #expect(hits(inObjectiveC: String(repeating: "[(", count: depth)) == [])
    }

    @Test func invalidUTF8IsDecodedWithReplacementCharacters() {
        var swift = Array("let s = \"".utf8) + [0xFF, 0xFE] + Array("\"\nmanager.requestLocation()\n".utf8)
        #expect(scanner.scan(swift, language: .swift) == .matches([SourceMatch(patternIndex: 8, argument: nil, line: 2, column: 9)]))
        swift = [0xC3] + Array(" [m requestLocation];".utf8)
        guard case .matches(let matches) = scanner.scan(swift, language: .objectiveC) else { return }
        #expect(matches.map(\.column) == [6])  // the stray byte is one column
    }

    /// Columns count the file's bytes, valid UTF-8 or not, in Swift as in Objective-C: a call after
    /// invalid bytes on its line was placed as if each replacement character (3 bytes) were in the file.
    @Test(
        arguments: [
            ([0xFF], 1), ([0xFF, 0xFE], 2), ([0xE2, 0x82], 2), ([0xE2, 0x82, 0x41, 0xC3], 4), ([0xF0, 0x9F, 0x98], 3),
        ] as [([UInt8], Int)])
    func columnsAfterInvalidUTF8CountTheFilesBytes(invalid: [UInt8], length: Int) {
        let prefix = Array("let s = \"".utf8) + invalid + Array("\"; ".utf8)
        let swift = prefix + Array("manager.requestLocation(); \"\u{E9}\"; manager.requestLocation()\n".utf8)
        let second = prefix.count + Array("manager.requestLocation(); \"\u{E9}\"; ".utf8).count
        #expect(prefix.count == 12 + length)
        #expect(
            scanner.scan(swift, language: .swift)
                == .matches([
                    SourceMatch(patternIndex: 8, argument: nil, line: 1, column: prefix.count + 9),
                    SourceMatch(patternIndex: 8, argument: nil, line: 1, column: second + 9),
                ]))
        let objectiveC = prefix + Array("[m requestLocation];".utf8)
        guard case .matches(let matches) = scanner.scan(objectiveC, language: .objectiveC) else { return }
        #expect(matches.map(\.column) == [prefix.count + 4])  // the selector, after `[m `
    }

    @Test func unterminatedCommentsAndStringsEndTheFileQuietly() {
        #expect(apis(inObjectiveC: "[m requestLocation]; /* [m startUpdatingLocation]") == ["requestLocation"])
        #expect(apis(inObjectiveC: "[m requestLocation]; @\"[m startUpdatingLocation]") == ["requestLocation"])
        #expect(apis(inSwift: "manager.requestLocation() /* manager.startUpdatingLocation()") == ["requestLocation()"])
        #expect(apis(inObjectiveC: "]]]) } [m requestLocation]") == ["requestLocation"])
    }
}
