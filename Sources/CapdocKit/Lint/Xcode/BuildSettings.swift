/// Expands build settings the way Xcode does, for one target, configuration and SDK.
///
/// Each setting has a stack of definitions, lowest level first (capdoc's defaults, the project's
/// `.xcconfig`, the project, the target's `.xcconfig`, the target), holding only those whose
/// conditions hold. A setting's value is its top definition, expanded:
/// - `$(NAME)` and `${NAME}` are replaced by NAME's value; an unknown NAME by nothing;
/// - `$(inherited)` by the value of the definition below the one being expanded;
/// - a reference to a setting that is already being expanded further out (`A = $(A) x`, or
///   `A = $(B)` with `B = $(A)`) also means the definition below that one, as in Xcode: so a
///   cycle runs down the stacks and ends instead of looping;
/// - `$(NAME:op)` applies Xcode's operators (see `XcodeSettingOperators`);
/// - `$(A_$(B))`: the name itself may hold references.
///
/// Work is bounded by a nesting depth and by budgets of references and characters, so that a
/// hostile project cannot make an expansion take exponential time or memory: past them the
/// reference expands to nothing and a warning says so.
final class XcodeSettingEvaluator {
    static let maximumDepth = 200
    static let maximumReferences = 200_000
    static let maximumCharacters = 16 << 20

    private let stacks: [String: [XcodeSettingAssignment]]
    private var referencesLeft = XcodeSettingEvaluator.maximumReferences
    private var charactersLeft = XcodeSettingEvaluator.maximumCharacters
    private(set) var warnings: [String] = []

    /// A definition being expanded: setting name and index in its stack.
    private struct Frame {
        let name: String
        let index: Int
    }

    init(stacks: [String: [XcodeSettingAssignment]]) {
        self.stacks = stacks
    }

    /// The expanded value of a setting; "" when it has no definition.
    func value(of name: String) -> String {
        guard let stack = stacks[name], !stack.isEmpty else { return "" }
        return expand(definitionAt: stack.count - 1, of: name, chain: [])
    }

    /// Expands any text in the context of these settings (no setting being expanded).
    func expand(_ text: String) -> String { expand(text, chain: []) }

    private func expand(definitionAt index: Int, of name: String, chain: [Frame]) -> String {
        guard let definition = stacks[name]?[index], charactersLeft >= 0 else { return "" }
        guard chain.count < Self.maximumDepth else {
            warn("settings nest more than \(Self.maximumDepth) deep (at \(name)); the rest expands to nothing")
            return ""
        }
        let result = expand(definition.value, chain: chain + [Frame(name: name, index: index)])
        charactersLeft -= result.utf8.count
        guard charactersLeft >= 0 else {
            warn("settings expand to more than \(Self.maximumCharacters) characters; the rest expands to nothing")
            return ""
        }
        return result
    }

    /// Replaces every `$(…)` and `${…}` of `text`.
    private func expand(_ text: String, chain: [Frame]) -> String {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var literalStart = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "(") || bytes[index + 1] == UInt8(ascii: "{"),
                let close = Self.closing(bytes, openingAt: index + 1)
            else {
                index += 1
                continue
            }
            result += bytes[literalStart..<index]
            let inside = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
            result += Array(reference(inside, chain: chain).utf8)
            index = close + 1
            literalStart = index
        }
        result += bytes[literalStart...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The index of the `)` or `}` closing the bracket at `open`, skipping nested references;
    /// nil when it is never closed (the text is then kept as written).
    private static func closing(_ bytes: [UInt8], openingAt open: Int) -> Int? {
        var expected: [UInt8] = [bytes[open] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")]
        var index = open + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") || bytes[index + 1] == UInt8(ascii: "{") {
                expected.append(bytes[index + 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}"))
                index += 2
                continue
            }
            if byte == expected.last {
                expected.removeLast()
                if expected.isEmpty { return index }
            }
            index += 1
        }
        return nil
    }

    /// The value of `NAME` or `NAME:op:op` (the text between the brackets).
    private func reference(_ inside: String, chain: [Frame]) -> String {
        guard referencesLeft > 0 else {
            warn("more than \(Self.maximumReferences) setting references; the rest expand to nothing")
            return ""
        }
        referencesLeft -= 1
        let parts = Self.splitOperators(inside)
        let name = expand(parts[0], chain: chain)
        var value = lookUp(name, chain: chain)
        for operation in parts.dropFirst() {
            switch XcodeSettingOperators.apply(operation, to: value, expand: { self.expand($0, chain: chain) }) {
            case let .some(result):
                value = result
            case .none:
                warn("the operator :\(operation) (in $(\(inside))) is not supported; it expands to nothing")
                value = ""
            }
        }
        return value
    }

    /// The value a name refers to from inside the definitions being expanded (`chain`).
    private func lookUp(_ name: String, chain: [Frame]) -> String {
        if name == "inherited" {
            guard let current = chain.last else { return "" }
            return current.index > 0 ? expand(definitionAt: current.index - 1, of: current.name, chain: chain) : ""
        }
        if let outer = chain.last(where: { $0.name == name }) {
            return outer.index > 0 ? expand(definitionAt: outer.index - 1, of: name, chain: chain) : ""
        }
        guard let stack = stacks[name], !stack.isEmpty else { return "" }
        return expand(definitionAt: stack.count - 1, of: name, chain: chain)
    }

    /// `NAME:lower:default=x` → `[NAME, lower, default=x]`, splitting only at colons outside
    /// nested references.
    private static func splitOperators(_ inside: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in inside {
            if (character == "(" || character == "{") && previous == "$" { depth += 1 }
            if (character == ")" || character == "}") && depth > 0 { depth -= 1 }
            if character == ":" && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        parts.append(current)
        return parts
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }
}
