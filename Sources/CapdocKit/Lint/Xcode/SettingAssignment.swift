/// One `NAME[condition=pattern] = value` of a project file or an `.xcconfig`, with where it is
/// written so that a finding about a generated Info.plist key can point at the line to fix.
struct XcodeSettingAssignment: Sendable, Hashable {
    let name: String
    let conditions: [XcodeSettingCondition]
    /// The unexpanded value.
    let value: String
    /// The file as messages show it; empty for the defaults capdoc supplies.
    let file: String
    /// 1-based; 0 when unknown.
    let line: Int

    /// Splits `INFOPLIST_KEY_X[sdk=iphoneos*][config=Debug]` into the name and its conditions;
    /// nil when the key is not a setting name Xcode accepts (letters, digits, `_`, not starting
    /// with a digit), so that garbage keys never become settings.
    static func parseKey(_ key: String) -> (name: String, conditions: [XcodeSettingCondition])? {
        let scalars = Array(key.unicodeScalars)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        func skipBlanks(_ index: inout Int) { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        var index = 0
        skipBlanks(&index)
        let start = index
        while index < scalars.count, isNameScalar(scalars[index], first: index == start) { index += 1 }
        guard index > start else { return nil }
        let name = text(start..<index)
        var conditions: [XcodeSettingCondition] = []
        skipBlanks(&index)
        while index < scalars.count {
            guard scalars[index] == "[",
                let close = scalars[index...].firstIndex(of: "]"),
                let equals = scalars[index..<close].firstIndex(of: "="), equals > index + 1
            else { return nil }
            conditions.append(XcodeSettingCondition(parameter: text((index + 1)..<equals), pattern: text((equals + 1)..<close)))
            index = close + 1
            skipBlanks(&index)
        }
        return (name, conditions)
    }

    static func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "_": true
        case "0"..."9": !first
        default: false
        }
    }
}

/// `[sdk=iphoneos*]`: the setting applies only when the parameter's value matches the pattern.
struct XcodeSettingCondition: Sendable, Hashable {
    let parameter: String
    let pattern: String
}

/// The values conditions are matched against. capdoc resolves settings for one SDK and one
/// configuration, and for no particular architecture: like Xcode, a condition on a parameter
/// without a value matches only the pattern `*`.
struct XcodeConditionValues: Sendable, Hashable {
    /// The SDK's name without a version (`iphoneos`, `macosx`); nil when unknown.
    var sdk: String?
    var configuration: String

    func matches(_ conditions: [XcodeSettingCondition]) -> Bool {
        conditions.allSatisfy { condition in
            let value: String? =
                switch condition.parameter {
                case "sdk": sdk
                case "config": configuration
                case "variant": "normal"
                default: nil
                }
            guard let value else { return condition.pattern == "*" }
            return Self.glob(condition.pattern, matches: value)
        }
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: String, matches value: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars), value = Array(value.unicodeScalars)
        var p = 0, v = 0
        var star: Int?, resume = 0
        while v < value.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = v
                p += 1
            } else if p < pattern.count, pattern[p] == value[v] {
                p += 1
                v += 1
            } else if let star {
                p = star + 1
                resume += 1
                v = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
