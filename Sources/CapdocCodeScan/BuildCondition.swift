/// When a piece of code is compiled and run, as the code itself says: the `#if` clauses around it
/// (`os(iOS)`, `targetEnvironment(macCatalyst)`, `TARGET_OS_TV`), the `@available` attributes of
/// the declarations it is in, the `#available` checks it is behind, and the `#if` early exits before it.
///
/// The scanner only records what is written; which platforms that means is the caller's to say,
/// with a ``CompilePlatform`` for each (capdoc takes them from its model, so that no platform is
/// named in the scanner). Anything the scanner cannot decide (`canImport(UIKit)`, `DEBUG`,
/// `arch(arm64)`, a comparison in a preprocessor line) is unknown, so code under it counts on every
/// platform the rest of the condition allows: both branches of `#if canImport(X)` are kept.
public indirect enum BuildCondition: Sendable, Hashable, CustomStringConvertible {
    /// A named condition as written: `os(iOS)`, `targetEnvironment(macCatalyst)`, `canImport(UIKit)`,
    /// or an Objective-C macro such as `TARGET_OS_IOS`.
    case atom(String)
    /// A run-time availability check, `#available(iOS 17, *)`: the platforms it names, which pass
    /// it on some versions only (`versions`: the version each is checked from, as written); every
    /// other platform passes it (the `*`).
    case available([String], versions: [String: String] = [:])
    /// A declaration's `@available` attributes: the platforms it is unavailable on, and those it
    /// is introduced on (which pass, so that `@available(macCatalyst 14, *)` overrides an iOS
    /// `unavailable` on Mac Catalyst), with the version each is introduced in, when written.
    case declared(unavailable: [String], introduced: [String], versions: [String: String] = [:])
    case constant(Bool)
    /// Something the scanner cannot evaluate.
    case unknown
    case not(BuildCondition)
    case all([BuildCondition])
    case any([BuildCondition])

    public static let always = BuildCondition.constant(true)

    /// The condition with trivial parts left out: `all` of one part is that part.
    static func all(of parts: [BuildCondition]) -> BuildCondition {
        let kept = parts.filter { $0 != .always }
        if kept.isEmpty { return .always }
        return kept.count == 1 ? kept[0] : .all(kept)
    }

    public var description: String {
        switch self {
        case .atom(let name): return name
        case .available(let names, _): return "#available(\((names + ["*"]).joined(separator: ", ")))"
        case .declared(let unavailable, let introduced, _):
            return "@available(" + (unavailable.map { "\($0), unavailable" } + introduced).joined(separator: "; ") + ")"
        case .constant(let value): return value ? "true" : "false"
        case .unknown: return "?"
        case .not(let inner): return "!\(inner.parenthesized)"
        case .all(let parts): return parts.map(\.parenthesized).joined(separator: " && ")
        case .any(let parts): return parts.map(\.parenthesized).joined(separator: " || ")
        }
    }

    private var parenthesized: String {
        switch self {
        case .all, .any: return "(\(description))"
        default: return description
        }
    }
}

/// Three-valued truth: a condition the scanner cannot decide is `maybe`, and code under it counts.
public enum Truth: Sendable, Hashable {
    case yes, no, maybe

    static prefix func ! (value: Truth) -> Truth {
        switch value {
        case .yes: return .no
        case .no: return .yes
        case .maybe: return .maybe
        }
    }
}

/// What holds when code is compiled for one platform, as capdoc's model lists it
/// (`platforms.yaml` `compile-conditions`): `os(iOS)`, `targetEnvironment(macCatalyst)`, the
/// Objective-C macros that are 1 (`TARGET_OS_IOS`), and `available(iOS)`, the names its
/// `@available` and `#available` arguments go by, the first that an attribute names winning
/// (`available(macCatalyst) available(iOS)`: Mac Catalyst falls back to iOS's availability).
public struct CompilePlatform: Sendable, Hashable {
    /// The conditions that hold, as written in the model.
    public let conditions: [String]
    /// The conditions that hold on some other platform: false here, rather than unknown.
    public let otherPlatformsConditions: Set<String>

    private let holding: Set<String>
    /// The `available(…)` names, in order, lowercased (Swift's `tvOS`, Objective-C's `tvos`).
    private let availabilityNames: [String]

    public init(conditions: [String], otherPlatformsConditions: Set<String>) {
        self.conditions = conditions
        self.otherPlatformsConditions = otherPlatformsConditions
        holding = Set(conditions)
        availabilityNames = conditions.compactMap { condition in
            guard condition.hasPrefix("available("), condition.hasSuffix(")") else { return nil }
            return String(condition.dropFirst("available(".count).dropLast()).lowercased()
        }
    }

    /// The platforms' conditions, each against the others': `lists` is every platform's list.
    public static func platforms(_ lists: [String: [String]]) -> [String: CompilePlatform] {
        lists.mapValues { conditions in
            let others = Set(lists.values.joined()).subtracting(conditions)
            return CompilePlatform(conditions: conditions, otherPlatformsConditions: others)
        }
    }

    /// Whether code under `condition` is compiled and may run on this platform. Conditions are as
    /// deep as the scanner builds them, which it bounds (``BuildConditionLimits``).
    public func evaluate(_ condition: BuildCondition) -> Truth {
        switch condition {
        case .atom(let name):
            if holding.contains(name) { return .yes }
            return otherPlatformsConditions.contains(name) ? .no : .maybe
        case .available(let names, _):
            guard !availabilityNames.isEmpty else { return .maybe }
            let written = Set(names.map { $0.lowercased() })
            return availabilityNames.contains(where: written.contains) ? .maybe : .yes
        case .declared(let unavailable, let introduced, _):
            if unavailable.contains("*") { return .no }  // `@available(*, unavailable)`: never called
            guard !availabilityNames.isEmpty else { return .maybe }
            // Swift writes `tvOS`, Objective-C's macros `tvos`: the same platform.
            let unavailable = Set(unavailable.map { $0.lowercased() })
            let introduced = Set(introduced.map { $0.lowercased() })
            for name in availabilityNames {
                if unavailable.contains(name) { return .no }
                if introduced.contains(name) { return .yes }
            }
            return .yes
        case .constant(let value): return value ? .yes : .no
        case .unknown: return .maybe
        case .not(let inner): return !evaluate(inner)
        case .all(let parts):
            var result = Truth.yes
            for part in parts {
                switch evaluate(part) {
                case .no: return .no
                case .maybe: result = .maybe
                case .yes: break
                }
            }
            return result
        case .any(let parts):
            var result = Truth.no
            for part in parts {
                switch evaluate(part) {
                case .yes: return .yes
                case .maybe: result = .maybe
                case .no: break
                }
            }
            return result
        }
    }

    /// Whether code under `condition` may be compiled for this platform: yes or maybe.
    public func mayCompile(_ condition: BuildCondition) -> Bool { evaluate(condition) != .no }

    /// The OS versions (as written) from which code under `condition` runs on this platform: those
    /// of the `#available` checks it is behind and the `@available` declarations it is in, which
    /// all hold for it (the caller takes the newest). A check's version for this platform is its
    /// first `available(…)` name the check names (Mac Catalyst: `macCatalyst`, else `iOS`). Nothing
    /// under a negation or an alternative: the `else` of a check runs on the older versions.
    public func versionsRequired(by condition: BuildCondition) -> [String] {
        func version(in versions: [String: String]) -> String? {
            let lowered = Dictionary(versions.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            return availabilityNames.lazy.compactMap { lowered[$0] }.first
        }
        switch condition {
        case .available(_, let versions), .declared(_, _, let versions): return version(in: versions).map { [$0] } ?? []
        case .all(let parts): return parts.flatMap(versionsRequired(by:))
        default: return []
        }
    }
}

/// How deep the scanner nests conditions, so that evaluating them stays bounded whatever the input.
enum BuildConditionLimits {
    /// Operators (`!`, `&&`, `||`, parentheses) nested deeper in one `#if` are unknown.
    static let maximumExpressionDepth = 32
    /// A clause after this many in one `#if … #elseif …` chain is unknown.
    static let maximumClauses = 64
    /// `#if` early exits remembered per block; later ones are ignored.
    static let maximumExitsPerBlock = 32
    /// Objective-C `#if`s nested deeper are unknown.
    static let maximumPreprocessorDepth = 64
}
