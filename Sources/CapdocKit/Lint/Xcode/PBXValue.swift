import Foundation

/// A value of `project.pbxproj` as Foundation parsed it, copied into a Sendable tree so that the
/// rest of the reader never casts `Any` (every value in the file is untrusted: any field may be
/// of any type).
indirect enum PBXValue: Sendable, Hashable {
    case string(String)
    case array([PBXValue])
    case dictionary([String: PBXValue])
    /// Anything an old-style plist cannot hold but an XML or binary one can (a number, a date…),
    /// kept as text for settings and ignored elsewhere.
    case other(String)

    /// Foundation nests at most a few hundred levels; the bound is only a second guard.
    private static let maximumDepth = 512

    init(foundation value: Any, depth: Int = 0) {
        if let text = value as? String {
            self = .string(text)
        } else if depth >= Self.maximumDepth {
            self = .other("nested too deeply")
        } else if let array = value as? [Any] {
            self = .array(array.map { PBXValue(foundation: $0, depth: depth + 1) })
        } else if let dictionary = value as? [AnyHashable: Any] {
            var converted: [String: PBXValue] = [:]
            for (key, element) in dictionary {
                guard let name = key.base as? String else { continue }
                converted[name] = PBXValue(foundation: element, depth: depth + 1)
            }
            self = .dictionary(converted)
        } else if type(of: value) == Bool.self, let flag = value as? Bool {
            self = .other(flag ? "YES" : "NO")
        } else if let number = value as? NSNumber {
            self = .other(number.stringValue)
        } else {
            self = .other(String(describing: type(of: value)))
        }
    }

    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    var array: [PBXValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    var dictionary: [String: PBXValue]? {
        if case let .dictionary(fields) = self { return fields }
        return nil
    }

    /// A build setting's text: a string as is, an array's strings joined with spaces (how Xcode
    /// reads a list setting as a string), a boolean or number of an XML plist as text; nil for a
    /// dictionary, which no setting can be.
    var settingText: String? {
        switch self {
        case let .string(text): text
        case let .array(elements): elements.compactMap(\.settingText).joined(separator: " ")
        case .dictionary: nil
        case let .other(text): text
        }
    }

    /// The type as messages name it.
    var typeDescription: String {
        switch self {
        case .string: "a string"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .other: "a value of another type"
        }
    }

    /// The type of a value Foundation returned, before conversion.
    static func typeDescription(ofFoundation value: Any) -> String {
        if value is String { return "a string" }
        if value is [Any] { return "an array" }
        if type(of: value) == Bool.self { return "a boolean" }
        if value is NSNumber { return "a number" }
        if value is Data { return "data" }
        if value is Date { return "a date" }
        return "a value of type \(type(of: value))"
    }
}
