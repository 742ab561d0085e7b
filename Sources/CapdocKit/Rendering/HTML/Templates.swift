import Foundation
import Mustache

/// The site's templates: `page.mustache`, the layout of every page, and `style.css`, `search.js` and `platforms.js`, copied as is.
/// They come from `Templates/` (or `--templates DIR`), so that a site can be re-skinned without code.
///
/// Templates are third-party files, read as carefully as Content: no file that is a symbolic link is
/// followed (a `style.css` linked to `/etc/passwd` would be published with the site), each file's size
/// is checked before it is read (a 3 GB `style.css` was read and copied), and the layout's sections
/// are counted before swift-mustache parses them (`MustacheNesting`: 3,000 nested sections crashed it).
struct SiteTemplates: Sendable {
    static let layoutFile = "page.mustache"
    static let stylesheetFile = "style.css"
    /// The search box's script; optional, so that a re-skinned site without a search form needs none.
    static let searchScriptFile = "search.js"
    /// The platform filter's script (`PlatformFilter`); optional like the search's.
    static let platformScriptFile = "platforms.js"

    /// The largest layout: it is copied into every page (the shipped one is 1.5 KB).
    static let largestLayout = 256 * 1024
    /// The largest stylesheet or script, copied once (the shipped ones are 8 KB and 5 KB).
    static let largestAsset = 4 * 1024 * 1024

    let layout: MustacheTemplate
    /// The layout's bytes as read: what `RenderMemo` compares to know that every page is laid out as before.
    let layoutSource: Data
    let stylesheet: Data
    let searchScript: Data?
    let platformScript: Data?

    enum Failure: Error, CustomStringConvertible, Equatable {
        case missing(String)
        case invalid(String, String)
        case symbolicLink(String)
        case tooLarge(String, size: Int, limit: Int)
        case nestedTooDeep(String, line: Int, column: Int)
        case delimiterTooLong(String, line: Int, column: Int)
        case tooMuchWork(String, line: Int, column: Int)
        case bodyTooOften(String, line: Int, column: Int)

        public var description: String {
            switch self {
            case let .missing(path):
                "template '\(path)' not found (use --templates DIR to point at a folder with \(SiteTemplates.layoutFile) and \(SiteTemplates.stylesheetFile))"
            case let .invalid(path, problem): "template '\(path)' is not valid Mustache: \(problem)"
            case let .symbolicLink(path):
                "template '\(path)' is a symbolic link; templates must be regular files in the templates folder (links are not followed)"
            case let .tooLarge(path, size, limit): "template '\(path)' is \(size) bytes; at most \(limit) bytes are allowed"
            case let .nestedTooDeep(path, line, column):
                "\(path):\(line):\(column): template nests its sections more than \(MustacheNesting.mostLevels) levels deep"
            case let .delimiterTooLong(path, line, column):
                "\(path):\(line):\(column): template sets a delimiter longer than \(MustacheNesting.longestDelimiter) characters"
            case let .tooMuchWork(path, line, column):
                "\(path):\(line):\(column): template evaluates more than \(MustacheNesting.mostEvaluations) tags per page here (each section over a list repeats its content for every item, and nested ones multiply)"
            case let .bodyTooOften(path, line, column):
                "\(path):\(line):\(column): template writes the page's body more than \(MustacheNesting.mostBodies) times per page"
            }
        }
    }

    public init(folder: String, fileSystem: any FileSystem = DiskFileSystem()) throws {
        let layoutPath = joinPath(folder, Self.layoutFile)
        let stylesheetPath = joinPath(folder, Self.stylesheetFile)
        let layoutData = try Self.read(layoutPath, limit: Self.largestLayout, fileSystem: fileSystem)
        let stylesheet = try Self.read(stylesheetPath, limit: Self.largestAsset, fileSystem: fileSystem)
        let searchScript = try Self.optionalAsset(joinPath(folder, Self.searchScriptFile), fileSystem: fileSystem)
        let platformScript = try Self.optionalAsset(joinPath(folder, Self.platformScriptFile), fileSystem: fileSystem)
        let text = String(decoding: layoutData, as: UTF8.self)
        switch MustacheNesting.problem(in: text) {
        case let .tooDeep(line, column)?: throw Failure.nestedTooDeep(layoutPath, line: line, column: column)
        case let .delimiterTooLong(line, column)?: throw Failure.delimiterTooLong(layoutPath, line: line, column: column)
        case let .tooMuchWork(line, column)?: throw Failure.tooMuchWork(layoutPath, line: line, column: column)
        case let .bodyTooOften(line, column)?: throw Failure.bodyTooOften(layoutPath, line: line, column: column)
        case nil: break
        }
        do {
            // HTML forbids C0 controls but tab, LF and CR, DEL and C1 controls (a browser shows NUL
            // and ESC as nothing): the layout's own are escaped here, once, not in every page.
            layout = try MustacheTemplate(string: DisplayText.html(text))
        } catch {
            throw Failure.invalid(layoutPath, "\(error)")
        }
        layoutSource = layoutData
        self.stylesheet = stylesheet
        self.searchScript = searchScript
        self.platformScript = platformScript
    }

    /// A script the layout may do without: read where it is (a link to it is refused, as for any template), nil where it is not.
    static func optionalAsset(_ path: String, fileSystem: any FileSystem) throws -> Data? {
        fileSystem.isSymbolicLink(path) || fileSystem.size(of: path) != nil ? try read(path, limit: largestAsset, fileSystem: fileSystem) : nil
    }

    /// A template file's bytes, read by capdoc's one bounded reader: refused when it is a link (never
    /// followed, even one swapped in after a look), not a regular file, or larger than `limit`,
    /// which is checked on the open file before anything is read.
    static func read(_ path: String, limit: Int, fileSystem: any FileSystem) throws -> Data {
        if fileSystem.isSymbolicLink(path) { throw Failure.symbolicLink(path) }
        switch fileSystem.contents(of: path, limit: limit) {
        case let .success(data): return data
        case .failure(.symbolicLink): throw Failure.symbolicLink(path)
        case let .failure(.tooLarge(size)): throw Failure.tooLarge(path, size: size, limit: limit)
        case .failure: throw Failure.missing(path)
        }
    }
}
