/// Names that must match Apple's spelling character for character — API names, selectors, symbols:
/// `lint-plist --sources` looks for them in an app's code, and pages tell developers to type them.
/// Apple's are printable ASCII, so a character outside it (a zero-width space, a Cyrillic "а" that
/// looks like a Latin "a") can only be a mistake or a trick that makes the name match nothing: it
/// is refused with the character named and its place.
enum AppleSpelling {
    /// The fields of the vocabulary whose values are spelled as Apple spells them.
    static let fields: Set<String> = ["apis", "api", "objc", "symbol"]

    /// Why `name` is refused (the first character outside printable ASCII, named), with that
    /// character's offset in the name; nil when it is printable ASCII.
    static func problem(_ name: String, field: String) -> (message: String, offset: Int)? {
        for (offset, scalar) in name.unicodeScalars.enumerated() where !(0x20...0x7E).contains(scalar.value) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            let described = scalar.properties.name.map { "\(code) \($0)" } ?? code
            return (
                "\(field) '\(DisplayText.line(name))' holds \(described) (character \(offset + 1)): names that must match Apple's spelling are printable ASCII",
                offset
            )
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
