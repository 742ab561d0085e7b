import Testing
@testable import CapdocKit

/// The dataset keeps its shared answers as compact bytes and lays them out for `--pretty` with
/// `JSONRelayout`: it must give exactly what `JSONValue` writes in that layout, at any depth.
@Suite("JSON relayout")
struct JSONRelayoutTests {
    /// Strings that look like JSON's own syntax, escapes and what `JSONValue` escapes.
    static let tricky = [
        "", "[", "]", "{}", "[]", "a,b", "k: v", "\"", "\\", "\\\"", "\"[\"", "x\\", "\n", "\u{7}", "\u{2028}",
        "é", "{\"a\":[1,2]}", "line\\n",
    ]

    static func randomValue(_ generator: inout SplitMix, depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
        case 0: return .string(tricky.randomElement(using: &generator)! + String(Int.random(in: 0..<10, using: &generator)))
        case 1: return .number(Int.random(in: -5...1_000, using: &generator))
        case 2: return .bool(Bool.random(using: &generator))
        case 3: return .null
        case 4: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                members[tricky.randomElement(using: &generator)! + "k"] = randomValue(&generator, depth: depth + 1)
            }
            return .object(members)
        }
    }

    @Test("compact bytes laid out again equal JSONValue's own layout, pretty and compact, at every indent")
    func relayout() {
        var generator = SplitMix(state: 17)
        for _ in 0..<2_000 {
            let value = Self.randomValue(&generator, depth: 0)
            var compact: [UInt8] = []
            value.write(to: &compact, indent: 0, layout: .compact)
            for indent in 0...3 {
                for layout in [JSONLayout.pretty, .compact] {
                    var expected: [UInt8] = [], relaid: [UInt8] = []
                    value.write(to: &expected, indent: indent, layout: layout)
                    JSONRelayout.write(compact, indent: indent, layout: layout, to: &relaid)
                    #expect(relaid == expected, "\(String(decoding: compact, as: UTF8.self)) at indent \(indent), \(layout)")
                }
            }
        }
    }

    @Test("empty lists and objects stay on their line; nested ones open a line each")
    func emptyAndNested() {
        var output: [UInt8] = []
        JSONRelayout.write(Array(#"{"a":[],"b":{},"c":[[1],{"d":"[,]"}]}"#.utf8), indent: 1, layout: .pretty, to: &output)
        #expect(
            String(decoding: output, as: UTF8.self) == """
                {
                    "a": [],
                    "b": {},
                    "c": [
                      [
                        1
                      ],
                      {
                        "d": "[,]"
                      }
                    ]
                  }
                """)
    }
}
