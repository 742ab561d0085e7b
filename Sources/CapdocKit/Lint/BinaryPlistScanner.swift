/// Checks a binary property list (`bplist00`) before Foundation parses it: the trailer, the offset
/// table, every object's marker and extent, and the graph of references between objects.
///
/// Foundation copies an object wherever it is referred to, and `PlistValue` copies it again, so a
/// small file that refers to one object many times (64 levels of `[A, A]` in a few hundred bytes,
/// or 200,000 references to one 64 KiB string) expands without bound. The scanner therefore
/// computes, in one pass over the file's references, the size the list would have if nothing were
/// shared, and refuses a list that would grow beyond ``expansionFactor`` times its file: the work
/// and memory of reading a list are then bounded by its file, not by its expansion. Reference
/// cycles, which have no expansion at all, are refused too.
enum BinaryPlistScanner {
    /// How many times its file's size a list may take once every shared object is copied.
    ///
    /// Xcode and `plutil` write each distinct string, number and key once and refer to it wherever
    /// it occurs (repeated keys of nested dictionaries, equal values such as `$(PRODUCT_NAME)`,
    /// `location` in several arrays): an Info.plist written so, with 40 URL types and 20 document
    /// types that repeat their keys and values in every entry, expands by 2.8 times
    /// (`BinaryPlistExpansionTests`). 8 leaves room for far more sharing than that, while a list
    /// built to exhaust memory (the attacks above expand by 2^64 and by 15,000 times) is refused.
    static let expansionFactor = 8
    /// Small lists may expand up to this many bytes whatever their size: a few hundred thousand
    /// values at most, so that no tiny list is refused for sharing a string a few times.
    static let expansionFloor = 1 << 20

    /// The most values (strings, numbers, arrays, dictionaries… each time one is referred to) a list
    /// may hold once expanded, whatever its size: as many as an XML Info.plist within its limit can
    /// hold (16 MiB of 7-byte `<true/>`), about 2.4 million. A value costs Foundation and
    /// `PlistValue` some 75 bytes of memory however few bytes it has in the file, so without this a
    /// 16 MiB list of one-byte references to one shared `true` (within the byte bound: 5 bytes per
    /// reference) took 1.2 GB and 14 s; real Info.plists hold a few thousand values.
    static let maximumValues = 2_500_000

    /// The most bytes the list in a file of `size` bytes may expand to.
    static func expansionLimit(forFileOf size: Int) -> Int {
        max(expansionFactor * size, expansionFloor)
    }

    /// The size the list would have if nothing were shared, or nil when it is malformed: for
    /// tests and measurements.
    static func unsharedSize(of data: some Collection<UInt8>) -> Int? {
        guard case let .success(layout) = BinaryPlistLayout.read([UInt8](data)) else { return nil }
        return try? BinaryPlistGraph(layout: layout).unsharedSize(limit: Int.max / 4, values: Int.max / 4).get()
    }

    /// A sentence saying what is wrong, or nil when the structure is sound.
    static func problem(in data: some Collection<UInt8>) -> String? {
        refusal(in: data)?.sentence
    }

    /// Why the list is refused, or nil when it may be read.
    static func refusal(in data: some Collection<UInt8>) -> BinaryPlistProblem? {
        let bytes = [UInt8](data)
        switch BinaryPlistLayout.read(bytes) {
        case let .failure(problem):
            return problem
        case let .success(layout):
            switch BinaryPlistGraph(layout: layout).unsharedSize(limit: expansionLimit(forFileOf: bytes.count), values: maximumValues) {
            case .success: return nil
            case let .failure(problem): return problem
            }
        }
    }
}

/// A sentence for stderr, as a typed error.
struct BinaryPlistProblem: Error {
    var sentence: String
    /// The list is sound, but would expand past a bound once read (not truncated, not corrupt).
    var expandsTooFar = false
    init(_ sentence: String, expandsTooFar: Bool = false) {
        self.sentence = sentence
        self.expandsTooFar = expandsTooFar
    }
}

/// The file's trailer and offset table, checked: where each object starts, and that it starts
/// inside the file with a marker an Info.plist may have.
struct BinaryPlistLayout {
    static let headerLength = 8
    static let trailerLength = 32

    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let topObject: Int
    /// Where each object starts, by its number.
    let offsets: [Int]
    /// Where the objects' area ends: no object may run into the trailer.
    var end: Int { bytes.count - Self.trailerLength }

    static func read(_ bytes: [UInt8]) -> Result<BinaryPlistLayout, BinaryPlistProblem> {
        guard bytes.count >= headerLength + trailerLength + 1 else {
            return .failure(.init("it has \(bytes.count) bytes, fewer than a binary property list's header and trailer"))
        }
        guard bytes.starts(with: Array("bplist0".utf8)) else { return .failure(.init("unknown binary property list version")) }
        let trailer = bytes.count - trailerLength
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard let objectCount = bigEndian(bytes, at: trailer + 8, size: 8),
            let topObject = bigEndian(bytes, at: trailer + 16, size: 8),
            let tableOffset = bigEndian(bytes, at: trailer + 24, size: 8)
        else {
            return .failure(.init("its trailer is unreadable"))
        }
        guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize) else {
            return .failure(.init("its trailer gives invalid integer sizes"))
        }
        guard objectCount > 0, topObject < objectCount else { return .failure(.init("its trailer names no valid top object")) }
        guard tableOffset >= headerLength, tableOffset < trailer,
            objectCount <= (trailer - tableOffset) / offsetSize
        else {
            return .failure(.init("its offset table lies outside the file (the file may be truncated)"))
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for index in 0..<objectCount {
            guard let offset = bigEndian(bytes, at: tableOffset + index * offsetSize, size: offsetSize),
                offset >= headerLength, offset < tableOffset
            else {
                return .failure(.init("object \(index) starts outside the file (the file may be truncated)"))
            }
            switch bytes[offset] >> 4 {
            case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0xA, 0xD:
                offsets.append(offset)
            case 0xC:
                return .failure(.init("it contains a set, which an Info.plist never has"))
            default:
                return .failure(.init("object \(index) has an unknown type marker 0x\(String(bytes[offset], radix: 16))"))
            }
        }
        return .success(
            BinaryPlistLayout(
                bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize,
                topObject: topObject, offsets: offsets))
    }

    /// One object's extent: its own bytes (marker, length, contents, references) and where its
    /// references to other objects are.
    struct Object {
        var length: Int
        var referencesStart: Int
        var referenceCount: Int
    }

    /// The extent of object `index`, which must lie inside the objects' area.
    func object(_ index: Int) -> Result<Object, BinaryPlistProblem> {
        let start = offsets[index]
        let marker = bytes[start]
        let nibble = Int(marker & 0x0F)
        func fixed(_ length: Int) -> Result<Object, BinaryPlistProblem> {
            guard length <= end - start else { return .failure(.init("object \(index) runs past the end of the file's objects")) }
            return .success(Object(length: length, referencesStart: start + length, referenceCount: 0))
        }
        switch marker >> 4 {
        case 0x0:
            return fixed(1)
        case 0x1, 0x2, 0x3:
            // Integer, real, date: 2^nibble bytes after the marker.
            return fixed(1 + (1 << nibble))
        case 0x8:
            // A keyed-archiver UID: nibble + 1 bytes.
            return fixed(2 + nibble)
        default:
            break
        }
        // The rest have a count: the nibble, or an integer object after the marker when it is 0xF.
        var headerLength = 1
        var count = nibble
        if nibble == 0xF {
            guard start + 1 < end, bytes[start + 1] >> 4 == 0x1, bytes[start + 1] & 0x0F <= 3 else {
                return .failure(.init("object \(index) has no valid length"))
            }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            guard let value = Self.bigEndian(bytes, at: start + 2, size: size) else {
                return .failure(.init("object \(index) has no valid length"))
            }
            headerLength = 2 + size
            count = value
        }
        // Bytes per counted element: data, ASCII and UTF-8 bytes; UTF-16 units; references.
        let unit: Int
        switch marker >> 4 {
        case 0x6: unit = 2
        case 0xA: unit = referenceSize
        case 0xD: unit = 2 * referenceSize
        default: unit = 1
        }
        let room = end - start - headerLength
        guard room >= 0, count <= room / unit else {
            return .failure(.init("object \(index) claims a length of \(count), more than the file holds"))
        }
        let isContainer = marker >> 4 == 0xA || marker >> 4 == 0xD
        return .success(
            Object(
                length: headerLength + count * unit, referencesStart: start + headerLength,
                referenceCount: isContainer ? count * unit / referenceSize : 0))
    }

    /// The `position`th reference of `object`: an object number (not yet checked against the count).
    func reference(_ position: Int, of object: Object) -> Int? {
        Self.bigEndian(bytes, at: object.referencesStart + position * referenceSize, size: referenceSize)
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, or nil when out of bounds or too large.
    static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] {
            guard value <= (UInt64.max >> 8) else { return nil }
            value = value << 8 | UInt64(byte)
        }
        guard value <= UInt64(Int.max / 2) else { return nil }
        return Int(value)
    }
}

/// The objects reachable from the top object, walked once each (depth first, without recursion,
/// so that nesting cannot exhaust the stack), with the size each would have unshared.
struct BinaryPlistGraph {
    let layout: BinaryPlistLayout

    private enum Visit: UInt8 {
        case unseen, onPath, done
    }

    private struct Frame {
        var index: Int
        var object: BinaryPlistLayout.Object
        var nextReference = 0
        /// The object's unshared size so far: its own bytes, its offset, and its children's so far.
        var size: Int
        /// The values it holds unshared so far: itself, and its children's so far.
        var values = 1
    }

    /// The top object's unshared size, or why the walk stopped: a reference cycle or to a missing
    /// object, an object outside the file, an expansion beyond `limit` bytes or `values` values.
    ///
    /// An object's unshared size is its own bytes, plus its entry in the offset table, plus the
    /// unshared size of every object it refers to, each time it refers to it: for a list without
    /// sharing, the top object's is the size of the file without its header and trailer. Each
    /// object's is computed once and remembered, so the walk reads each reference once, and it
    /// stops as soon as a size passes the limit (sums never exceed twice the limit: no overflow).
    /// The number of values is bounded the same way, by `values`.
    func unsharedSize(limit: Int, values valueLimit: Int) -> Result<Int, BinaryPlistProblem> {
        let count = layout.offsets.count
        var visits = [Visit](repeating: .unseen, count: count)
        var sizes = [Int](repeating: 0, count: count)
        var valueCounts = [Int](repeating: 0, count: count)
        var path: [Frame] = []

        func enter(_ index: Int) -> BinaryPlistProblem? {
            switch layout.object(index) {
            case let .failure(problem):
                return problem
            case let .success(object):
                visits[index] = .onPath
                path.append(Frame(index: index, object: object, size: object.length + layout.offsetSize))
                return nil
            }
        }
        func tooLarge() -> Result<Int, BinaryPlistProblem> {
            .failure(
                .init(
                    "its shared objects would expand it to more than \(limit) bytes (a list may grow to \(BinaryPlistScanner.expansionFactor) times its file, or \(BinaryPlistScanner.expansionFloor >> 20) MiB)",
                    expandsTooFar: true))
        }
        func tooMany() -> Result<Int, BinaryPlistProblem> {
            .failure(.init("its shared objects would expand it to more than \(valueLimit) values", expandsTooFar: true))
        }
        /// Adds a finished child's totals to the frame at `parent`; the failure when a bound is passed.
        func add(size: Int, values: Int, to parent: Int) -> Result<Int, BinaryPlistProblem>? {
            path[parent].size += size
            path[parent].values += values
            if path[parent].size > limit { return tooLarge() }
            if path[parent].values > valueLimit { return tooMany() }
            return nil
        }

        if let problem = enter(layout.topObject) { return .failure(problem) }
        var topSize = 0
        while let top = path.last {
            let frame = path.count - 1
            if top.nextReference < top.object.referenceCount {
                path[frame].nextReference += 1
                guard let child = layout.reference(top.nextReference, of: top.object), child < count else {
                    return .failure(.init("object \(top.index) refers to an object that does not exist"))
                }
                switch visits[child] {
                case .onPath:
                    return .failure(.init("object \(child) contains itself (a cycle of references)"))
                case .done:
                    if let failure = add(size: sizes[child], values: valueCounts[child], to: frame) { return failure }
                case .unseen:
                    if let problem = enter(child) { return .failure(problem) }
                    if path[path.count - 1].size > limit { return tooLarge() }
                }
            } else {
                path.removeLast()
                visits[top.index] = .done
                sizes[top.index] = top.size
                valueCounts[top.index] = top.values
                if let parent = path.indices.last {
                    if let failure = add(size: top.size, values: top.values, to: parent) { return failure }
                } else {
                    topSize = top.size
                }
            }
        }
        return .success(topSize)
    }
}
