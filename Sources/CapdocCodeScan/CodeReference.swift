/// A place in an app's code that calls or names one of the APIs asked about.
public struct CodeReference: Sendable, Hashable {
    public enum Language: String, Sendable { case swift, objectiveC = "objective-c" }
    /// The API as the caller asked for it (one of the names given to the scanner).
    public var api: String
    /// For a call with an argument the API names (`CLServiceSession(authorization: .always)`), the
    /// argument's text as written (`.always`); nil otherwise.
    public var argument: String?
    /// The file's path as the scanner was given it (joined with the folder scanned).
    public var file: String
    public var line: Int
    public var column: Int
    public var language: Language

    public init(api: String, argument: String? = nil, file: String, line: Int, column: Int, language: Language) {
        self.api = api; self.argument = argument; self.file = file; self.line = line; self.column = column; self.language = language
    }
}
