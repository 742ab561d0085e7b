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
    /// When the code here is compiled and run: its `#if`s, `@available`s and `#available`s.
    public var condition: BuildCondition
    /// The dependency whose code this is (`Alamofire`, from `Pods/Alamofire`), nil for the app's own.
    public var dependency: String?

    public init(
        api: String, argument: String? = nil, file: String, line: Int, column: Int, language: Language,
        condition: BuildCondition = .always, dependency: String? = nil
    ) {
        self.api = api; self.argument = argument; self.file = file; self.line = line; self.column = column; self.language = language
        self.condition = condition; self.dependency = dependency
    }
}
