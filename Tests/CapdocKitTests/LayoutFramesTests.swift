import Mustache
import Testing
@testable import CapdocKit

@Suite("Layout frames")
struct LayoutFramesTests {
    private struct Values: MustacheParent {
        let values: [String: Any]
        func child(named name: String) -> Any? { values[name] }
    }

    /// What swift-mustache renders for these values, and what the frame gives (nil: no frame).
    private func both(_ layout: String, _ values: [LayoutFrames.Slot: String]) throws -> (mustache: String, frame: String?) {
        let template = try MustacheTemplate(string: layout)
        func render(_ slots: [LayoutFrames.Slot: String]) -> String {
            template.render(Values(values: ["title": slots[.title]!, "description": slots[.description]!, "body": slots[.body]!, "root": "../"]))
        }
        let shape = LayoutFrames.Shape(
            depth: 1, current: 0,
            empty: LayoutFrames.Slot.allCases.reduce(0) { $0 | (values[$1]!.isEmpty ? 1 << $1.rawValue : 0) })
        let frame = LayoutFrames().frame(shape, render: render)
        return (
            render(values),
            frame.map {
                String(
                    decoding: LayoutFrames.page($0, title: values[.title]!, description: values[.description]!, body: Array(values[.body]!.utf8)), as: UTF8.self
                )
            }
        )
    }

    private static let texts = [
        "Plain", "", "A & B <c> \"d\" 'e'", "Caf\u{E9} “quoted” & \u{1F600}", "&\u{301} combining after &",
        "\r\n line ends", "⟦Capdoc-slot-A-title&⟧ looks like a placeholder",
    ]

    /// Escaped, raw, repeated and conditional uses of each value: the frame gives what swift-mustache gives.
    @Test func framesGiveWhatMustacheRenders() throws {
        let layout = """
            <title>{{title}}</title><meta content="{{description}}">{{#description}}<p>{{description}}</p>{{/description}}
            {{^title}}untitled{{/title}}<h1>{{{title}}}</h1><a href="{{root}}x">{{title}}</a>{{{body}}}<pre>{{body}}</pre>
            """
        for title in Self.texts {
            for description in Self.texts {
                for body in ["<p>body & more</p>", ""] {
                    let result = try both(layout, [.title: title, .description: description, .body: body])
                    #expect(result.frame != nil)
                    #expect(result.frame == result.mustache, "\(title) / \(description)")
                }
            }
        }
    }

    /// A layout that transforms a value cannot be framed: the page is left to swift-mustache.
    @Test(arguments: ["{{uppercased(title)}}", "{{lowercased(title)}}", "{{capitalized(title)}}", "{{reversed(title)}}"])
    func transformedValuesAreNotFramed(_ use: String) throws {
        let result = try both("<h1>\(use)</h1>{{{body}}}", [.title: "Region Monitoring", .description: "d", .body: "b"])
        #expect(result.frame == nil)
    }
}
