import Foundation

/// Writes a binary property list as Apple's CoreFoundation writer (used by Xcode and `plutil`)
/// does: each distinct string, number and boolean once, referred to wherever it occurs — which
/// swift-corelibs-foundation's writer does not do. Dictionaries are written with sorted keys.
struct UniquingBinaryPlistWriter {
    private var objects: [[UInt8]] = []
    private var unique: [String: Int] = [:]

    static func write(_ root: Any) -> Data {
        var writer = UniquingBinaryPlistWriter()
        _ = writer.add(root)
        return writer.file()
    }

    /// The object number of `value`, added if it is new (or a collection).
    private mutating func add(_ value: Any) -> Int {
        let identity: String?
        switch value {
        case let string as String: identity = "s" + string
        case let flag as Bool: identity = "b\(flag)"
        case let number as Int: identity = "i\(number)"
        default: identity = nil
        }
        if let identity, let known = unique[identity] { return known }
        let index = objects.count
        objects.append([])
        if let identity { unique[identity] = index }
        switch value {
        case let string as String:
            if string.allSatisfy(\.isASCII) {
                objects[index] = Self.header(0x5, string.utf8.count) + Array(string.utf8)
            } else {
                let units = Array(string.utf16)
                objects[index] = Self.header(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        case let flag as Bool:
            objects[index] = [flag ? 0x09 : 0x08]
        case let number as Int:
            objects[index] = [0x13] + Self.bigEndian(number, 8)
        case let array as [Any]:
            let references = array.map { add($0) }
            objects[index] = Self.header(0xA, references.count) + references.flatMap { Self.bigEndian($0, 2) }
        case let dictionary as [String: Any]:
            let keys = dictionary.keys.sorted()
            let keyReferences = keys.map { add($0) }
            let valueReferences = keys.map { add(dictionary[$0]!) }
            objects[index] = Self.header(0xD, keys.count) + (keyReferences + valueReferences).flatMap { Self.bigEndian($0, 2) }
        default:
            preconditionFailure("unsupported value \(value)")
        }
        return index
    }

    private func file() -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += Self.bigEndian(offset, 4) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 2] + Self.bigEndian(objects.count, 8) + Self.bigEndian(0, 8) + Self.bigEndian(table, 8)
        return Data(bytes)
    }

    private static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [marker << 4 | UInt8(count)] : [marker << 4 | 0xF, 0x13] + bigEndian(count, 8)
    }
}
