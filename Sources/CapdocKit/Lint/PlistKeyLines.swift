import Foundation

/// The line of each top-level key of an XML property list, so that a finding can point at the
/// line to fix (`Info.plist:12: error: …`), as compilers and code hosts expect.
///
/// Foundation's reader gives no positions, so this scans the markup itself: it follows the nesting
/// of `<dict>` and `<array>` elements and records `<key>` elements directly inside the root
/// dictionary. Comments, CDATA sections, processing instructions and the DOCTYPE are skipped; a
/// key's text is unescaped as XML (`&amp;`, `&#x41;`). It reads only what Foundation already
/// accepted as a plist, in one pass, so its work is linear in the file.
enum PlistKeyLines {
    /// Key → 1-based line of its `<key>` tag. When a key appears twice, the last one wins, as in
    /// Foundation's reading.
    public static func lines(inXML data: Data) -> [String: Int] { scan(inXML: data).keys }

    /// The line of each top-level key, and of the top-level `<dict>` (where a missing key is to be
    /// added: a finding about it points there).
    static func scan(inXML data: Data) -> (keys: [String: Int], root: Int?) {
        let bytes = [UInt8](data)
        var lines: [String: Int] = [:]
        var root: Int?
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        // Depth of `<dict>`/`<array>` elements: the root dictionary's keys are at depth 1.
        var depth = 0

        // Counts the lines passed in one go: a 10 MB string was walked a byte at a time through the
        // captured counters, seconds in a debug build.
        func advance(to end: Int) {
            let stop = min(end, bytes.count)
            guard index < stop else { return }
            line += bytes[index..<stop].withUnsafeBufferPointer { passed in passed.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
            index = stop
        }
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= bytes.count else { return false }
            return bytes[position..<(position + pattern.count)].elementsEqual(pattern)
        }
        func find(_ text: String, from position: Int) -> Int? {
            let pattern = Array(text.utf8)
            var candidate = position
            while candidate + pattern.count <= bytes.count {
                if bytes[candidate] == pattern[0], bytes[candidate..<(candidate + pattern.count)].elementsEqual(pattern) {
                    return candidate
                }
                candidate += 1
            }
            return nil
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance(to: bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count)
                continue
            }
            // Markup that holds no elements: skip it whole.
            if let (opening, closing) = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")].first(where: { starts($0.0, at: index) }) {
                advance(to: (find(closing, from: index + opening.utf8.count) ?? bytes.count) + closing.utf8.count)
                continue
            }
            guard let close = find(">", from: index) else { break }
            let tag = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            let tagLine = line
            let name = tag.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "/" }).first.map(String.init) ?? ""
            let selfClosing = tag.hasSuffix("/")
            advance(to: close + 1)
            switch (tag.hasPrefix("/"), name) {
            case (false, "dict"), (false, "array"):
                if depth == 0, name == "dict", root == nil { root = tagLine }
                if !selfClosing { depth += 1 }
            case (true, _) where tag == "/dict" || tag == "/array":
                depth -= 1
            case (false, "key") where depth == 1 && !selfClosing:
                guard let end = find("</key>", from: index) else { return (lines, root) }
                lines[unescape(String(decoding: bytes[index..<end], as: UTF8.self))] = tagLine
                advance(to: end + "</key>".utf8.count)
            default:
                break
            }
        }
        return (lines, root)
    }

    /// XML's five named entities and numeric character references.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number: UInt32? =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
