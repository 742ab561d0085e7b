import Foundation
import Testing
@testable import CapdocKit

/// The man post-processing passes rewritten on bytes, held to the rules they replaced (Foundation's
/// replacements, a String per request name, a byte-by-byte copy) on many random texts.
@Suite("Man post-processor passes")
struct ManPostProcessorTests {

    static func text(_ random: inout SplitMix, pieces: [String]) -> String {
        (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test("NAME and SEE ALSO text is escaped as Foundation's replacements escaped it, ASCII or not")
    func roffEscapesMatchFoundation() {
        let pieces = ["a", "-", "\\", "\"", "\n", "\r\n", "\r", ".", "'", " ", "é", "\u{301}", "x-y", "\\e", "svc-00001"]
        for seed in UInt64(0)..<3000 {
            var random = SplitMix(state: seed)
            let text = Self.text(&random, pieces: pieces)
            var expected = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\n", with: " ")
            expected = expected.replacingOccurrences(of: "-", with: "\\-")
            if expected.hasPrefix(".") || expected.hasPrefix("'") { expected = "\\&" + expected }
            #expect(Array(ManPostProcessor.roffText(text).utf8) == Array(expected.utf8), "\(text.debugDescription)")
            let quoted = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq").replacingOccurrences(
                of: "\n", with: " ")
            #expect(Array(ManPostProcessor.roffQuoted(text).utf8) == Array(quoted.utf8), "\(text.debugDescription)")
        }
    }

    @Test("every '#' gains a break point after it, and nothing else changes")
    func breakableReferences() {
        let pieces = ["#", "##", "a", "source#claim", "\n", " ", "é"]
        for seed in UInt64(0)..<2000 {
            var random = SplitMix(state: seed)
            let bytes = Array(Self.text(&random, pieces: pieces).utf8)
            let expected = bytes.flatMap { $0 == 0x23 ? [0x23, 0x5C, 0x3A] : [$0] }
            #expect(ManPostProcessor.breakableReferences(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test("lines are defused as when each request's name was looked up as a String")
    func defuseMatchesNameLookup() {
        let names = Array(ManPostProcessor.knownRequests) + ["", "P\u{301}", "PPP", "S", "\u{0}P", "xx", "fi", "nf", "é"]
        let starts = [".", "'", "", "a", "\\"]
        for seed in UInt64(0)..<2000 {
            var random = SplitMix(state: seed)
            let lines = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                starts.randomElement(using: &random)! + names.randomElement(using: &random)! + ["", " x", "\ty", " .PP", " -1n", " +1n"].randomElement(
                    using: &random)!
            }
            let bytes = Array(lines.joined(separator: "\n").utf8)
            #expect(ManPostProcessor.defuseRequests(bytes) == Self.defusedByNames(bytes), "\(lines)")
        }
    }

    /// The pass as it was: each name a String, looked up in `knownRequests` (`.ll` only as a table writes it).
    static func defusedByNames(_ bytes: [UInt8]) -> [UInt8] {
        var inCode = false
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        return Array(
            lines.map { line -> [UInt8] in
                guard let first = line.first, first == 0x2E || first == 0x27 else { return Array(line) }
                let nameEnd = line.dropFirst().firstIndex { $0 == 0x20 || $0 == 0x09 } ?? line.endIndex
                let name = String(decoding: line[(line.startIndex + 1)..<nameEnd], as: UTF8.self)
                if inCode {
                    if first == 0x2E, name == "fi" { inCode = false; return Array(line) }
                } else if first == 0x2E, ManPostProcessor.knownRequests.contains(name),
                    name != "ll" || [".ll -1n", ".ll +1n"].contains(String(decoding: line, as: UTF8.self))
                {
                    if name == "nf" { inCode = true }
                    return Array(line)
                }
                return [0x5C, 0x26] + line
            }.joined(separator: [0x0A]))
    }

    @Test("paragraphs after headings and after paragraphs are dropped as when the page was copied line by line")
    func dropParagraphsMatchesLineCopy() {
        let lines = [".PP", ".SH", ".SS", ".SH NAME", ".SS x", "text", "", ".PP ", "\\&.PP", ".TS", ".PPx", ".SHx", ".SS\tx", ".S", ".P", "PP"]
        for seed in UInt64(0)..<3000 {
            var random = SplitMix(state: seed)
            let page = (0..<Int.random(in: 0...14, using: &random)).map { _ in lines.randomElement(using: &random)! }
            let bytes = Array((page.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")).utf8)
            #expect(ManPostProcessor.dropParagraphAfterHeadings(bytes) == Self.droppedByLineCopy(bytes), "\(page)")
        }
    }

    /// The rule stated over the lines kept so far, not as the pass's state machine: a `.PP` goes when the
    /// line kept before it is a `.PP`, or ends a heading — `.SH x`/`.SS x`, or whatever line follows a
    /// bare `.SH`/`.SS` (cmark's form, its text on the next line) and is not itself a bare heading.
    static func droppedByLineCopy(_ bytes: [UInt8]) -> [UInt8] {
        func isBareHeading(_ line: ArraySlice<UInt8>) -> Bool { line.elementsEqual(".SH".utf8) || line.elementsEqual(".SS".utf8) }
        func endsHeading(_ kept: [ArraySlice<UInt8>]) -> Bool {
            guard let last = kept.last, !isBareHeading(last) else { return false }
            return last.starts(with: ".SH ".utf8) || last.starts(with: ".SS ".utf8) || (kept.count >= 2 && isBareHeading(kept[kept.count - 2]))
        }
        var kept: [ArraySlice<UInt8>] = []
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.elementsEqual(".PP".utf8), kept.last?.elementsEqual(".PP".utf8) == true || endsHeading(kept) { continue }
            kept.append(line)
        }
        return Array(kept.joined(separator: [0x0A]))
    }

    @Test("a byte is found where a search byte by byte finds it, from any start")
    func firstIndexMatchesSearch() {
        for seed in UInt64(0)..<2000 {
            var random = SplitMix(state: seed)
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in [0x0A, 0x23, 0x61, 0x5C].randomElement(using: &random)! } as [UInt8]
            let from = Int.random(in: 0...(bytes.count + 1), using: &random)
            for byte in [0x0A, 0x23, 0x61, 0x5C] as [UInt8] {
                let expected = from < bytes.count ? bytes[from...].firstIndex(of: byte) : nil
                #expect(bytes.withUnsafeBufferPointer { ByteText.firstIndex(of: byte, in: $0, from: from) } == expected, "\(bytes) from \(from)")
            }
        }
    }
}
