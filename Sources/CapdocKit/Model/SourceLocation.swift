/// A position in a Content file: the path as the user gave it, 1-based line and column.
///
/// Every value the loader reads keeps one, so that any diagnostic can point at file:line:col.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The start of a file, for problems that concern the whole file.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// A value together with where it was written.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
