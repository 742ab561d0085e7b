import Foundation

/// `capdoc diff OLD.json NEW.json`: what moved between two builds of `capdoc.json` (7.x), as a tool
/// author asks it: which entities came or went, which answers changed (a timeline's ranges, answer
/// words, values, gates, replacements), which timelines changed only the claims they cite, and what
/// happened to the claims and the flow. Reads the files as any consumer does, not the model.
public struct DatasetDiff: Sendable {
    /// One dataset, read.
    public struct Dataset: @unchecked Sendable {
        let path: String
        let root: [String: Any]

        /// Reads a `capdoc.json` of the shape this capdoc writes (the same major `schemaVersion`).
        public init(path: String, data: Data) throws(Failure) {
            self.path = path
            let parsed: Any
            do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
                let place = JSONErrorPosition.of(error, in: data)
                throw Failure(
                    path: path, line: place?.line, column: place?.column, message: "not JSON: \(DisplayText.line(JSONErrorPosition.message(of: error)))")
            }
            guard let root = parsed as? [String: Any] else { throw Failure(path: path, message: "not a capdoc dataset: the top level is not an object") }
            let major = DatasetRenderer.schemaVersion.prefix { $0 != "." }
            guard let version = root["schemaVersion"] as? String else { throw Failure(path: path, message: "not a capdoc dataset: no schemaVersion") }
            guard version.prefix(while: { $0 != "." }) == major else {
                throw Failure(
                    path: path,
                    message: "schemaVersion \(version), but this capdoc reads \(major).x (docs/dataset.md says how to migrate; rebuild it with this capdoc)")
            }
            self.root = root
        }

        var release: String {
            let content = root["content"] as? [String: Any]
            let version = content?["version"] as? String ?? "unversioned"
            return (content?["date"] as? String).map { "\(version) (\($0))" } ?? version
        }
    }

    /// A file that is not a dataset this capdoc reads; where the JSON is malformed, the place.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let column: Int?
        public let message: String
        /// `path:line:col: message`, or `path: message` when no place is known.
        public var description: String {
            let place = line.map { ":\($0):\(column ?? 1)" } ?? ""
            return "\(DisplayText.line(path))\(place): \(message)"
        }

        public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// A timeline or member that differs: its entity (`services/region-monitoring`) and where in it.
    public struct Change: Sendable, Equatable {
        public let entity: String
        public let path: String
        /// The answers before and after, without their citations (JSON values, compact).
        public let old: JSONValue
        public let new: JSONValue
    }

    public let old: Dataset, new: Dataset
    public private(set) var added: [String] = []
    public private(set) var removed: [String] = []
    public private(set) var changed: [Change] = []
    /// Timelines whose answers are the same but whose citations differ.
    public private(set) var citationsOnly: [(entity: String, path: String)] = []
    public private(set) var claims: (added: [String], removed: [String], requoted: [String]) = ([], [], [])
    public private(set) var transitions: (added: [String], removed: [String]) = ([], [])

    static let sections = ["platforms", "statuses", "services", "keys", "requests", "apis", "bundles"]

    public init(old: Dataset, new: Dataset) {
        self.old = old
        self.new = new
        for section in Self.sections {
            let before = old.root[section] as? [String: Any] ?? [:], after = new.root[section] as? [String: Any] ?? [:]
            for id in after.keys.sorted() where before[id] == nil { added.append("\(section)/\(id)") }
            for id in before.keys.sorted() where after[id] == nil { removed.append("\(section)/\(id)") }
            for id in before.keys.sorted() where after[id] != nil {
                compare(before[id]!, after[id]!, entity: "\(section)/\(id)", path: "")
            }
        }
        let claimsBefore = old.root["claims"] as? [String: [String: Any]] ?? [:], claimsAfter = new.root["claims"] as? [String: [String: Any]] ?? [:]
        claims.added = claimsAfter.keys.filter { claimsBefore[$0] == nil }.sorted()
        claims.removed = claimsBefore.keys.filter { claimsAfter[$0] == nil }.sorted()
        claims.requoted = claimsBefore.keys.filter { key in
            claimsAfter[key].map { ($0["quote"] as? String) != (claimsBefore[key]?["quote"] as? String) } ?? false
        }.sorted()
        let transitionsBefore = Set(Self.transitions(old.root)), transitionsAfter = Set(Self.transitions(new.root))
        transitions.added = transitionsAfter.subtracting(transitionsBefore).sorted()
        transitions.removed = transitionsBefore.subtracting(transitionsAfter).sorted()
    }

    /// Each transition of the flow as a line: where it holds and what it does, without its citations.
    private static func transitions(_ root: [String: Any]) -> [String] {
        let rows = (root["flow"] as? [String: Any])?["transitions"] as? [[String: Any]] ?? []
        return rows.map { row in
            var copy = row
            for key in citationMembers { copy[key] = nil }
            let choice = (row["choice"] as? String).map { " / \($0)" } ?? ""
            let platforms = (row["platforms"] as? [String] ?? []).joined(separator: ", ")
            return "\(row["from"] as? String ?? "?") --\(row["trigger"] as? String ?? "?")\(choice)--> \(row["to"] as? String ?? "?") on \(platforms) "
                + Self.json(copy).serialized(.compact).dropLast()
        }
    }

    private static let citationMembers: Set<String> = ["citations", "corroborating", "moreCorroborating", "adjudications"]

    /// Whether a value is a timeline: a list of segments, each with an answer word.
    private static func isTimeline(_ value: Any) -> Bool {
        guard let list = value as? [Any] else { return false }
        return list.allSatisfy { ($0 as? [String: Any])?["answer"] is String }
    }

    private mutating func compare(_ before: Any, _ after: Any, entity: String, path: String) {
        if Self.isTimeline(before) || Self.isTimeline(after), before is [Any], after is [Any] {
            let answersBefore = Self.answers(before), answersAfter = Self.answers(after)
            if answersBefore != answersAfter {
                changed.append(Change(entity: entity, path: path, old: answersBefore, new: answersAfter))
            } else if Self.json(before) != Self.json(after) {
                citationsOnly.append((entity, path))
            }
            return
        }
        if let objectBefore = before as? [String: Any], let objectAfter = after as? [String: Any] {
            for key in Set(objectBefore.keys).union(objectAfter.keys).sorted() {
                let inner = path.isEmpty ? key : "\(path).\(key)"
                switch (objectBefore[key], objectAfter[key]) {
                case let (left?, right?): compare(left, right, entity: entity, path: inner)
                case let (left, right):
                    changed.append(Change(entity: entity, path: inner, old: left.map(Self.json) ?? .null, new: right.map(Self.json) ?? .null))
                }
            }
            return
        }
        if Self.json(before) != Self.json(after) { changed.append(Change(entity: entity, path: path, old: Self.json(before), new: Self.json(after))) }
    }

    /// A timeline's segments without what they cite.
    private static func answers(_ timeline: Any) -> JSONValue {
        .array(
            (timeline as? [[String: Any]] ?? []).map { segment in
                json(segment.filter { !citationMembers.contains($0.key) })
            })
    }

    /// A value Foundation read, as a `JSONValue`.
    static func json(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        // The dataset holds no numbers, so a number read is a boolean (Foundation may give either).
        case let flag as Bool: return .bool(flag)
        case let number as NSNumber: return .number(number.intValue)
        case let list as [Any]: return .array(list.map(json))
        case let object as [String: Any]: return .object(object.mapValues(json))
        default: return .null
        }
    }

    // MARK: Output

    /// A timeline in a line: `before 5.0 not-on-platform; 5.0–13.0 no; 13.0+ yes`.
    static func line(_ answers: JSONValue) -> String {
        guard case let .array(segments) = answers else { return String(answers.serialized(.compact).dropLast()) }
        if segments.isEmpty { return "(nothing decided)" }
        return segments.map { segment -> String in
            guard case let .object(members) = segment else { return String(segment.serialized(.compact).dropLast()) }
            var range = "every version"
            if case let .object(os)? = members["os"] {
                let from = os["from"].flatMap { if case let .string(text) = $0 { text } else { nil } }
                let until = os["until"].flatMap { if case let .string(text) = $0 { text } else { nil } }
                range =
                    switch (from, until) {
                    case let (from?, until?): "\(from)–\(until)"
                    case let (from?, nil): "\(from)+"
                    case let (nil, until?): "before \(until)"
                    case (nil, nil): "every version"
                    }
            }
            var details: [String] = []
            for key in ["value", "gate", "replacement", "since", "launchesTerminatedApp", "deprecated"] {
                guard let value = members[key] else { continue }
                if case let .string(text) = value {
                    details.append("\(key) \(text)")
                } else {
                    details.append("\(key) \(value.serialized(.compact).dropLast())")
                }
            }
            let answer = members["answer"].flatMap { if case let .string(text) = $0 { text } else { nil } } ?? "?"
            return "\(range) \(answer)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        }.joined(separator: "; ")
    }

    public var text: String {
        var lines = ["\(DisplayText.line(old.path)) \(old.release) → \(DisplayText.line(new.path)) \(new.release)"]
        lines += added.map { "added    \($0)" }
        lines += removed.map { "removed  \($0)" }
        for change in changed {
            lines.append("changed  \(change.entity) \(change.path)")
            lines.append("  - \(DisplayText.line(Self.line(change.old)))")
            lines.append("  + \(DisplayText.line(Self.line(change.new)))")
        }
        lines += transitions.added.map { "added    flow transition \(DisplayText.line($0))" }
        lines += transitions.removed.map { "removed  flow transition \(DisplayText.line($0))" }
        lines.append(
            "\(changed.count) answers changed, \(added.count) entities added, \(removed.count) removed; "
                + "\(citationsOnly.count) timelines changed only their citations; "
                + "claims: \(claims.added.count) added, \(claims.removed.count) removed, \(claims.requoted.count) quotes changed")
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: JSONValue {
        func release(_ dataset: Dataset) -> JSONValue {
            .object([
                "path": .string(dataset.path), "schemaVersion": Self.json(dataset.root["schemaVersion"] ?? NSNull()),
                "content": Self.json(dataset.root["content"] ?? NSNull()),
            ])
        }
        return .object([
            "old": release(old), "new": release(new),
            "added": .strings(added), "removed": .strings(removed),
            "changed": .array(changed.map { .object(["entity": .string($0.entity), "path": .string($0.path), "old": $0.old, "new": $0.new]) }),
            "citationsOnly": .array(citationsOnly.map { .object(["entity": .string($0.entity), "path": .string($0.path)]) }),
            "claims": .object(["added": .strings(claims.added), "removed": .strings(claims.removed), "quoteChanged": .strings(claims.requoted)]),
            "flowTransitions": .object(["added": .strings(transitions.added), "removed": .strings(transitions.removed)]),
        ])
    }
}
