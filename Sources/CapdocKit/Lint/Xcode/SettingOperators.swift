/// The operators of `$(NAME:op)` that settings an Info.plist depends on use: bundle identifiers
/// (`$(PRODUCT_NAME:rfc1034identifier)`), names (`:lower`, `:upper`, `:identifier`), file paths
/// (`:dir`, `:file`, `:base`, `:suffix`, `:standardizepath`), `:not`, and `:default=value`.
/// Any other operator (Xcode's `:quote`, `:relativeto=`, `:dir=`…) is not supported: nil, and the
/// reference expands to nothing.
enum XcodeSettingOperators {
    /// `expand` expands the text after `=` of `default=`, which may hold references.
    static func apply(_ operation: String, to value: String, expand: (String) -> String) -> String? {
        if let equals = operation.firstIndex(of: "=") {
            guard operation[..<equals] == "default" else { return nil }
            return value.isEmpty ? expand(String(operation[operation.index(after: equals)...])) : value
        }
        switch operation {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "identifier", "c99extidentifier": return identifier(value, keeping: "_", replacement: "_")
        case "rfc1034identifier": return identifier(value, keeping: "-", replacement: "-")
        case "dir":
            let folder = parentFolder(value)
            return folder.hasSuffix("/") ? folder : folder + "/"
        case "file": return lastComponent(value)
        case "base":
            let file = lastComponent(value)
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
            return String(file[..<dot])
        case "suffix":
            let file = lastComponent(value)
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return "" }
            return String(file[dot...])
        case "standardizepath": return value.isEmpty ? "" : XcodePath.normalize(value)
        case "not": return value == "YES" ? "NO" : "YES"
        default: return nil
        }
    }

    /// ASCII letters stay, digits stay except first, `kept` stays, every other character (an
    /// accented letter included) becomes one `replacement`, as Xcode makes a C or RFC 1034
    /// identifier.
    /// (`c99extidentifier` is treated like `identifier`: it differs only for non-ASCII letters.)
    private static func identifier(_ value: String, keeping kept: Character, replacement: Character) -> String {
        var result = ""
        for (offset, character) in value.enumerated() {
            switch character {
            case "A"..."Z", "a"..."z", kept: result.append(character)
            case "0"..."9" where offset > 0: result.append(character)
            default: result.append(replacement)
            }
        }
        return result
    }

    /// `a/b/c` → `a/b`; `c` → `.` (Xcode writes `./` for `:dir` then).
    private static func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
