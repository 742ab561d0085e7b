import Foundation

/// Where the test data lives, found from this file's path so that tests need no resource bundle.
public enum Paths {
    /// `Tests/CapdocKitTests`, where the fixtures and golden files are.
    public static let tests = package.appendingPathComponent("Tests/CapdocKitTests")
    public static let fixtures = tests.appendingPathComponent("Fixtures")
    public static let golden = tests.appendingPathComponent("Golden")
    /// The package's root, two folders above this file (`Tests/CapdocTestSupport/`).
    public static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let content = package.appendingPathComponent("Content")
    /// The seed pages, beside the project as `../shared/seeds`.
    public static let seeds = package.deletingLastPathComponent().appendingPathComponent("shared/seeds")
    /// The current Apple pages, beside the project as `../shared/archives`.
    public static let archives = package.deletingLastPathComponent().appendingPathComponent("shared/archives")
    /// Whether both folders of archived pages are there (a clone without `../shared` has neither).
    public static var archivedPagesExist: Bool {
        FileManager.default.fileExists(atPath: seeds.path) && FileManager.default.fileExists(atPath: archives.path)
    }
}
