/// What `capdoc serve` adds to an HTML page, and only when serving it (the files `capdoc build`
/// writes never have it): a banner with the check's diagnostics after `<body>`, and before
/// `</body>` a script that reloads the page when the site is rebuilt. Both sit between the
/// `begin`/`end` comments, so that a test can take them out and compare the rest with the build.
public struct PageDecoration: Sendable {
    public static let begin = "<!-- capdoc serve -->"
    public static let end = "<!-- /capdoc serve -->"

    var generation: Int
    var diagnostics: String
    var hasErrors: Bool

    func decorate(_ page: [UInt8]) -> [UInt8] {
        var page = page
        if let closing = Self.lastRange(of: Array("</body>".utf8), in: page) {
            page.insert(contentsOf: Array(script.utf8), at: closing)
        } else {
            page += Array(script.utf8)
        }
        if !diagnostics.isEmpty {
            // After the `>` of `<body …>`; at the top when a template has no body tag.
            let opening = Self.firstRange(of: Array("<body".utf8), in: page).flatMap { start in page[start...].firstIndex(of: UInt8(ascii: ">")) }
            page.insert(contentsOf: Array(banner.utf8), at: opening.map { $0 + 1 } ?? 0)
        }
        return page
    }

    /// Errors open, in red: the page under them is the last good build, not the current Content.
    /// Warnings, which don't block the build, closed. Styled inline: a template's style.css may
    /// be the very thing that is broken.
    var banner: String {
        let count = diagnostics.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.count
        let summary =
            hasErrors
            ? "capdoc check failed: this page is the last good build. Fix the errors and it reloads."
            : "capdoc check: \(count) warning\(count == 1 ? "" : "s")"
        let colour = hasErrors ? "#b00020" : "#8a5a00"
        return Self.begin
            + "<details id=\"capdoc-serve-diagnostics\" role=\"\(hasErrors ? "alert" : "status")\"\(hasErrors ? " open" : "")"
            + " style=\"margin:0;padding:.5em 1em;border-bottom:3px solid \(colour);background:#fff;color:#111;font:14px/1.4 system-ui,sans-serif;position:relative;z-index:1000\">"
            + "<summary style=\"cursor:pointer;font-weight:bold;color:\(colour)\">\(HTMLText.escape(summary))</summary>"
            + "<pre style=\"white-space:pre-wrap;overflow-x:auto;font:13px/1.35 ui-monospace,monospace;color:#111;background:#f6f6f6;padding:.5em\">"
            + HTMLText.escape(diagnostics) + "</pre></details>" + Self.end
    }

    /// Listens to `/_capdoc/events`, which sends the current generation on connecting and after
    /// every rebuild; a page of another generation reloads. A page opened just before a rebuild
    /// thus reloads too. EventSource reconnects by itself when the server restarts.
    var script: String {
        Self.begin
            + "<script>(function(){if(!window.EventSource)return;var g=\"\(generation)\";"
            + "var s=new EventSource(\"/_capdoc/events\");"
            + "s.addEventListener(\"reload\",function(e){if(e.data!==g){s.close();location.reload();}});})();</script>"
            + Self.end
    }

    static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) { return start }
        return nil
    }

    static func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in stride(from: haystack.count - needle.count, through: 0, by: -1) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// Text as HTML character data.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // Colour codes and other controls: the renderer is asked for none, but a file name may hold them.
            case _ where character.value < 0x20 && character != "\n" && character != "\t": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
