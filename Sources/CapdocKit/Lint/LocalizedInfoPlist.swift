import CapdocFiles
import Foundation

/// The localized Info.plist strings of one language: what the permission prompt shows people who
/// use the app in that language, in place of the Info.plist's own string.
public struct LocalizedInfoPlist: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var value: String
        /// 1-based line of the entry's key in its file.
        public var line: Int
    }

    /// The language (`de`, `pt-BR`, `Base`).
    var language: String
    /// The file the entries came from (`de.lproj/InfoPlist.strings`, or a string catalog).
    public var path: String
    public var entries: [String: Entry]
}

/// Why a localized strings file could not be read: with its position, for `file:line:col` output.
struct LocalizedStringsError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?
    public var reason: String

    public var description: String {
        let place = [path, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return "\(place): \(reason)"
    }
}

/// Finds and reads the localized Info.plist strings beside an Info.plist: `<lang>.lproj/InfoPlist.strings`
/// (text in UTF-8 or UTF-16, or compiled to a binary plist) and `InfoPlist.xcstrings` (Xcode's
/// string catalog, JSON).
enum LocalizedInfoPlistReader {
    /// Larger files are refused before they are read: a strings file is a few kilobytes.
    static let maximumSize = 8 << 20

    /// The localization files in the Info.plist's folder, sorted (links are not followed).
    static func find(besideInfoPlist path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var found: [String] = []
        for name in names.sorted() {
            let entry = joinPath(folder, name)
            if name.hasSuffix(".lproj"), isLink(entry) {
                // Listed, so that reading it refuses the link rather than passing it over in silence.
                found.append(joinPath(entry, "InfoPlist.strings"))
            } else if name.hasSuffix(".lproj") {
                let strings = joinPath(entry, "InfoPlist.strings")
                if FileManager.default.fileExists(atPath: strings) { found.append(strings) }
            } else if name == "InfoPlist.xcstrings" {
                found.append(entry)
            }
        }
        return found
    }

    /// One `.lproj/InfoPlist.strings` file; the language is the folder's name without `.lproj`.
    public static func read(stringsAt path: String) throws(LocalizedStringsError) -> LocalizedInfoPlist {
        let lproj = (path as NSString).deletingLastPathComponent
        if isLink(lproj) { throw LocalizedStringsError(path: path, reason: "'\(lproj)' is a symbolic link, which capdoc does not follow") }
        let data = try contents(of: path)
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let language = folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : folder
        if data.starts(with: Array("bplist".utf8)) {
            // Compiled by Xcode: a binary plist of strings, without positions.
            let document: PlistDocument
            do { document = try PlistReader().read(data, path: path) } catch { throw LocalizedStringsError(path: path, reason: error.description) }
            var entries: [String: LocalizedInfoPlist.Entry] = [:]
            for (key, value) in document.root {
                guard case let .string(text) = value else {
                    throw LocalizedStringsError(path: path, reason: "the value of '\(key)' is \(value.typeDescription), not a string")
                }
                entries[key] = .init(value: text, line: 0)
            }
            return LocalizedInfoPlist(language: language, path: path, entries: entries)
        }
        guard let text = decode(data) else {
            throw LocalizedStringsError(path: path, reason: "not text in UTF-8 or UTF-16")
        }
        var parser = StringsFileParser(text: text, path: path)
        return LocalizedInfoPlist(language: language, path: path, entries: try parser.parse())
    }

    /// An `InfoPlist.xcstrings` string catalog: one `LocalizedInfoPlist` per language it holds.
    public static func read(catalogAt path: String) throws(LocalizedStringsError) -> [LocalizedInfoPlist] {
        let data = try contents(of: path)
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw LocalizedStringsError(path: path, reason: "not a string catalog: not valid JSON")
        }
        guard let catalog = object as? [String: Any], let strings = catalog["strings"] as? [String: Any] else {
            throw LocalizedStringsError(path: path, reason: "not a string catalog: it has no \"strings\" object")
        }
        let keyLines = catalogKeyLines(String(decoding: data, as: UTF8.self))
        var languages: [String: [String: LocalizedInfoPlist.Entry]] = [:]
        for (key, entry) in strings {
            guard let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] else { continue }
            for (language, localization) in localizations {
                for value in stringUnits(localization) {
                    // A variation (per device) that is blank is as blank as the plain string.
                    let existing = languages[language]?[key]
                    if existing == nil || InvisibleText.isBlank(value) {
                        languages[language, default: [:]][key] = .init(value: value, line: keyLines[key] ?? 0)
                    }
                }
            }
        }
        return languages.keys.sorted().map { LocalizedInfoPlist(language: $0, path: path, entries: languages[$0]!) }
    }

    // MARK: Helpers

    private static func contents(of path: String) throws(LocalizedStringsError) -> Data {
        do throws(BoundedFileReader.Failure) {
            return try BoundedFileReader.read(path, limit: maximumSize, as: Data.self)
        } catch .symbolicLink {
            throw LocalizedStringsError(path: path, reason: "a symbolic link: not followed")
        } catch let .tooLarge(size) {
            throw LocalizedStringsError(path: path, reason: "\(size) bytes, over the \(maximumSize >> 20) MiB limit for a strings file")
        } catch let .unreadable(why) {
            throw LocalizedStringsError(path: path, reason: "cannot read it: \(why)")
        } catch {
            throw LocalizedStringsError(path: path, reason: "cannot read it: \(error.reason(limit: maximumSize))")
        }
    }

    private static func isLink(_ path: String) -> Bool { DiskFileSystem().isSymbolicLink(path) }

    /// UTF-16 with a byte order mark (what older Xcode wrote), else UTF-8.
    static func decode(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return String(data: data, encoding: .utf16) }
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(data: bytes, encoding: .utf8)
    }

    /// The values of a catalog localization: its `stringUnit`, and those of its variations.
    private static func stringUnits(_ localization: Any) -> [String] {
        guard let localization = localization as? [String: Any] else { return [] }
        var values: [String] = []
        if let unit = localization["stringUnit"] as? [String: Any], let value = unit["value"] as? String { values.append(value) }
        if let variations = localization["variations"] as? [String: Any] {
            for case let cases as [String: Any] in variations.values {
                for variation in cases.values { values += stringUnits(variation) }
            }
        }
        return values
    }

    /// The line of each key of the catalog's `strings` object: where `"KEY" :` first appears.
    /// JSONSerialization gives no positions; a key's first appearance as an object key is its entry.
    private static func catalogKeyLines(_ text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var line = 1
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" { line += 1 }
            if character == "\"" {
                var end = text.index(after: index)
                var key = ""
                while end < text.endIndex, text[end] != "\"" {
                    if text[end] == "\\" { end = text.index(after: end); if end == text.endIndex { break } }
                    key.append(text[end])
                    end = text.index(after: end)
                }
                guard end < text.endIndex else { break }
                var after = text.index(after: end)
                while after < text.endIndex, text[after] == " " || text[after] == "\t" { after = text.index(after: after) }
                if after < text.endIndex, text[after] == ":", lines[key] == nil { lines[key] = line }
                index = text.index(after: end)
                continue
            }
            index = text.index(after: index)
        }
        return lines
    }
}
