/// The small, documented pass over cmark's man output that mandoc needs for zero warnings:
/// - cmark writes no `.TH` title line: capdoc writes it, and the NAME section, before the body;
/// - cmark writes `\f[C]` for code, a font mandoc does not know: it becomes `\f[CR]` (constant-width roman);
/// - cmark starts every paragraph with `.PP`, also right after `.SH`/`.SS`, where mandoc flags it as
///   redundant: those are dropped;
/// - cmark escapes a '.' or '\'' that starts a line of text it wraps, but not the lines of a code block,
///   nor a newline inside a text node (a name or a quote): `defuseRequests` does, so that no prose
///   ever becomes a roff request (`.so /etc/passwd`).
enum ManPostProcessor {
    static func fixFonts(_ roff: String) -> String {
        ByteText.replacing(roff, "\\f[C]", with: "\\f[CR]")
    }

    /// The requests cmark's man renderer and capdoc's own tables write; any other line that starts
    /// with '.' or '\'' came from prose.
    static let knownRequests: Set<Substring> = ["PP", "P", "SH", "SS", "IP", "RS", "RE", "nf", "fi", "PD", "TS", "TE", "na", "ad"]

    /// Prefixes `\&` to every line that would be a request but did not come from cmark or capdoc,
    /// and to every line of a no-fill (code) block except its end.
    static func defuseRequests(_ roff: String) -> String {
        var inCode = false
        var changed = false
        let lines = ByteText.lines(roff).map { line -> Substring in
            guard let first = line.utf8.first, first == 0x2E || first == 0x27 else { return line }
            let name = line.dropFirst().prefix { $0 != " " && $0 != "\t" }
            if inCode {
                if first == 0x2E, name == "fi" { inCode = false; return line }
            } else if first == 0x2E, knownRequests.contains(name) {
                if name == "nf" { inCode = true }
                return line
            }
            changed = true
            return "\\&" + line
        }
        return changed ? lines.joined(separator: "\n") : roff
    }

    static func dropParagraphAfterHeadings(_ roff: String) -> String {
        var result: [Substring] = []
        // After a bare `.SH`/`.SS` (cmark's form), the next line is the heading's text.
        var headingTextPending = false
        var afterHeading = false
        for line in ByteText.lines(roff) {
            if line == ".PP" && (afterHeading || result.last == ".PP") { continue }
            result.append(line)
            if line == ".SH" || line == ".SS" {
                headingTextPending = true
                afterHeading = false
            } else if headingTextPending {
                headingTextPending = false
                afterHeading = true
            } else {
                afterHeading = line.hasPrefix(".SH ") || line.hasPrefix(".SS ")
            }
        }
        return result.joined(separator: "\n")
    }

    /// A complete man page: title line, NAME, the body, SEE ALSO.
    static func page(name: String, section: String, date: String, title: String, description: String, body: String, seeAlso: [String]) -> String {
        var text = ".TH \"\(roffQuoted(name.uppercased()))\" \"\(section)\" \"\(roffQuoted(date))\" \"capdoc \(Capdoc.version)\" \"\(roffQuoted(title))\"\n"
        text += ".SH NAME\n\(roffText(name)) \\- \(roffText(description))\n"
        text += dropParagraphAfterHeadings(fixFonts(defuseRequests(body)))
        if !text.hasSuffix("\n") { text += "\n" }
        if !seeAlso.isEmpty {
            text += ".SH SEE ALSO\n"
            text += seeAlso.enumerated().map { index, entry in ".BR \(roffText(entry)) (\(section))\(index + 1 < seeAlso.count ? "," : "")" }.joined(separator: "\n") + "\n"
        }
        return dropParagraphAfterHeadings(text)
    }

    /// Text on a line of its own: backslashes escaped, and a leading '.' or '\'' defused.
    static func roffText(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\n", with: " ")
        escaped = escaped.replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    /// Text inside a double-quoted macro argument.
    static func roffQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq").replacingOccurrences(of: "\n", with: " ")
    }
}
