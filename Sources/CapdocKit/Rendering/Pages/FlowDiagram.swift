/// The flow diagram: an inline SVG that capdoc writes itself, deterministically (the same Content
/// gives the same bytes). States are boxes in columns by their distance from the initial state
/// (unreachable ones in a last column), in `flow.yaml` order within a column. Between two columns
/// runs a lane of labels: each arrow between two different states has one label, listing the
/// triggers (in italics) and the choices that lead along it, and the arrow runs through its own
/// label — into one side of it and out of the other (an arrow within a column goes out to the lane
/// on the column's right, into its label and back). No other arrow touches a label: arrows run
/// between a column's side and the lane's side, and labels in a lane are stacked without overlap.
/// Calls that change nothing are not drawn (the tables list them). The SVG is drawn at its own size
/// (never scaled down, so that its text stays readable on a phone) and scrolls sideways inside its
/// container where the screen is narrower. No script; a `<title>` and a `<desc>` that says every
/// arrow in words make the text alternative.
struct FlowDiagram {
    let context: PageContext
    let rows: [Flow.Row]
    let layers: [String: Int]
    /// The states drawn, in `flow.yaml` order; nil: every state. An era's diagram draws only the
    /// states its transitions touch, so that it shows no box that no arrow of that era reaches.
    var states: [String]? = nil

    static let boxWidth = 200.0
    static let boxHeight = 52.0
    /// The least vertical distance between two boxes of a column.
    static let boxSpacing = 40.0
    /// The space between a column of boxes and a lane of labels, where the arrows run.
    static let lead = 56.0
    /// A lane's width when it holds no label.
    static let emptyLane = 80.0
    static let labelSpacing = 12.0
    static let margin = 16.0
    static let lineHeight = 14.0
    /// An estimate of the width of one character at the labels' 11px: labels are laid out without fonts.
    static let characterWidth = 6.3
    /// A choices line longer than this many characters is split, one choice a line.
    static let longLine = 34

    struct Box {
        var state: String
        var x, y: Double
        var left: Double { x }
        var right: Double { x + FlowDiagram.boxWidth }
        var centerX: Double { x + FlowDiagram.boxWidth / 2 }
        var midY: Double { y + FlowDiagram.boxHeight / 2 }
    }

    struct Rect: Equatable {
        var x, y, width, height: Double
        var midY: Double { y + height / 2 }
        var centerX: Double { x + width / 2 }
        var right: Double { x + width }
        var bottom: Double { y + height }
    }

    enum Side { case left, right }

    /// Where an arrow's label sits, relative to the columns of its ends.
    enum Kind {
        /// To a later column: out of the source's right side, through the label, into the target's left side.
        case forward
        /// To an earlier column: out of the source's left side, through the label, into the target's right side.
        case backward
        /// Within a column: out of the source's right side into the label, and back into the target's right side.
        case within
    }

    struct Edge {
        var from, to: String
        /// The triggers that lead along the arrow, each with its choices (none: no prompt), in the order of the rows.
        var triggers: [(trigger: String, choices: [String])]
        var lines: [(text: String, trigger: Bool)] = []
        var kind: Kind = .forward
        /// The lane (the gap right of this column) that holds the label.
        var lane = 0
        var label = Rect(x: 0, y: 0, width: 0, height: 0)
        var points: [(x: Double, y: Double)] = []
    }

    var shownStates: [String] { states ?? context.vocabulary.ids(.state) }

    // MARK: - Edges

    /// Arrows between different states, with their labels' lines, in the order of the rows.
    func edges() -> [Edge] {
        var order: [String] = []
        var edges: [String: Edge] = [:]
        for row in rows where row.outcome.to != row.from {
            let key = row.from + "|" + row.outcome.to
            if edges[key] == nil { order.append(key); edges[key] = Edge(from: row.from, to: row.outcome.to, triggers: []) }
            let choice = row.choice.map { context.name(.choice, $0) }
            if let index = edges[key]!.triggers.firstIndex(where: { $0.trigger == row.trigger }) {
                if let choice, !edges[key]!.triggers[index].choices.contains(choice) { edges[key]!.triggers[index].choices.append(choice) }
            } else {
                edges[key]!.triggers.append((row.trigger, choice.map { [$0] } ?? []))
            }
        }
        return order.map { key in
            var edge = edges[key]!
            for (trigger, choices) in edge.triggers {
                edge.lines.append((context.name(.trigger, trigger), true))
                let joined = "→ " + choices.joined(separator: " or ")
                if choices.isEmpty {
                    continue
                } else if joined.count <= Self.longLine {
                    edge.lines.append((joined, false))
                } else {
                    edge.lines += choices.enumerated().map { (($0.offset == 0 ? "→ " : "or ") + $0.element, false) }
                }
            }
            return edge
        }
    }

    /// "requestWhenInUseAuthorization() then Allow While Using App or Grant; …", for the description.
    func words(_ edge: Edge) -> String {
        edge.triggers.map { trigger, choices in
            context.name(.trigger, trigger) + (choices.isEmpty ? " (no prompt)" : " then " + choices.joined(separator: " or "))
        }.joined(separator: "; ")
    }

    // MARK: - Layout

    struct Layout {
        var boxes: [String: Box]
        var edges: [Edge]
        var width, height: Double
    }

    func layout() -> Layout {
        let states = shownStates
        let lastLayer = (layers.values.max() ?? 0) + (states.contains { layers[$0] == nil } ? 1 : 0)
        func column(_ state: String) -> Int { layers[state] ?? lastLayer }
        var columns = [[String]](repeating: [], count: lastLayer + 1)
        for state in states { columns[column(state)].append(state) }

        // Each arrow's kind and lane, and the label's size.
        var edges = edges().filter { states.contains($0.from) && states.contains($0.to) }
        for index in edges.indices {
            let a = column(edges[index].from), b = column(edges[index].to)
            edges[index].kind = b > a ? .forward : b < a ? .backward : .within
            edges[index].lane = b > a ? a : b
            let characters = edges[index].lines.map(\.text.count).max() ?? 0
            edges[index].label.width = (Double(characters) * Self.characterWidth + 12).rounded(.up)
            edges[index].label.height = Double(edges[index].lines.count) * Self.lineHeight + 8
        }
        // A lane right of every column; the last one only when an arrow within the last column needs it.
        let laneCount = max(columns.count - 1, (edges.map(\.lane).max() ?? -1) + 1)
        var laneWidth = [Double](repeating: 0, count: laneCount)
        var laneHeight = [Double](repeating: 0, count: laneCount)
        for edge in edges {
            laneWidth[edge.lane] = max(laneWidth[edge.lane], edge.label.width)
            laneHeight[edge.lane] += edge.label.height + Self.labelSpacing
        }
        var columnX: [Double] = []
        var laneX: [Double] = []
        var x = Self.margin
        for index in columns.indices {
            columnX.append(x)
            x += Self.boxWidth
            if index < laneCount {
                laneX.append(x + Self.lead)
                x += laneWidth[index] > 0 ? Self.lead * 2 + laneWidth[index] : Self.emptyLane
            }
        }
        let width = x + Self.margin
        let tallestColumn = columns.map { Double($0.count) * (Self.boxHeight + Self.boxSpacing) }.max() ?? 0
        let contentHeight = max(tallestColumn, laneHeight.max() ?? 0, Self.boxHeight + Self.boxSpacing)
        let top = Self.margin

        // Boxes spread evenly over the height, each column centred.
        var boxes: [String: Box] = [:]
        for (index, members) in columns.enumerated() {
            let step = contentHeight / Double(max(members.count, 1))
            for (row, state) in members.enumerated() {
                boxes[state] = Box(state: state, x: columnX[index], y: (top + step * (Double(row) + 0.5) - Self.boxHeight / 2).rounded())
            }
        }

        // Labels: each lane's labels as near the middle of their ends as they go without overlapping.
        for lane in 0..<laneCount {
            let members = edges.indices.filter { edges[$0].lane == lane }.sorted { a, b in
                let left = (boxes[edges[a].from]!.midY + boxes[edges[a].to]!.midY) / 2
                let right = (boxes[edges[b].from]!.midY + boxes[edges[b].to]!.midY) / 2
                return left != right ? left < right : a < b
            }
            var bottom = top - Self.labelSpacing
            for index in members {
                let wanted = (boxes[edges[index].from]!.midY + boxes[edges[index].to]!.midY) / 2 - edges[index].label.height / 2
                edges[index].label.y = max(wanted.rounded(), bottom + Self.labelSpacing)
                bottom = edges[index].label.bottom
            }
            var ceiling = top + contentHeight + Self.labelSpacing
            for index in members.reversed() {
                edges[index].label.y = min(edges[index].label.y, ceiling - Self.labelSpacing - edges[index].label.height)
                ceiling = edges[index].label.y
            }
            // One width for the lane's labels, so that every arrow stops at the lane's sides.
            for index in members {
                edges[index].label.x = laneX[lane]
                edges[index].label.width = laneWidth[lane]
            }
        }

        // Where the arrows leave and enter the boxes: spread along each side in the order of the
        // labels they run to, so that the arrows of one side do not cross each other.
        var attachments: [String: [(edge: Int, end: Int, labelY: Double)]] = [:]
        func sideKey(_ state: String, _ side: Side) -> String { state + (side == .left ? "|left" : "|right") }
        for (index, edge) in edges.enumerated() {
            let sourceSide: Side = edge.kind == .backward ? .left : .right
            let targetSide: Side = edge.kind == .forward ? .left : .right
            attachments[sideKey(edge.from, sourceSide), default: []].append((index, 0, edge.label.midY))
            attachments[sideKey(edge.to, targetSide), default: []].append((index, 1, edge.label.midY))
        }
        var ends = [[(x: Double, y: Double)]](repeating: [(0, 0), (0, 0)], count: edges.count)
        for state in states {
            for side in [Side.left, .right] {
                let list = (attachments[sideKey(state, side)] ?? []).sorted { ($0.labelY, $0.edge, $0.end) < ($1.labelY, $1.edge, $1.end) }
                let box = boxes[state]!
                for (position, item) in list.enumerated() {
                    let y = box.y + Self.boxHeight * Double(position + 1) / Double(list.count + 1)
                    ends[item.edge][item.end] = (side == .left ? box.left : box.right, (y * 10).rounded() / 10)
                }
            }
        }
        for index in edges.indices {
            let label = edges[index].label
            let (source, target) = (ends[index][0], ends[index][1])
            switch edges[index].kind {
            case .forward:
                edges[index].points = [source, (label.x, label.midY), (label.right, label.midY), target]
            case .backward:
                edges[index].points = [source, (label.right, label.midY), (label.x, label.midY), target]
            case .within:
                // Into the label as far as its middle, and back out of the same side.
                edges[index].points = [source, (label.x, label.midY), (label.centerX, label.midY), (label.x, label.midY), target]
            }
        }
        return Layout(boxes: boxes, edges: edges, width: width, height: top + contentHeight + Self.margin)
    }

    // MARK: - SVG

    func svg() -> String {
        let layout = layout()
        let n = Self.number
        let description =
            layout.edges.isEmpty
            ? "No transitions are described yet."
            : layout.edges.map { "\(context.name(.state, $0.from)) to \(context.name(.state, $0.to)): \(words($0))." }.joined(separator: " ")
        var out = "<figure class=\"flow-diagram\">\n"
        out += "<div class=\"flow-diagram-scroll\" tabindex=\"0\" role=\"group\" aria-label=\"Flow diagram; scrolls sideways on a narrow screen\">\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"flow-diagram-title flow-diagram-desc\" "
        out += "width=\"\(n(layout.width))\" height=\"\(n(layout.height))\" viewBox=\"0 0 \(n(layout.width)) \(n(layout.height))\" "
        out += "font-family=\"system-ui, sans-serif\" font-size=\"12\">\n"
        out += "<title id=\"flow-diagram-title\">Authorization flow: states and the transitions between them</title>\n"
        out += "<desc id=\"flow-diagram-desc\">\(Escape.html(description))</desc>\n"
        out +=
            "<defs><marker id=\"flow-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
        out += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"currentColor\"/></marker></defs>\n"
        // Each arrow with its label: the label is drawn over the part of the arrow that runs through it.
        for edge in layout.edges {
            let d = edge.points.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(n($0.element.x)),\(n($0.element.y))" }.joined(separator: " ")
            out += "<g class=\"flow-edge\">"
            out += "<path d=\"\(d)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.3\" stroke-linejoin=\"round\" marker-end=\"url(#flow-arrow)\"/>"
            let label = edge.label
            out += "<rect x=\"\(n(label.x))\" y=\"\(n(label.y))\" width=\"\(n(label.width))\" height=\"\(n(label.height))\" rx=\"4\" "
            out += "style=\"fill:var(--bg,#ffffff)\" stroke=\"currentColor\" stroke-width=\"0.6\"/>"
            for (index, line) in edge.lines.enumerated() {
                let y = label.y + 4 + Self.lineHeight * Double(index + 1) - 3.5
                let style = line.trigger ? " font-style=\"italic\"" : ""
                out +=
                    "<text x=\"\(n(label.centerX))\" y=\"\(n(y))\" text-anchor=\"middle\" font-size=\"11\"\(style) fill=\"currentColor\">\(Escape.html(line.text))</text>"
            }
            out += "</g>\n"
        }
        for state in shownStates {
            guard let box = layout.boxes[state] else { continue }
            let status = context.vocabulary.entity(.state, state)?.attributes["status"] ?? ""
            out += "<g class=\"flow-state\">"
            out += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(Self.boxWidth))\" height=\"\(n(Self.boxHeight))\" rx=\"8\" "
            out += "style=\"fill:var(--head-bg,#e8ebef)\" stroke=\"currentColor\" stroke-width=\"1.4\"/>"
            out +=
                "<text x=\"\(n(box.centerX))\" y=\"\(n(box.y + 22))\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"currentColor\">\(Escape.html(context.name(.state, state)))</text>"
            out +=
                "<text x=\"\(n(box.centerX))\" y=\"\(n(box.y + 40))\" text-anchor=\"middle\" font-size=\"11\" fill=\"currentColor\">\(Escape.html(status))</text>"
            out += "</g>\n"
        }
        out += "</svg>\n</div>\n"
        let initial = context.flow.initialState
        out += "<figcaption>The states (with the status each reports) in columns by distance from \(Escape.html(context.name(.state, initial))), "
        out += "and an arrow for each change of state, running through a label that names its triggers (in italics) and the choices at the prompt. "
        out +=
            "Calls that change nothing are not drawn: the tables below list every transition, by the state it starts in, with its platforms and sources.</figcaption>\n"
        out += "</figure>"
        return out
    }

    /// Numbers as SVG writes them: no trailing ".0", at most one decimal.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
