import Foundation
import Mustache

/// The site's templates: `page.mustache`, the layout of every page, and `style.css` and `search.js`, copied as is.
/// They come from `Templates/` (or `--templates DIR`), so that a site can be re-skinned without code.
public struct SiteTemplates: Sendable {
    public static let layoutFile = "page.mustache"
    public static let stylesheetFile = "style.css"
    /// The search box's script; optional, so that a re-skinned site without a search form needs none.
    public static let searchScriptFile = "search.js"

    let layout: MustacheTemplate
    let stylesheet: Data
    let searchScript: Data?

    public enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case invalid(String, String)

        public var description: String {
            switch self {
            case let .missing(path): "template '\(path)' not found (use --templates DIR to point at a folder with \(SiteTemplates.layoutFile) and \(SiteTemplates.stylesheetFile))"
            case let .invalid(path, problem): "template '\(path)' is not valid Mustache: \(problem)"
            }
        }
    }

    public init(folder: String, fileSystem: any FileSystem = DiskFileSystem()) throws {
        let layoutPath = joinPath(folder, Self.layoutFile)
        let stylesheetPath = joinPath(folder, Self.stylesheetFile)
        guard let layoutData = fileSystem.contents(of: layoutPath) else { throw Failure.missing(layoutPath) }
        guard let stylesheet = fileSystem.contents(of: stylesheetPath) else { throw Failure.missing(stylesheetPath) }
        do {
            layout = try MustacheTemplate(string: String(decoding: layoutData, as: UTF8.self))
        } catch {
            throw Failure.invalid(layoutPath, "\(error)")
        }
        self.stylesheet = stylesheet
        self.searchScript = fileSystem.contents(of: joinPath(folder, Self.searchScriptFile))
    }
}
