/// The flow diagram: an inline SVG that capdoc writes itself, deterministically. States are boxes in
/// columns by their distance from the initial state (unreachable ones in a last column), in
/// `flow.yaml` order within a column; each arrow carries the triggers and choices that lead along
/// it. Calls that change nothing are not drawn (the table lists them). No script; a `<title>` and a
/// `<desc>` that says every arrow in words make the text alternative.
struct FlowDiagram {
    let context: PageContext
    let rows: [Flow.Row]
    let layers: [String: Int]

    static let boxWidth = 200.0
    static let boxHeight = 52.0
    static let columnGap = 280.0
    static let rowStep = 128.0
    static let margin = 24.0
    static let lineHeight = 14.0
    /// An estimate of the width of one character at the labels' 11px: labels are laid out without fonts.
    static let characterWidth = 6.3

    struct Box {
        var state: String
        var x, y: Double
        var left: Double { x }
        var right: Double { x + FlowDiagram.boxWidth }
        var centerX: Double { x + FlowDiagram.boxWidth / 2 }
        var midY: Double { y + FlowDiagram.boxHeight / 2 }
        var bottom: Double { y + FlowDiagram.boxHeight }
        var rect: Rect { Rect(x: x, y: y, width: FlowDiagram.boxWidth, height: FlowDiagram.boxHeight) }
    }

    struct Rect {
        var x, y, width, height: Double

        func overlap(_ other: Rect, padding: Double = 4) -> Double {
            let w = min(x + width, other.x + other.width) - max(x, other.x) + padding
            let h = min(y + height, other.y + other.height) - max(y, other.y) + padding
            return w > 0 && h > 0 ? w * h : 0
        }
    }

    struct Edge {
        var from, to: String
        /// Each label is two lines: the trigger, then the choice.
        var labels: [[String]]
        var lines: [String] { labels.flatMap { $0 } }
    }

    /// The geometry of an arrow: a cubic Bézier from `p0` to `p3`, and how its label hangs off a point of it.
    struct Route {
        var p0, p1, p2, p3: (x: Double, y: Double)
        /// Labels of arrows that bulge beside a column start right of the curve instead of centring on it.
        var labelBeside: Bool

        func point(_ t: Double) -> (x: Double, y: Double) {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }

        var path: String {
            let n = FlowDiagram.number
            return "M\(n(p0.x)),\(n(p0.y)) C\(n(p1.x)),\(n(p1.y)) \(n(p2.x)),\(n(p2.y)) \(n(p3.x)),\(n(p3.y))"
        }
    }

    /// Boxes by state, and the diagram's size. Each column is centred on the tallest one.
    func layout() -> (boxes: [String: Box], width: Double, height: Double) {
        let states = context.vocabulary.ids(.state)
        let lastLayer = (layers.values.max() ?? 0) + (states.contains { layers[$0] == nil } ? 1 : 0)
        var columns = [[String]](repeating: [], count: lastLayer + 1)
        for state in states { columns[layers[state] ?? lastLayer].append(state) }
        let tallest = columns.map(\.count).max() ?? 1
        var boxes: [String: Box] = [:]
        for (column, members) in columns.enumerated() {
            let offset = Double(tallest - members.count) / 2 * Self.rowStep
            for (row, state) in members.enumerated() {
                boxes[state] = Box(state: state, x: Self.margin + Double(column) * (Self.boxWidth + Self.columnGap),
                                   y: Self.margin + 20 + offset + Double(row) * Self.rowStep)
            }
        }
        let width = Self.margin * 2 + Double(columns.count) * Self.boxWidth + Double(max(0, columns.count - 1)) * Self.columnGap
        // Room above the boxes for arrows that go back to an earlier column.
        let height = Self.margin * 2 + 20 + Double(tallest - 1) * Self.rowStep + Self.boxHeight
        return (boxes, width, height)
    }

    /// Arrows between different states, with their labels, in the order of the rows.
    func edges() -> [Edge] {
        var order: [String] = []
        var edges: [String: Edge] = [:]
        for row in rows where row.outcome.to != row.from {
            let key = row.from + "|" + row.outcome.to
            let label = [context.name(.trigger, row.trigger)] + (row.choice.map { ["→ " + context.name(.choice, $0)] } ?? [])
            if edges[key] == nil { order.append(key); edges[key] = Edge(from: row.from, to: row.outcome.to, labels: []) }
            if !edges[key]!.labels.contains(label) { edges[key]!.labels.append(label) }
        }
        return order.map { edges[$0]! }
    }

    func svg() -> String {
        let (boxes, width, height) = layout()
        let edges = edges().filter { boxes[$0.from] != nil && boxes[$0.to] != nil }
        let description = edges.isEmpty ? "No transitions are described yet."
            : edges.map { edge in
                "\(context.name(.state, edge.from)) to \(context.name(.state, edge.to)): "
                    + edge.labels.map { $0.joined(separator: " ").replacingOccurrences(of: "→", with: "then") }.joined(separator: "; ") + "."
            }.joined(separator: " ")
        var out = "<figure class=\"flow-diagram\">\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"flow-diagram-title flow-diagram-desc\" "
        out += "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
        out += "style=\"max-width:100%;height:auto\" font-family=\"system-ui, sans-serif\" font-size=\"12\">\n"
        out += "<title id=\"flow-diagram-title\">Authorization flow: states and the transitions between them</title>\n"
        out += "<desc id=\"flow-diagram-desc\">\(Escape.html(description))</desc>\n"
        out += "<defs><marker id=\"flow-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\">"
        out += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"currentColor\"/></marker></defs>\n"
        // Arrows first, so that boxes and labels are drawn over them.
        var taken = boxes.values.sorted { ($0.x, $0.y) < ($1.x, $1.y) }.map(\.rect)
        var labels: [(rect: Rect, lines: [String])] = []
        for edge in edges {
            let route = route(from: boxes[edge.from]!, to: boxes[edge.to]!)
            out += "<path d=\"\(route.path)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.4\" marker-end=\"url(#flow-arrow)\"/>\n"
            let rect = place(edge.lines, along: route, avoiding: taken, within: width)
            taken.append(rect)
            labels.append((rect, edge.lines))
        }
        for state in context.vocabulary.ids(.state) {
            guard let box = boxes[state] else { continue }
            let status = context.vocabulary.entity(.state, state)?.attributes["status"] ?? ""
            out += "<g>"
            out += "<rect x=\"\(Self.number(box.x))\" y=\"\(Self.number(box.y))\" width=\"\(Self.number(Self.boxWidth))\" height=\"\(Self.number(Self.boxHeight))\" rx=\"8\" "
            out += "style=\"fill:var(--head-bg,#e8ebef)\" stroke=\"currentColor\" stroke-width=\"1.4\"/>"
            out += "<text x=\"\(Self.number(box.centerX))\" y=\"\(Self.number(box.y + 22))\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"currentColor\">\(Escape.html(context.name(.state, state)))</text>"
            out += "<text x=\"\(Self.number(box.centerX))\" y=\"\(Self.number(box.y + 40))\" text-anchor=\"middle\" font-size=\"11\" fill=\"currentColor\">\(Escape.html(status))</text>"
            out += "</g>\n"
        }
        for label in labels {
            out += "<g>"
            out += "<rect x=\"\(Self.number(label.rect.x))\" y=\"\(Self.number(label.rect.y))\" width=\"\(Self.number(label.rect.width))\" height=\"\(Self.number(label.rect.height))\" rx=\"3\" style=\"fill:var(--bg,#ffffff)\" opacity=\"0.9\"/>"
            for (index, line) in label.lines.enumerated() {
                let y = label.rect.y + 3 + Self.lineHeight * Double(index + 1) - 3
                let weight = line.hasPrefix("→") ? "" : " font-style=\"italic\""
                out += "<text x=\"\(Self.number(label.rect.x + label.rect.width / 2))\" y=\"\(Self.number(y))\" text-anchor=\"middle\" font-size=\"11\"\(weight) fill=\"currentColor\">\(Escape.html(line))</text>"
            }
            out += "</g>\n"
        }
        out += "</svg>\n"
        out += "<figcaption>The states (with the status each reports) and the transitions between them, in columns by distance from \(Escape.html(context.name(.state, Flow(merge: context.merge, vocabulary: context.vocabulary).initialState))); "
        out += "each arrow names its trigger (in italics) and the choice at the prompt. Calls that change nothing are not drawn: the table below lists every transition, with its platforms and sources.</figcaption>\n"
        out += "</figure>"
        return out
    }

    /// Where a label goes: the first point along the arrow (from its middle outwards) where it covers
    /// no box and no other label; failing that, where it covers least.
    func place(_ lines: [String], along route: Route, avoiding taken: [Rect], within width: Double) -> Rect {
        let labelWidth = Double(lines.map(\.count).max() ?? 0) * Self.characterWidth + 10
        let labelHeight = Double(lines.count) * Self.lineHeight + 6
        var best: (rect: Rect, cost: Double)?
        for t in [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82] {
            let point = route.point(t)
            var x = route.labelBeside ? point.x + 6 : point.x - labelWidth / 2
            x = min(max(x, 2), width - labelWidth - 2)
            let rect = Rect(x: x, y: point.y - labelHeight / 2, width: labelWidth, height: labelHeight)
            let cost = taken.reduce(0) { $0 + rect.overlap($1) }
            if cost == 0 { return rect }
            if best == nil || cost < best!.cost { best = (rect, cost) }
        }
        return best!.rect
    }

    /// The arrow between two boxes.
    func route(from source: Box, to target: Box) -> Route {
        if target.left > source.right {
            // Forward: right side to left side, straight.
            let a = (x: source.right, y: source.midY), b = (x: target.left, y: target.midY)
            return Route(p0: a, p1: (a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3), p2: (a.x + (b.x - a.x) * 2 / 3, a.y + (b.y - a.y) * 2 / 3), p3: b,
                         labelBeside: false)
        }
        if target.left == source.left {
            // Same column: out of the right side and back in, bulging right.
            let x = source.right, bulge = 90.0
            return Route(p0: (x, source.midY), p1: (x + bulge, source.midY), p2: (x + bulge, target.midY), p3: (x, target.midY), labelBeside: true)
        }
        // Backward: from the top of the source, over the boxes between, down into the top of the target.
        let top = min(source.y, target.y) - 44
        return Route(p0: (source.centerX, source.y), p1: (source.centerX, top), p2: (target.centerX, top), p3: (target.centerX, target.y),
                     labelBeside: false)
    }

    /// Numbers as SVG writes them: no trailing ".0", at most one decimal.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
