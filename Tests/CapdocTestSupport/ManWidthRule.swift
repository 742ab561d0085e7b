import Foundation

/// What a reader sees of a man page at a terminal's width, as mandoc formats it, and the rule every
/// page capdoc writes is held to at 60, 80 and 100 columns: the pages are formatted where they are
/// read (`MANWIDTH`, `mandoc -O width=`), and their tables expand to the line. Shared by the tests of
/// the section 7 pages (`ManPageWidthTests`) and of capdoc(1) (`ToolManualOutputTests`);
/// `Tests/site/validate.sh` holds man, which is groff, to the same rule.
public enum ManWidthRule {
    public static let widths = [60, 80, 100]
    /// mandoc's two terminal outputs: ASCII, and UTF-8 (the one macOS's man uses).
    public static let devices = ["ascii", "utf8"]

    /// mandoc's path, nil where it is not installed.
    public static let mandoc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/mandoc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What mandoc shows of a page, per device and width (`shown["utf8"]![60]`); nil without mandoc.
    public static func formatted(_ source: [UInt8]) -> [String: [Int: String]]? {
        guard let mandoc else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("capdoc-man-width-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data(source).write(to: file)) != nil else { return nil }
        var shown: [String: [Int: String]] = [:]
        for device in devices {
            for width in widths { shown[device, default: [:]][width] = format(file.path, mandoc: mandoc, device: device, width: width) }
        }
        return shown
    }

    /// `mandoc -T DEVICE -O width=WIDTH PAGE`, as a terminal shows it.
    static func format(_ path: String, mandoc: String, device: String, width: Int) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mandoc)
        process.arguments = ["-T", device, "-O", "width=\(width)", path]
        process.environment = ["LC_ALL": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return withoutOverstrikes(String(decoding: data, as: UTF8.self))
    }

    /// The text a terminal shows: mandoc writes bold and underline as a character, a backspace and
    /// the character again (or '_'), which takes one column.
    public static func withoutOverstrikes(_ text: String) -> String {
        var shown = ""
        for character in text {
            if character == "\u{08}" { if !shown.isEmpty { shown.removeLast() } } else { shown.append(character) }
        }
        return shown
    }

    /// The lines of a formatted page wider than `width`, but for those no formatter can break:
    /// - one word alone on its line, longer than the line: an identifier longer than a narrow
    ///   terminal, and under `-T utf8` a URL or a claim reference, since mandoc's UTF-8 output never
    ///   breaks at the break points (`\:`) their slashes and '#' carry;
    /// - a line of a code block (`.nf`), which keeps its lines as written.
    /// A line of a table (it has a border) is never excused: tables expand to the line, and wrap.
    public static func wideLines(_ shown: String, source: String, width: Int) -> [String] {
        let code = codeLines(source)
        return shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            guard line.count > width else { return false }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.contains(where: { "│┌├└".contains($0) }) || text.first == "|" || text.first == "+" { return true }
            return text.split(separator: " ").count != 1 && !code.contains(text)
        }
    }

    /// Lines wider than `width`, excused or not.
    public static func anyWideLines(_ shown: String, width: Int) -> [String] {
        shown.split(separator: "\n").map(String.init).filter { $0.count > width }
    }

    /// The lines of the page's code blocks (between `.nf` and `.fi`), as shown: escapes removed.
    static func codeLines(_ source: String) -> Set<String> {
        var lines: Set<String> = []
        var inCode = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == ".nf" { inCode = true; continue }
            if line == ".fi" { inCode = false; continue }
            guard inCode else { continue }
            var text = String(line).replacingOccurrences(of: #"\\f\[[A-Z]*\]"#, with: "", options: .regularExpression)
            for escape in ["\\%", "\\&"] { text = text.replacingOccurrences(of: escape, with: "") }
            text = text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
            lines.insert(text.trimmingCharacters(in: .whitespaces))
        }
        return lines
    }
}
