/// Objective-C's availability attributes on a method or function definition, read as Swift's
/// `@available` is (``BuildCondition/declared(unavailable:introduced:)``), so that a call in
/// `- (void)track API_UNAVAILABLE(tvos) { … }` counts on no tvOS build:
/// `API_UNAVAILABLE(tvos, watchos)`, `API_AVAILABLE(ios(14.0), macos(11.0))` (and their `__API_`
/// spellings), and `__attribute__((availability(tvos, unavailable)))`.
///
/// The platform names are the macros' (`tvos`, `maccatalyst`); ``CompilePlatform`` compares them
/// with the model's `available(…)` names without regard to case. Nothing else of the macros is read.
enum ObjCAvailability {
    struct Attribute: Equatable {
        var unavailable: [String] = []
        var introduced: [String] = []

        var condition: BuildCondition? {
            unavailable.isEmpty && introduced.isEmpty ? nil : .declared(unavailable: unavailable, introduced: introduced)
        }

        mutating func add(_ other: Attribute) {
            unavailable += other.unavailable
            introduced += other.introduced
        }
    }

    /// Tokens read for one attribute at most: a real one has a few dozen, and an unclosed one in a
    /// hostile file must not make each later one read to the end of the file.
    static let maximumTokens = 256

    static let unavailableMacros: Set<String> = ["API_UNAVAILABLE", "__API_UNAVAILABLE"]
    static let availableMacros: Set<String> = ["API_AVAILABLE", "__API_AVAILABLE"]

    /// The attribute starting at `tokens[start]`, and the index after its closing parenthesis; nil
    /// when no availability attribute starts there.
    static func attribute(in tokens: [ObjCToken], at start: Int) -> (attribute: Attribute, end: Int)? {
        guard let name = tokens[safe: start], name.kind == .identifier,
            unavailableMacros.contains(name.text) || availableMacros.contains(name.text) || name.text == "__attribute__",
            tokens[safe: start + 1]?.isPunctuation("(") == true
        else { return nil }
        var attribute = Attribute()
        var depth = 0
        var index = start + 1
        // `availability(` of `__attribute__((availability(tvos, unavailable)))`: the depth inside it,
        // its platform, and whether it says `unavailable`.
        var availability: (depth: Int, platform: String?, unavailable: Bool)?
        while let token = tokens[safe: index], index - start <= maximumTokens {
            if token.isPunctuation("(") {
                depth += 1
            } else if token.isPunctuation(")") {
                if let open = availability, depth == open.depth {
                    if let platform = open.platform {
                        if open.unavailable { attribute.unavailable.append(platform) } else { attribute.introduced.append(platform) }
                    }
                    availability = nil
                }
                depth -= 1
                if depth == 0 { return attribute == Attribute() && name.text == "__attribute__" ? nil : (attribute, index + 1) }
            } else if token.isPunctuation(";") || token.isPunctuation("{") {
                return nil  // unbalanced: not an attribute
            } else if token.kind == .identifier {
                let opensCall = tokens[safe: index + 1]?.isPunctuation("(") == true
                if name.text == "__attribute__" {
                    if token.text == "availability", opensCall, availability == nil {
                        availability = (depth + 1, nil, false)
                    } else if var open = availability, depth == open.depth {
                        if token.text == "unavailable" { open.unavailable = true } else if open.platform == nil { open.platform = token.text }
                        availability = open
                    }
                } else if depth == 1 {
                    if unavailableMacros.contains(name.text) {
                        attribute.unavailable.append(token.text)
                    } else if opensCall {
                        attribute.introduced.append(token.text)
                    }
                }
            }
            index += 1
        }
        return nil
    }
}
