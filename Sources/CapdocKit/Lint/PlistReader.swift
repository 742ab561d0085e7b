import CapdocFiles
import Foundation

/// A value read from a property list, typed so that the linter can tell a string from a boolean
/// from a number whatever platform Foundation runs on.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case boolean(Bool)
    case integer(Int64)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// Anything else Foundation hands back (a keyed-archiver UID, a null): never valid in an Info.plist.
    case other(String)

    /// How the value's type reads in messages: "a string", "a boolean", …
    /// The value's type as `keys.yaml` names types (`string`, `boolean`, `array`, `dictionary`); nil for the others.
    var typeName: String? {
        switch self {
        case .string: "string"
        case .boolean: "boolean"
        case .array: "array"
        case .dictionary: "dictionary"
        case .integer, .real, .date, .data, .other: nil
        }
    }

    var typeDescription: String {
        switch self {
        case .string: "a string"
        case .boolean: "a boolean"
        case .integer: "an integer"
        case .real: "a real number"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case let .other(name): "a value of type \(name)"
        }
    }

    /// Converts what `PropertyListSerialization` returns.
    init(foundation value: Any) {
        if let string = value as? String {
            self = .string(string)
        } else if type(of: value) == Bool.self, let flag = value as? Bool {
            // swift-corelibs-foundation returns plist booleans as Swift Bool.
            self = .boolean(flag)
        } else if let number = value as? NSNumber {
            #if canImport(Darwin)
                if CFGetTypeID(number) == CFBooleanGetTypeID() {
                    self = .boolean(number.boolValue)
                    return
                }
            #endif
            let code = String(cString: number.objCType)
            if code == "c" || code == "B" {
                self = .boolean(number.boolValue)
            } else if code == "d" || code == "f" {
                self = .real(number.doubleValue)
            } else {
                self = .integer(number.int64Value)
            }
        } else if let date = value as? Date {
            self = .date(date)
        } else if let data = value as? Data {
            self = .data(data)
        } else if let array = value as? [Any] {
            self = .array(array.map(PlistValue.init(foundation:)))
        } else if let dictionary = value as? [AnyHashable: Any] {
            self = .dictionary(PlistValue.convert(dictionary))
        } else {
            self = .other(String(describing: type(of: value)))
        }
    }

    static func convert(_ dictionary: [AnyHashable: Any]) -> [String: PlistValue] {
        var result: [String: PlistValue] = [:]
        for (key, value) in dictionary {
            let name = (key.base as? String) ?? String(describing: key.base)
            result[name] = PlistValue(foundation: value)
        }
        return result
    }
}

/// An Info.plist as read from disk: its top-level dictionary and the format it was written in.
public struct PlistDocument: Sendable, Hashable {
    public enum Format: String, Sendable {
        case xml, binary
    }

    public var path: String
    public var format: Format
    public var root: [String: PlistValue]
    /// The 1-based line of each top-level key, from the same bytes (XML only: a binary plist has no lines).
    var keyLines: [String: Int] = [:]
    /// The 1-based line of the top-level `<dict>` (XML only).
    var rootLine: Int?

    /// Where a key the plist lacks would be added: its top-level `<dict>`.
    var rootLocation: LintLocation? { rootLine.map { LintLocation(file: path, line: $0) } }

    /// Where each top-level key is written, for findings.
    var keyLocations: [String: LintLocation] {
        keyLines.mapValues { LintLocation(file: path, line: $0) }
    }
}

/// Why a property list could not be read. Each case says what is wrong in a sentence for stderr.
public enum PlistReadError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(path: String)
    case isDirectory(path: String)
    case unreadable(path: String, reason: String)
    /// Larger than ``PlistReader/maximumSize``: refused before it is read.
    case tooLarge(path: String, size: Int, limit: Int)
    case empty(path: String)
    /// Not a property list at all (or only in the OpenStep text format, which Info.plist files never use).
    case notAPropertyList(path: String)
    /// Starts like a binary property list but is truncated or corrupt.
    case malformedBinary(path: String, reason: String)
    /// A sound binary list whose shared objects would expand it past a bound once read.
    case expandsTooFar(path: String, reason: String)
    /// Looks like XML but is not a valid XML property list.
    case malformedXML(path: String)
    case rootNotDictionary(path: String, found: String)

    public var path: String {
        switch self {
        case let .notFound(path), let .isDirectory(path), let .unreadable(path, _), let .tooLarge(path, _, _), let .empty(path),
            let .notAPropertyList(path), let .malformedBinary(path, _), let .expandsTooFar(path, _), let .malformedXML(path),
            let .rootNotDictionary(path, _):
            path
        }
    }

    /// A file that the bounded reader could not read.
    init(_ failure: BoundedFileReader.Failure, path: String, limit: Int) {
        switch failure {
        case .missing: self = .notFound(path: path)
        case let .tooLarge(size): self = .tooLarge(path: path, size: size, limit: limit)
        case .notRegularFile:
            var isDirectory: ObjCBool = false
            self =
                FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? .isDirectory(path: path) : .unreadable(path: path, reason: "not a regular file (a FIFO, socket or device)")
        case let .unreadable(why): self = .unreadable(path: path, reason: why)
        case .symbolicLink: self = .unreadable(path: path, reason: failure.reason(limit: limit))
        }
    }

    public var description: String {
        switch self {
        case let .notFound(path): "cannot read '\(path)': no such file"
        case let .isDirectory(path): "cannot read '\(path)': it is a directory, not an Info.plist file"
        case let .unreadable(path, reason): "cannot read '\(path)': \(reason)"
        case let .tooLarge(path, size, limit):
            "'\(path)' is \(size) bytes, over the \(BoundedFileReader.describe(limit: limit)) limit for an Info.plist (one written by Xcode is a few KB)"
        case let .empty(path): "'\(path)' is empty, not a property list"
        case let .notAPropertyList(path): "'\(path)' is not a property list (expected an XML or binary Info.plist)"
        case let .malformedBinary(path, reason): "'\(path)' is a truncated or corrupt binary property list: \(reason)"
        case let .expandsTooFar(path, reason): "'\(path)' is refused: it is a binary property list, and \(reason)"
        case let .malformedXML(path): "'\(path)' is not a valid XML property list"
        case let .rootNotDictionary(path, found): "the root of '\(path)' is \(found), but an Info.plist's root must be a dictionary"
        }
    }
}

/// Reads Info.plist files, XML or binary, with Foundation's `PropertyListSerialization`.
///
/// Bad input is a `PlistReadError`, never a crash: binary data is checked for structure before
/// Foundation sees it, because swift-corelibs-foundation traps on some corrupt binary lists (a set
/// marker, which no Info.plist contains, crashes its bridging).
public struct PlistReader: Sendable {
    /// Larger files are refused before they are read. An Info.plist written by Xcode is a few KB;
    /// the largest real ones (hundreds of URL schemes, fonts or document types) are well under 1 MiB.
    /// 16 MiB, not the 8 MiB of other inputs: the hostile-input tests of issue 6 lint a plist with
    /// a 10 MB usage string (a finding, not an unreadable file), and that promise is kept.
    static let maximumSize = 16 << 20

    public init() {}

    /// Reads the file at `path` (a link the caller names is followed, as any command-line tool does).
    public func read(contentsOf path: String) throws(PlistReadError) -> PlistDocument {
        let data: Data
        do throws(BoundedFileReader.Failure) {
            data = try BoundedFileReader.read(path, limit: Self.maximumSize, followingLinks: true, as: Data.self)
        } catch {
            throw PlistReadError(error, path: path, limit: Self.maximumSize)
        }
        return try read(data, path: path)
    }

    public func read(_ data: Data, path: String) throws(PlistReadError) -> PlistDocument {
        guard !data.isEmpty else { throw .empty(path: path) }
        let isBinary = data.starts(with: Array("bplist".utf8))
        if isBinary, let problem = BinaryPlistScanner.refusal(in: data) {
            if problem.expandsTooFar { throw .expandsTooFar(path: path, reason: problem.sentence) }
            throw .malformedBinary(path: path, reason: problem.sentence)
        }
        // Foundation would read anything else as OpenStep text (and log its complaints to stderr).
        guard isBinary || Self.looksLikeXML(data) else { throw .notAPropertyList(path: path) }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            if isBinary { throw .malformedBinary(path: path, reason: "Foundation could not read it") }
            throw .malformedXML(path: path)
        }
        let documentFormat: PlistDocument.Format
        switch format {
        case .binary where isBinary: documentFormat = .binary
        case .xml where !isBinary: documentFormat = .xml
        default:
            // OpenStep text ("hello" reads as a string in it), or a binary header that Foundation
            // fell back to reading as text because the rest is missing.
            if isBinary { throw .malformedBinary(path: path, reason: "the file ends after its header") }
            throw .notAPropertyList(path: path)
        }
        guard let dictionary = object as? [AnyHashable: Any] else {
            throw .rootNotDictionary(path: path, found: PlistValue(foundation: object).typeDescription)
        }
        let lines: (keys: [String: Int], root: Int?) = documentFormat == .xml ? PlistKeyLines.scan(inXML: data) : ([:], nil)
        return PlistDocument(
            path: path, format: documentFormat, root: PlistValue.convert(dictionary), keyLines: lines.keys, rootLine: lines.root)
    }

    /// Whether the data starts like XML: `<` after an optional byte order mark and white space.
    static func looksLikeXML(_ data: Data) -> Bool {
        var bytes = data.prefix(1024)
        // UTF-16 with a byte order mark: Foundation reads it; let it try.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "<")
    }
}
