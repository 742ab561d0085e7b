import Foundation
import Mustache

/// The site's layout rendered once per shape of page, with the page's own values put in afterwards.
///
/// Why: swift-mustache renders the layout for each of the 25,000 pages of a 20,000-service site, and it
/// escapes text a Character at a time through a dictionary and looks each value up through dynamic
/// casts — about a million instructions a page for 1.5 KB of layout, a few percent of a large build.
/// Yet a page's layout differs from another's only by the page's title, description and body; the
/// rest (the links up to the root, which navigation entry is current) is the same for every page of
/// one depth and section.
///
/// A frame is the layout rendered with a placeholder for each of those three values: the placeholders
/// are found again in the output, each as the template wrote it (escaped by `{{x}}` or raw by `{{{x}}}`),
/// and the page is the frame with its values in their places, escaped as swift-mustache escapes them.
/// A layout that does anything else with a value — a transform (`{{uppercased(title)}}`,
/// `{{reversed(title)}}`), a count — would not give a placeholder back as it was; so each frame is
/// rendered twice, with two sets of placeholders of different lengths and cases, and kept only when
/// both come back as the same frame. Otherwise that shape of page is rendered by swift-mustache as before.
/// An empty value is no placeholder (a section on it would change): it is part of the shape.
///
/// Measured gain (issue 37, callgrind, `capdoc build` of all formats at 2,000 services, 2026-11-28):
/// rendering the layout by swift-mustache for every page executed +18.1% instructions (34.77
/// against 29.43 billion; 2,858 pages, about 1.9 million instructions each).
final class LayoutFrames: @unchecked Sendable {
    /// The values a page gives its layout, each put in its frame's place.
    enum Slot: Int, CaseIterable, Sendable {
        case title, description, body
        var name: String { ["title", "description", "body"][rawValue] }
    }

    /// A frame: the layout's own text, and the page's values in their places.
    enum Piece: Equatable, Sendable {
        case text([UInt8])
        case value(Slot, escaped: Bool)
    }

    /// What makes two pages' layouts the same but for their values.
    struct Shape: Hashable, Sendable {
        var depth: Int
        /// The navigation entries that are the page itself, as a bit set.
        var current: Int
        /// The values that are empty, as a bit set.
        var empty: Int
    }

    private var frames: [Shape: [Piece]?] = [:]
    private let lock = NSLock()

    /// The frame of a shape; nil when the layout must render each page of it itself. `render` renders
    /// the layout with the given text for each value.
    func frame(_ shape: Shape, render: ([Slot: String]) -> String) -> [Piece]? {
        if let known = lock.withLock({ frames[shape] }) { return known }
        let frame = Self.frame(shape, render: render)
        lock.withLock { frames[shape] = frame }
        return frame
    }

    private static func frame(_ shape: Shape, render: ([Slot: String]) -> String) -> [Piece]? {
        func values(_ set: String) -> [Slot: String] {
            Dictionary(
                uniqueKeysWithValues: Slot.allCases.map { slot in
                    (slot, shape.empty & (1 << slot.rawValue) != 0 ? "" : placeholder(slot, set))
                })
        }
        guard let first = pieces(render(values("A")), set: "A"), let second = pieces(render(values("Bb")), set: "Bb"),
            first == second
        else { return nil }
        return first
    }

    /// "⟦Capdoc-slot-A-title&⟧": the brackets and the mixed case mark it; `&` shows whether it was escaped.
    private static func placeholder(_ slot: Slot, _ set: String) -> String { "⟦Capdoc-slot-\(set)-\(slot.name)&⟧" }

    /// The rendered layout cut at its placeholders; nil if one came back changed.
    private static func pieces(_ rendered: String, set: String) -> [Piece]? {
        var pieces: [Piece] = []
        var rest = Substring(rendered)
        let start = "⟦Capdoc-slot-\(set)-"
        while let found = rest.range(of: start) {
            pieces.append(.text(Array(rest[..<found.lowerBound].utf8)))
            rest = rest[found.upperBound...]
            guard let slot = Slot.allCases.first(where: { rest.hasPrefix($0.name + "&") }) else { return nil }
            rest = rest.dropFirst(slot.name.count)
            if rest.hasPrefix("&amp;⟧") {
                pieces.append(.value(slot, escaped: true))
                rest = rest.dropFirst("&amp;⟧".count)
            } else if rest.hasPrefix("&⟧") {
                pieces.append(.value(slot, escaped: false))
                rest = rest.dropFirst("&⟧".count)
            } else {
                return nil
            }
        }
        // A placeholder a transform changed stays in the text: the two renderings then differ there.
        pieces.append(.text(Array(rest.utf8)))
        return pieces.filter { $0 != .text([]) }
    }

    /// A page: the frame with the page's values in their places. The body comes as the bytes it was
    /// rendered to (a megabyte is not made a String to be copied in).
    static func page(_ frame: [Piece], title: String, description: String, body: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(
            frame.reduce(0) { total, piece in
                if case let .text(bytes) = piece { total + bytes.count } else { total }
            } + body.count + 256)
        for piece in frame {
            switch piece {
            case let .text(bytes): output += bytes
            case .value(.body, escaped: false): output += body
            case .value(.body, escaped: true): output += MustacheEscape.html(String(decoding: body, as: UTF8.self)).utf8
            case let .value(slot, escaped):
                let text = slot == .title ? title : description
                output += (escaped ? MustacheEscape.html(text) : text).utf8
            }
        }
        return output
    }
}

/// swift-mustache's HTML escaping (`{{x}}`), exactly: by Character, `<`, `>`, `&`, `"` and `'`.
enum MustacheEscape {
    /// ASCII text (a byte is a Character, "\r\n" aside, which is escaped as neither) is escaped byte by
    /// byte; other text by swift-mustache itself, so that a Character such as "&" with a combining mark,
    /// which it leaves alone, stays as it would.
    static func html(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return library.render(Value(text: text)) }
        return ByteText.replacing(text, .mustacheHTML)
    }

    private static let library = try! MustacheTemplate(string: "{{text}}")

    private struct Value: MustacheParent {
        let text: String
        func child(named name: String) -> Any? { name == "text" ? text : nil }
    }
}

extension LayoutFrames.Shape {
    /// A page's shape, from its values' emptiness.
    init(depth: Int, current: Int, title: String, description: String, body: [UInt8]) {
        let empty = [title.isEmpty, description.isEmpty, body.isEmpty]
        self.init(
            depth: depth, current: current,
            empty: LayoutFrames.Slot.allCases.reduce(0) { $0 | (empty[$1.rawValue] ? 1 << $1.rawValue : 0) })
    }
}
