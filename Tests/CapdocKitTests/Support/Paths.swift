import Foundation

/// Where the test data lives, found from this file's path so that tests need no resource bundle.
enum Paths {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = tests.appendingPathComponent("Fixtures")
    static let golden = tests.appendingPathComponent("Golden")
    static let package = tests.deletingLastPathComponent().deletingLastPathComponent()
    static let content = package.appendingPathComponent("Content")
    /// The seed pages, beside the project as `../shared/seeds`.
    static let seeds = package.deletingLastPathComponent().appendingPathComponent("shared/seeds")
    /// The current Apple pages, beside the project as `../shared/archives`.
    static let archives = package.deletingLastPathComponent().appendingPathComponent("shared/archives")
    /// Whether both folders of archived pages are there (a clone without `../shared` has neither).
    static var archivedPagesExist: Bool {
        FileManager.default.fileExists(atPath: seeds.path) && FileManager.default.fileExists(atPath: archives.path)
    }
}
