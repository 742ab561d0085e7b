import Foundation

/// What a source's `url:` must be: an absolute http(s) URL that every output can carry as it is.
///
/// Why more than the scheme: the URL is written into every format — an `href`, a Markdown link
/// (as an autolink `<URL>` when its text is the URL), a man page. A newline, a space or a `>` ends
/// an autolink early and the rest is read again as Markdown (`\n\n[x]: javascript:…`, `<img onerror>`);
/// a control character or a character no URL may hold (`<>"{}|\^` and the backtick, RFC 3986) has no
/// use in one. Such a URL is refused where it is read, with its position, instead of escaped later.
enum SourceURL {
    /// Why the URL is refused, or nil when it is fine.
    static func problem(_ url: String) -> String? {
        let rest: Substring
        if url.hasPrefix("https://") {
            rest = url.dropFirst("https://".count)
        } else if url.hasPrefix("http://") {
            rest = url.dropFirst("http://".count)
        } else {
            return "url must start with https:// or http://"
        }
        for scalar in url.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.value == 0x20 {
                return "url must not contain white space (found \(describe(scalar)))"
            }
            if scalar.properties.generalCategory == .control {
                return "url must not contain control characters (found \(describe(scalar)))"
            }
            if forbidden.contains(scalar) {
                return "url must not contain '\(scalar)' (not allowed in a URL; percent-encode it)"
            }
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.isEmpty || authority.hasPrefix("@") || authority.hasPrefix(":") {
            return "url must name a host after \(url.hasPrefix("https://") ? "https://" : "http://")"
        }
        // `https://developer.apple.com@evil.example/` goes to evil.example: the link would read as
        // Apple's and lead elsewhere.
        if authority.contains("@") {
            return
                "url must not hold a user name or password before its host ('\(authority.prefix { $0 != "@" })@'): the link would read as one host and go to another"
        }
        if let scalar = authority.unicodeScalars.first(where: { $0.value > 0x7E }) {
            return
                "url's host holds \(describe(scalar))\(scalar.properties.name.map { " " + $0 } ?? ""), which can pass for another host's letter: write an internationalized host as punycode (xn--…)"
        }
        return nil
    }

    /// The host of a URL `problem` accepts, lowercased, without its port.
    static func host(_ url: String) -> String {
        let rest = url.drop { $0 != "/" }.dropFirst(2)
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }).lowercased()
    }

    /// ASCII characters RFC 3986 leaves out of URLs.
    private static let forbidden: Set<Unicode.Scalar> = ["<", ">", "\"", "{", "}", "|", "\\", "^", "`"]

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        String(format: "U+%04X", scalar.value)
    }
}
