/// The rules for public ids: they become file names, URLs and man page names, so they must be safe as all three.
enum Identifier {
    /// kebab-case: lowercase ASCII letters and digits in words joined by single hyphens.
    static func isKebabCase(_ id: String) -> Bool {
        // One pass over the bytes: Foundation's `contains("--")` cost thousands of instructions per id,
        // a tenth of loading 100,000 claims.
        let bytes = id.utf8
        guard let first = bytes.first, let last = bytes.last, bytes.count <= 64, first != 0x2D, last != 0x2D else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D else { return false }
            if byte == 0x2D && previous == 0x2D { return false }
            previous = byte
        }
        return true
    }

    /// Info.plist key names: an ASCII letter, then ASCII letters and digits.
    static func isPlistKeyName(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= 100 else { return false }
        let isLetter = { (byte: UInt8) in (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
        return isLetter(first) && id.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Constant-style key names: an ASCII letter, then letters, digits, `_`, and `.` between words
    /// (never two in a row, nor last): still safe as a file, URL and man page name.
    static func isConstantKeyName(_ id: String) -> Bool {
        guard let first = id.utf8.first, let last = id.utf8.last, id.utf8.count <= 100, last != 0x2E else { return false }
        let isLetter = { (byte: UInt8) in (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
        var previous: UInt8 = 0
        for byte in id.utf8 {
            guard isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x2E else { return false }
            if byte == 0x2E && previous == 0x2E { return false }
            previous = byte
        }
        return isLetter(first)
    }

    /// Why `id` is unsafe for `kind`, or nil when it is fine; a key by the domain's `key-style`.
    static func problem(with id: String, kind: EntityKind, keyStyle: Domain.KeyStyle = .plist) -> String? {
        if kind == .key {
            switch keyStyle {
            case .plist: return isPlistKeyName(id) ? nil : "key '\(id)' must be ASCII letters and digits, starting with a letter (key-style: plist)"
            case .constant:
                return isConstantKeyName(id)
                    ? nil : "key '\(id)' must be ASCII letters, digits, '_' and single '.', starting with a letter (key-style: constant)"
            }
        }
        return isKebabCase(id)
            ? nil
            : "\(kind.rawValue) id '\(id)' is not safe as a file or URL name: use lowercase letters, digits and single hyphens (kebab-case)"
    }
}

extension StringProtocol {
    /// Whether the text is empty or only white space (without Foundation's bridging, which is slow on Linux).
    var isBlank: Bool { unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
