/// An Objective-C spelling of an API (``APIPattern/objectiveC``).
enum ObjCPattern: Sendable, Hashable {
    /// A selector: `requestLocation` (no arguments) or `startMonitoringForRegion:`,
    /// `didReceiveLocationPushPayload:completion:` (one part per argument).
    case selector(String)
    /// A class or protocol name, `CLGeocoder`: any mention of it in code.
    case typeName(String)

    /// The pattern `spelling` stands for, or nil if it is neither a selector nor a name.
    ///
    /// A name without colons is a type when it is capitalised and a selector otherwise: Cocoa
    /// capitalises class and protocol names and never method names.
    init?(spelling: String) {
        let spelling = String(spelling.filter { !$0.isWhitespace })
        guard let first = spelling.unicodeScalars.first, first.isASCII, ASCII.isIdentifierStart(UInt8(first.value)),
            spelling.utf8.allSatisfy({ ASCII.isIdentifierContinuation($0) || $0 == ASCII.colon })
        else { return nil }
        if spelling.contains(":") {
            // Every part named and ended by its colon: `a:b:`, not `a:b` or `a::`.
            guard spelling.hasSuffix(":"), !spelling.contains("::") else { return nil }
            self = .selector(spelling)
        } else if first.properties.isUppercase {
            self = .typeName(spelling)
        } else {
            self = .selector(spelling)
        }
    }

    /// How many arguments a selector takes: the number of its colons.
    static func argumentCount(of selector: String) -> Int { selector.utf8.filter { $0 == ASCII.colon }.count }
}
